/** MDX pages with imports, exports and frontmatter, and evaluation failures at the expression (issue 10). */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTestConfig } from "../render/html/test-config.ts";
import { builtInComponents } from "./components/index.ts";
import { attachFrontmatter } from "./frontmatter-export.ts";
import { prepareHighlighter } from "./highlighter.ts";
import { createHtmlRenderer } from "./html.ts";
import { parseBody } from "./parse.ts";

let root: string;
const renderer = createHtmlRenderer(makeTestConfig());

async function render(source: string, frontmatter: Record<string, unknown> = {}, name = "docs/guide/page.mdx") {
  const { tree, file } = parseBody(source, "mdx", path.join(root, name), name);
  if (!tree) throw new Error("does not parse");
  attachFrontmatter(tree, frontmatter);
  const assets = { contentDir: path.join(root, "docs"), docsPath: "docs" };
  return renderer.renderMdx(tree, file, builtInComponents, { sourcePath: name, root, assets });
}

beforeAll(async () => {
  await prepareHighlighter(makeTestConfig().theme, []);
  root = await mkdtemp(path.join(tmpdir(), "quire-mdx-"));
  const files: Record<string, string> = {
    "docs/components/counter.tsx": `import { useState } from "preact/hooks";\nexport function Counter({ start }: { start: number }) {\n  const [n] = useState(start);\n  return <output>{n}</output>;\n}\n`,
    "docs/components/broken.jsx": `export function Broken() {\n  throw new Error("component exploded");\n}\n`,
    "docs/guide/limits.json": `{ "pages": 5000 }`,
    "docs/guide/shot one.png": "png",
    "public/logo.svg": "<svg/>",
    "src/outside.png": "png",
    "docs/guide/constants.ts": `export const PORT: number = 4000;\n`,
    "node_modules/shout-pkg/package.json": `{ "name": "shout-pkg", "type": "module", "main": "index.js" }`,
    "node_modules/shout-pkg/index.js": `import { createElement } from "react";\nexport function Shout({ text }) { return createElement("strong", null, text.toUpperCase()); }\n`,
  };
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, name)), { recursive: true });
    await writeFile(path.join(root, name), text);
  }
});

afterAll(() => rm(root, { recursive: true, force: true }));

describe("MDX pages with imports", () => {
  it("imports local .tsx components (sharing preact's hooks), JSON, constants and packages of the site relative to the page", async () => {
    const page = `import { Counter } from "../components/counter.tsx";\nimport limits from "./limits.json";\nimport { PORT } from "./constants.ts";\nimport { Shout } from "shout-pkg";\n\nexport const product = "Quire";\n\nCounts <Counter start={3} /> {limits.pages} {PORT} <Shout text="hi" /> {product} {frontmatter.owner}`;
    const { html, messages } = await render(page, { owner: "Docs team" });
    expect(messages).toEqual([]);
    expect(html).toBe("<p>Counts <output>3</output> 5000 4000 <strong>HI</strong> Quire Docs team</p>");
  });

  it("reads `@site/` as the site's folder, as Docusaurus does", async () => {
    const page = `import { Counter } from "@site/docs/components/counter";\nimport limits from "@site/docs/guide/limits.json";\n\n<Counter start={limits.pages} />`;
    const { html, messages } = await render(page);
    expect(messages).toEqual([]);
    expect(html).toBe("<output>5000</output>");
    const missing = await render(`import { X } from "@site/src/nope";\n\n<X />`);
    expect(missing.messages.map((m) => [m.rule, m.line, m.column, m.reason])).toEqual([
      ["mdx/import", 1, 1, `cannot resolve import "@site/src/nope"`],
    ]);
  });

  it("gives an imported image the URL it is published at, from the content folder or public/", async () => {
    const page = `import shot from "./shot one.png";\nimport logo from "@site/public/logo.svg";\n\n<img src={shot} alt="" /> <img src={require("./shot one.png").default} alt="" /> <img src={logo} alt="" />`;
    const { html, messages } = await render(page);
    expect(messages).toEqual([]);
    expect(html).toBe(
      '<img src="/docs/guide/shot%20one.png" alt/>\n<img src="/docs/guide/shot%20one.png" alt/>\n<img src="/logo.svg" alt/>',
    );
    const outside = await render(`import x from "@site/src/outside.png";\n\n<img src={x} alt="" />`);
    expect(outside.messages.map((m) => [m.severity, m.rule])).toEqual([["error", "mdx/import"]]);
    expect(outside.messages[0].reason).toContain("src/outside.png is imported, but only files of the content folder");
  });

  it("loads a raw import (`!!raw-loader!`, `?raw`) as the file's text", async () => {
    const page = `import limits from "!!raw-loader!./limits.json";\nimport port from "./constants.ts?raw";\n\n<pre>{limits}{port}</pre>`;
    const { html, messages } = await render(page);
    expect(messages).toEqual([]);
    expect(html).toBe("<pre>{ &quot;pages&quot;: 5000 }export const PORT: number = 4000;\n</pre>");
  });

  it("hands back the data it imports for the agent Markdown, without components", async () => {
    const page = `import { Counter } from "../components/counter.tsx";\nimport limits from "./limits.json";\nimport * as consts from "./constants.ts";\n\n<Counter start={consts.PORT} /> {limits.pages}`;
    const { imports, messages } = await render(page);
    expect(messages).toEqual([]);
    expect(imports).toEqual({ limits: { pages: 5000 }, consts: { PORT: 4000 } });
  });

  it("reports each unresolved import at its own line", async () => {
    const page = `# Title\n\nimport { A } from "./nope-a.tsx";\nimport b from "./nope-b.json";\n\n<A value={b} />`;
    const { messages } = await render(page);
    expect(messages.map((m) => [m.rule, m.line, m.column, m.reason])).toEqual([
      ["mdx/import", 3, 1, `cannot resolve import "./nope-a.tsx"`],
      ["mdx/import", 4, 1, `cannot resolve import "./nope-b.json"`],
    ]);
  });
});

describe("evaluation failures point at the page", () => {
  it("positions a failing expression without imports", async () => {
    const { html, messages } = await render(`# Title\n\nSome text.\n\nOwner: {frontmatter.owner.name}\n`);
    expect(html).toBeUndefined();
    expect(messages).toEqual([
      expect.objectContaining({
        rule: "mdx/evaluate",
        file: "docs/guide/page.mdx",
        line: 5,
        reason: expect.stringContaining("Cannot read properties of undefined"),
      }),
    ]);
    expect(messages[0].column).toBeGreaterThanOrEqual(8);
  });

  it("positions a failing expression in a page that imports", async () => {
    const { messages } = await render(`import limits from "./limits.json";\n\nText.\n\n{limits.missing.deep}\n`);
    expect(messages).toEqual([expect.objectContaining({ rule: "mdx/evaluate", line: 5 })]);
  });

  it("names the error of a component that throws", async () => {
    const { messages } = await render(`import { Broken } from "../components/broken.jsx";\n\n<Broken />\n`);
    expect(messages).toEqual([
      expect.objectContaining({
        rule: "mdx/evaluate",
        file: "docs/guide/page.mdx",
        reason: "evaluating the page failed: component exploded",
      }),
    ]);
  });
});
