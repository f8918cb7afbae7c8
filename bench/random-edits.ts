/**
 * Seeded random edits of a docs site on disk, the kind an author makes in a day (issue 11, incremental builds):
 * edit a page, retitle one, add one, delete one, rename a folder, change the config, add or remove a sibling
 * `agent.md`.
 * `compiler/cache/incremental.test.ts` runs a short sequence; `bench/incremental-soak.ts` a long one. Same seed,
 * same site → same edits.
 */
import { existsSync } from "node:fs";
import { readdir, readFile, rename, rm, writeFile, mkdir } from "node:fs/promises";
import path from "node:path";
import type { Rng } from "./corpus-random.ts";

export type EditKind = "edit" | "title" | "add" | "delete" | "rename" | "config" | "agent-md";
export const EDIT_KINDS: readonly EditKind[] = ["edit", "title", "add", "delete", "rename", "config", "agent-md"];

/** Fence languages edits draw from: a new one anywhere changes the site's highlighter (cache-key.ts). */
const LANGUAGES = ["ts", "python", "css", "html", "vue", "bash", "json"];
const WORDS = ["queue", "worker", "retry", "schedule", "token", "cache", "deploy", "metric", "shard", "lease"];

export interface AppliedEdit {
  kind: EditKind;
  /** Site-relative paths touched. */
  paths: string[];
}

/** Folders below `docs/` that hold a page, posix, sorted; `""` is the root page. */
export async function pageFolders(root: string): Promise<string[]> {
  const entries = await readdir(path.join(root, "docs"), { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && /^page\.mdx?$/.test(e.name))
    .map((e) =>
      path
        .relative(path.join(root, "docs"), e.parentPath ?? e.path)
        .split(path.sep)
        .join("/"),
    )
    .sort();
}

/** A leaf folder has no page below it, so deleting or renaming it moves exactly one page. */
async function leafFolders(root: string): Promise<string[]> {
  const all = await pageFolders(root);
  return all.filter((folder) => folder !== "" && !all.some((other) => other.startsWith(`${folder}/`)));
}

async function pageFile(root: string, folder: string): Promise<string> {
  const dir = path.join(root, "docs", folder);
  return existsSync(path.join(dir, "page.mdx")) ? path.join(dir, "page.mdx") : path.join(dir, "page.md");
}

function paragraph(rng: Rng, step: number): string {
  const words = Array.from({ length: rng.int(6, 14) }, () => rng.pick(WORDS)).join(" ");
  const fence = rng.chance(0.4)
    ? `\n\n\`\`\`${rng.pick(LANGUAGES)}\nconst step${step} = "${rng.pick(WORDS)}";\n\`\`\``
    : "";
  return `\n\nEdit ${step}: ${words}.${fence}\n`;
}

/** Applies one random edit; `kind` forces the kind of edit. */
export async function applyRandomEdit(
  root: string,
  rng: Rng,
  step: number,
  kind: EditKind = rng.pick(EDIT_KINDS),
): Promise<AppliedEdit> {
  const rel = (file: string) => path.relative(root, file).split(path.sep).join("/");
  const leaves = await leafFolders(root);
  if ((kind === "delete" || kind === "rename") && leaves.length < 2) kind = "add";
  switch (kind) {
    case "edit": {
      const file = await pageFile(root, rng.pick(await pageFolders(root)));
      await writeFile(file, (await readFile(file, "utf8")) + paragraph(rng, step));
      return { kind, paths: [rel(file)] };
    }
    case "title": {
      // A title is in the sidebar, breadcrumbs and neighbours' links of other pages: they change too.
      const file = await pageFile(root, rng.pick(await pageFolders(root)));
      const text = await readFile(file, "utf8");
      const title = `title: Retitled ${step}`;
      const frontmatter = /^---\n[\s\S]*?\n---\n/.exec(text)?.[0];
      const retitled = !frontmatter
        ? `---\n${title}\n---\n\n${text}`
        : /^title:.*$/m.test(frontmatter)
          ? frontmatter.replace(/^title:.*$/m, title) + text.slice(frontmatter.length)
          : `---\n${title}\n${text.slice(4)}`;
      await writeFile(file, retitled);
      return { kind, paths: [rel(file)] };
    }
    case "add": {
      const parent = rng.pick(await pageFolders(root));
      const dir = path.join(root, "docs", parent, `added-${step}`);
      const mdx = rng.chance(0.5);
      await mkdir(dir, { recursive: true });
      const body = mdx ? `<Agent>\n\nAGENT-ONLY: added ${step}.\n\n</Agent>\n` : "";
      const file = path.join(dir, mdx ? "page.mdx" : "page.md");
      await writeFile(
        file,
        `---\ntitle: Added ${step}\ndescription: Page added at step ${step}.\nlastModified: "2025-02-0${1 + (step % 9)}"\n---\n\n${body}${paragraph(rng, step)}`,
      );
      return { kind, paths: [rel(file)] };
    }
    case "delete": {
      const dir = path.join(root, "docs", rng.pick(leaves));
      await rm(dir, { recursive: true, force: true });
      return { kind, paths: [rel(dir)] };
    }
    case "rename": {
      const from = path.join(root, "docs", rng.pick(leaves));
      const to = path.join(path.dirname(from), `renamed-${step}`);
      await rename(from, to);
      return { kind, paths: [rel(from), rel(to)] };
    }
    case "config": {
      const file = path.join(root, "docs.config.ts");
      const text = await readFile(file, "utf8");
      // The nav title is on every page; a new one must reach every page of a warm build too.
      await writeFile(file, text.replace(/nav: \{ title: "([^"]*?)(?: v\d+)?" \}/, `nav: { title: "$1 v${step}" }`));
      return { kind, paths: [rel(file)] };
    }
    case "agent-md": {
      const dir = path.join(root, "docs", rng.pick(await pageFolders(root)));
      const file = path.join(dir, "agent.md");
      if (existsSync(file)) await rm(file);
      else await writeFile(file, `# For agents\n\nFROM-AGENT-MD: written at step ${step}.\n`);
      return { kind, paths: [rel(file)] };
    }
  }
}
