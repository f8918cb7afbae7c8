/**
 * Lays a generated corpus out for the peer tools in bench/peers.sh.
 *
 *   npx tsx bench/peers-layout.ts --corpus <dir> --vitepress <project dir> --starlight <project dir>
 *
 * Every `docs/<path>/page.md(x)` becomes plain Markdown (`stripMdx` for .mdx) with only `title` and `description`
 * frontmatter, at `docs/<path>.md` (the root page at `docs.md`), so URLs stay `/docs/<path>` and the corpus's absolute
 * links resolve in both tools (VitePress's dead-link check does not map `/docs/a` to `docs/a/index.md`). VitePress gets the files under `<project>/`, Starlight under
 * `<project>/src/content/docs/`, each with the smallest config the tool needs to build.
 */
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { stripMdx } from "./corpus.ts";

interface LaidOutPage {
  /** Output path relative to the content root, e.g. `docs/guides/install.md`. */
  file: string;
  text: string;
}

const FRONTMATTER = /^---\n([\s\S]*?)\n---\n/;

/** Reads one top-level scalar (`title: "…"`) from the corpus's frontmatter; the corpus writes them as JSON strings. */
function scalar(yaml: string, key: string): string | undefined {
  const m = new RegExp(`^${key}: (.*)$`, "m").exec(yaml);
  if (!m) return undefined;
  try {
    return JSON.parse(m[1]!) as string;
  } catch {
    return m[1]!;
  }
}

async function layOut(corpus: string): Promise<LaidOutPage[]> {
  const out: LaidOutPage[] = [];
  const docs = path.join(corpus, "docs");
  for (const entry of await readdir(docs, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/^page\.mdx?$/.test(entry.name)) continue;
    const folder = entry.parentPath ?? entry.path;
    const rel = path.relative(corpus, folder).split(path.sep).join("/"); // "docs/guides/install"
    const raw = await readFile(path.join(folder, entry.name), "utf8");
    const markdown = entry.name.endsWith(".mdx") ? stripMdx(raw) : raw;
    const fm = FRONTMATTER.exec(markdown);
    const body = fm ? markdown.slice(fm[0].length) : markdown;
    const title = scalar(fm?.[1] ?? "", "title") ?? path.basename(rel);
    const description = scalar(fm?.[1] ?? "", "description");
    const head = [
      `title: ${JSON.stringify(title)}`,
      ...(description ? [`description: ${JSON.stringify(description)}`] : []),
    ];
    out.push({ file: `${rel}.md`, text: `---\n${head.join("\n")}\n---\n${body}` });
  }
  return out.sort((a, b) => (a.file < b.file ? -1 : 1));
}

async function writeAll(root: string, files: Iterable<[string, string]>): Promise<void> {
  const list = [...files];
  await Promise.all(
    [...new Set(list.map(([f]) => path.dirname(path.join(root, f))))].map((d) => mkdir(d, { recursive: true })),
  );
  for (let i = 0; i < list.length; i += 256) {
    await Promise.all(list.slice(i, i + 256).map(([f, text]) => writeFile(path.join(root, f), text)));
  }
}

const VITEPRESS_CONFIG = `export default {
  title: "Bench Docs",
};
`;

const ASTRO_CONFIG = `import { defineConfig } from "astro/config";
import starlight from "@astrojs/starlight";

export default defineConfig({
  integrations: [starlight({ title: "Bench Docs" })],
});
`;

const CONTENT_CONFIG = `import { defineCollection } from "astro:content";
import { docsLoader } from "@astrojs/starlight/loaders";
import { docsSchema } from "@astrojs/starlight/schema";

export const collections = {
  docs: defineCollection({ loader: docsLoader(), schema: docsSchema() }),
};
`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { corpus: { type: "string" }, vitepress: { type: "string" }, starlight: { type: "string" } },
  });
  if (!values.corpus || (!values.vitepress && !values.starlight)) {
    console.error("usage: npx tsx bench/peers-layout.ts --corpus <dir> [--vitepress <dir>] [--starlight <dir>]");
    process.exit(2);
  }
  const pages = await layOut(values.corpus);
  const pageFiles = pages.map((p): [string, string] => [p.file, p.text]);
  if (values.vitepress) {
    await writeAll(values.vitepress, [[".vitepress/config.mjs", VITEPRESS_CONFIG], ...pageFiles]);
  }
  if (values.starlight) {
    await writeAll(values.starlight, [
      ["astro.config.mjs", ASTRO_CONFIG],
      ["src/content.config.ts", CONTENT_CONFIG],
      ...pageFiles.map(([f, text]): [string, string] => [`src/content/docs/${f}`, text]),
    ]);
  }
  console.log(
    `laid out ${pages.length} pages${values.vitepress ? ` → ${values.vitepress}` : ""}${values.starlight ? ` → ${values.starlight}` : ""}`,
  );
}

await main();
