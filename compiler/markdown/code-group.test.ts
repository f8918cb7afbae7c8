/**
 * VitePress `::: code-group` containers become tabs in the HTML of `.md` and `.mdx` pages, each fence labelled by
 * its `[label]` (then `title="…"`, then its language), and labelled fences in the agent Markdown.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build, type BuildResult } from "../index.ts";

const GROUPS = `Install it:

::: code-group

\`\`\`sh [npm]
npm install widget
\`\`\`

\`\`\`sh [pnpm]
pnpm add widget
\`\`\`

:::

Then configure it:

:::code-group
\`\`\`ts title="widget.config.ts"
export default { retries: 3 };
\`\`\`

\`\`\`json
{ "retries": 3 }
\`\`\`
:::
`;

let root: string;
let result: BuildResult;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "quire-code-group-"));
  await writeFile(
    path.join(root, "docs.config.ts"),
    `import { defineDocs } from "quire";\nexport default defineDocs({ entry: "docs", nav: { title: "Groups" } });\n`,
  );
  for (const [dir, file, text] of [
    ["docs", "page.md", "---\ntitle: Home\n---\n\nWelcome.\n"],
    ["docs/plain", "page.md", `---\ntitle: Plain\n---\n\n${GROUPS}`],
    ["docs/mdx", "page.mdx", `---\ntitle: MDX\n---\n\n${GROUPS}`],
  ]) {
    await mkdir(path.join(root, dir), { recursive: true });
    await writeFile(path.join(root, dir, file), text);
  }
  result = await build({ root, outDir: path.join(root, "dist"), git: false, cache: false });
}, 120_000);
afterAll(() => rm(root, { recursive: true, force: true }));

describe.each(["plain", "mdx"])("code groups in the %s page", (page) => {
  const html = () => readFile(path.join(root, "dist/docs", page, "index.html"), "utf8");

  it("build without a warning", () => {
    expect(result.warnings.filter((w) => w.file?.includes(page))).toEqual([]);
  });

  it("become tab groups with one labelled, highlighted panel per fence and ids unique on the page", async () => {
    const text = await html();
    expect(text.match(/class="q-tabs"/g)).toHaveLength(2);
    const labels = [...text.matchAll(/<label class="q-tab-label" for="([^"]+)">([^<]+)<\/label>/g)];
    expect(labels.map((m) => m[2])).toEqual(["npm", "pnpm", "widget.config.ts", "json"]);
    const ids = labels.map((m) => m[1]);
    expect(new Set(ids).size).toBe(4);
    for (const id of ids) expect(text).toContain(`id="${id}"`);
    expect(text.match(/data-rehype-pretty-code-figure/g)).toHaveLength(4);
    expect(text).not.toContain("code-group");
    expect(text).not.toContain("[npm]");
  });

  it("keep each fence in the agent Markdown under its label", async () => {
    const md = await readFile(path.join(root, "dist/docs", `${page}.md`), "utf8");
    expect(md).toContain("**npm:**\n\n```sh\nnpm install widget\n```");
    expect(md).toContain("**pnpm:**\n\n```sh\npnpm add widget\n```");
    expect(md).toContain('**widget.config.ts:**\n\n```ts title="widget.config.ts"');
    expect(md).not.toContain(":::");
    expect(md).not.toContain("[npm]");
  });
});
