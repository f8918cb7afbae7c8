/** MDX pages without code of their own render from their tree, to the HTML the compiled page has. */
import path from "node:path";
import type { ComponentType } from "preact";
import { beforeAll, describe, expect, it } from "vitest";
import { makeTestConfig } from "../render/html/test-config.ts";
import { builtInComponents } from "./components/index.ts";
import { attachFrontmatter } from "./frontmatter-export.ts";
import { prepareHighlighter } from "./highlighter.ts";
import { createHtmlRenderer } from "./html.ts";
import { parseBody } from "./parse.ts";
import { staticMdxFits } from "./static-mdx.ts";

const root = "/site";
const renderer = createHtmlRenderer(makeTestConfig());

function parsed(source: string) {
  const name = "docs/guide/page.mdx";
  const { tree, file } = parseBody(source, "mdx", path.join(root, name), name);
  if (!tree) throw new Error("does not parse");
  attachFrontmatter(tree, { title: "Page" });
  return { tree, file, name };
}

async function render(source: string, components: Record<string, unknown>) {
  const { tree, file, name } = parsed(source);
  return renderer.renderMdx(tree, file, components, { sourcePath: name, root });
}

/**
 * A lowercase key in the component map makes every page compile (`staticMdxFits`); one no page uses changes
 * nothing else, so the same page renders both ways.
 */
const compiling = { ...builtInComponents, unused: () => null };

const fits = (source: string, components: Record<string, unknown> = builtInComponents) =>
  staticMdxFits(parsed(source).tree, components);

beforeAll(async () => {
  await prepareHighlighter(makeTestConfig().theme, ["ts", "bash", "json"]);
});

describe("staticMdxFits", () => {
  it("takes pages of Markdown, HTML-like JSX and components with literal attributes", () => {
    expect(fits("# Title\n\nSome *text* and `code`.\n")).toBe(true);
    expect(fits('<div className="note" data-x="1" hidden>\n\nInside\n\n</div>\n')).toBe(true);
    expect(fits('<Tabs items={["npm", "pnpm"]}>\n<Tab value="npm">a</Tab>\n</Tabs>\n')).toBe(true);
    expect(fits('<Card title="A" meta={{ size: 2, tags: ["x"], on: true, none: null }} />\n')).toBe(true);
    expect(fits("<Card title={`plain`} />\n")).toBe(true);
    expect(fits("<>\n\nA fragment\n\n</>\n")).toBe(true);
  });

  it("leaves pages with code of their own to the compiler", () => {
    expect(fits('import { X } from "./x.tsx";\n\n<X />\n')).toBe(false);
    expect(fits("export const n = 1;\n\nText\n")).toBe(false);
    expect(fits("Two is {1 + 1}.\n")).toBe(false);
    expect(fits("{/* a comment is an expression too */}\n")).toBe(false);
    expect(fits("<Card title={name} />\n")).toBe(false);
    expect(fits("<Card title={`${name}`} />\n")).toBe(false);
    expect(fits("<Card {...props} />\n")).toBe(false);
    expect(fits("<Card items={[...rest]} />\n")).toBe(false);
    expect(fits("<Card meta={{ name }} />\n")).toBe(false);
    expect(fits("<Card pattern={/x/} />\n")).toBe(false);
    expect(fits("<Card size={-1} />\n")).toBe(false);
  });

  it("leaves components the map lacks, member names and HTML replacements to the compiler", () => {
    expect(fits("<Missing />\n")).toBe(false);
    expect(fits("<Tabs.Item />\n")).toBe(false);
    expect(fits("Text\n", { ...builtInComponents, a: () => null })).toBe(false);
    expect(fits("Text\n", { ...builtInComponents, wrapper: () => null })).toBe(false);
  });
});

describe("a static page's HTML", () => {
  const pages: Record<string, string> = {
    markdown: [
      "# Title",
      "",
      "A paragraph with *emphasis*, **strong**, `code`, a [link](/docs/x) and an &amp; entity &copy;.",
      "",
      "| Left | Middle | Right |",
      "| :--- | :----: | ----: |",
      "| a | b | c |",
      "",
      "- [ ] open",
      "- [x] done",
      "",
      "Note[^1].",
      "",
      "[^1]: The note.",
      "",
      "> A quote",
      "",
      "---",
      "",
      "![An image](/img/a.png)",
    ].join("\n"),
    code: [
      '```ts title="config.ts" {2}',
      "const a = 1;",
      "const b = 2; // [!code ++]",
      "```",
      "",
      "```bash",
      "npm install",
      "```",
      "",
      "Inline `x{:ts}` code.",
      "",
      "```",
      "plain",
      "```",
    ].join("\n"),
    jsx: [
      '<div className="box" style={{ color: "red", marginTop: 4 }} data-kind="x" hidden>',
      "",
      "Markdown *inside*.",
      "",
      "</div>",
      "",
      'A line with <span title="t">inline JSX</span> and <kbd>Ctrl</kbd>.',
      "",
      '<img src="/a.png" alt="" />',
      "",
      "<>",
      "",
      "In a fragment.",
      "",
      "</>",
      "",
      '<section aria-label="s"><p>Nested <em>HTML</em></p></section>',
    ].join("\n"),
    components: [
      '<Tabs items={["npm", "pnpm"]}>',
      '<Tab value="npm">',
      "",
      "```bash",
      "npm i quire",
      "```",
      "",
      "</Tab>",
      '<Tab value="pnpm">',
      "",
      "`pnpm add quire`",
      "",
      "</Tab>",
      "</Tabs>",
      "",
      '<Callout type="warning" title="Careful">',
      "",
      "Text in a **callout**.",
      "",
      "</Callout>",
      "",
      "<Steps>",
      "<Step>",
      "",
      "### First",
      "",
      "Do this.",
      "",
      "</Step>",
      "</Steps>",
      "",
      '<Cards>\n<Card title="Start" href="/docs/start" />\n</Cards>',
    ].join("\n"),
  };

  for (const [name, source] of Object.entries(pages)) {
    it(`is the compiled page's: ${name}`, async () => {
      expect(fits(source)).toBe(true);
      const direct = await render(source, builtInComponents);
      const compiled = await render(source, compiling);
      expect(direct.messages).toEqual([]);
      expect(compiled.messages).toEqual([]);
      expect(direct.html).toBeTruthy();
      expect(direct.html).toBe(compiled.html);
    });
  }

  it("leaves a component that throws to the compiled page, which reports it", async () => {
    const Boom: ComponentType = () => {
      throw new Error("boom");
    };
    const source = "# Title\n\nText\n\n<Boom />\n";
    expect(fits(source, { ...builtInComponents, Boom })).toBe(true);
    const rendered = await render(source, { ...builtInComponents, Boom });
    expect(rendered.html).toBeUndefined();
    expect(rendered.messages).toHaveLength(1);
    expect(rendered.messages[0].reason).toContain("boom");
    expect(rendered).toEqual(await render(source, { ...compiling, Boom }));
  });
});
