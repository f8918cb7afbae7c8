import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Root } from "mdast";
import { toMarkdown } from "mdast-util-to-markdown";
import { gfmToMarkdown } from "mdast-util-gfm";
import { mdxToMarkdown } from "mdast-util-mdx";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importsModules } from "../cache/imports-modules.ts";
import type { SourcePage } from "../content/discover.ts";
import { discoverPages } from "../content/discover.ts";
import { rewriteRelativeLinks } from "../links/page-links.ts";
import { lowerForeignSyntax } from "./foreign-syntax.ts";
import { parseBody } from "./parse.ts";

let root: string;
const contentDir = () => path.join(root, "docs");

const files: Record<string, string> = {
  "docs/guide/_setup.mdx": [
    "---",
    "sidebar_label: ignored",
    "---",
    'import TabItem from "@theme/TabItem";',
    'import Tabs from "@theme/Tabs";',
    'import Chart from "../../src/Chart";',
    "",
    "Install **{props.product}** with {props.tool}.",
    "",
    '<Tabs><TabItem value="npm" label="npm">npm i</TabItem></Tabs>',
    "",
    "<Chart />",
  ].join("\n"),
  "docs/guide/_inline.mdx": "the {props.name} value",
  "docs/shared/_links.mdx": [
    "See [setup](./setup.md), [the sheet](../files/limits.pdf#p2), [a route](./other), [home](/docs/),",
    "[a site](https://example.com) and [the top](#top).",
    "",
    "![Shot](./shot.png)",
    "",
    "[ref]: ./ref.mdx",
  ].join("\n"),
  "docs/guide/_loop.mdx": 'import Loop from "./_loop.mdx";\n\n<Loop />',
  "docs/guide/_reads.mdx": "Total: {props.items.length}",
  "docs/parts/basics.md": [
    "---",
    "title: never shown",
    "---",
    "Included **basics**.",
    "",
    "<!-- #region usage -->",
    "Usage line one.",
    "",
    "Usage line two.",
    "<!-- #endregion usage -->",
    "",
    "::: tip",
    "A tip from the part.",
    ":::",
  ].join("\n"),
  "docs/parts/nested.md": "Before.\n\n<!--@include: ./basics.md{4,4}-->\n",
  "docs/parts/self.md": "<!--@include: ./self.md-->\n",
  "docs/parts/_linked.md": [
    "---",
    "title: never shown",
    "---",
    "Read [the limits](./limits.md#caps).",
    "",
    'Or <a href="./faq.md">the FAQ</a>.',
  ].join("\n"),
  "docs/guide/install.md": "# Install\n\n<!--@include: ../parts/basics.md-->\n",
};

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "quire-partials-"));
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
});
afterAll(() => rm(root, { recursive: true, force: true }));

function lowered(source: string, syntax: "md" | "mdx", page = "docs/guide/page.md") {
  const parsed = parseBody(source, syntax, path.join(root, page), page);
  const tree = parsed.tree!;
  const result = lowerForeignSyntax(tree, parsed.file, syntax, page, { root, contentDir: contentDir() });
  return { tree, ...result };
}

const markdownOf = (tree: Root, syntax: "md" | "mdx") =>
  toMarkdown(
    { ...tree, children: tree.children.filter((node) => node.type !== "mdxjsEsm") },
    { extensions: syntax === "mdx" ? [gfmToMarkdown(), mdxToMarkdown()] : [gfmToMarkdown()] },
  ).trim();

describe("VitePress includes in .md pages", () => {
  it("puts the file's content, without its frontmatter and lowered, where the comment was", () => {
    const { tree, changed, messages } = lowered("Intro.\n\n<!--@include: ../parts/basics.md-->\n\nOutro.\n", "md");
    expect(changed).toBe(true);
    expect(messages).toEqual([]);
    const text = JSON.stringify(tree);
    expect(text).toContain("basics");
    expect(text).not.toContain("never shown");
    expect(text).toContain('"name":"Callout"');
    // The included nodes lose the partial's positions; the page's own keep theirs.
    // Six included nodes: two paragraphs, the region's two and its markers (comments, which show nothing), the tip.
    const lines = tree.children.map((node) => node.position?.start.line);
    expect(lines).toEqual([1, ...Array(6).fill(undefined), 5]);
  });

  it("reads a region, a line range, `@/` paths and includes inside includes", () => {
    const region = lowered("<!--@include: @/parts/basics.md#usage-->\n", "md");
    expect(markdownOf(region.tree, "md")).toBe("Usage line one.\n\nUsage line two.");
    const range = lowered("<!--@include: ../parts/basics.md#usage{2,}-->\n", "md");
    expect(markdownOf(range.tree, "md")).toBe("Usage line two.");
    const nested = lowered("<!--@include: ../parts/nested.md-->\n", "md");
    expect(markdownOf(nested.tree, "md")).toBe("Before.\n\nIncluded **basics**.");
  });

  it("joins a one-paragraph include to a line of text", () => {
    const { tree, messages } = lowered("Say <!--@include: ../parts/basics.md{4,4}--> twice.\n", "md");
    expect(messages).toEqual([]);
    expect(markdownOf(tree, "md")).toBe("Say Included **basics**. twice.");
    expect(tree.children[0].position).toBeUndefined();
  });

  it("warns at the comment for a missing file, a missing region, a file outside the site and a loop", () => {
    const { tree, messages } = lowered(
      [
        "<!--@include: ../parts/nope.md-->",
        "",
        "<!--@include: ../parts/basics.md#nope-->",
        "",
        "<!--@include: ../../../outside.md-->",
        "",
        "<!--@include: ../parts/self.md-->",
        "",
        "Kept.",
      ].join("\n"),
      "md",
    );
    // Ordered by line; the loop is found in the included file, at its own line.
    expect(messages.map((m) => [m.severity, m.rule, m.file, m.line])).toEqual([
      ["warning", "markdown/missing-include", "docs/guide/page.md", 1],
      ["warning", "markdown/missing-include", "docs/parts/self.md", 1],
      ["warning", "markdown/missing-include", "docs/guide/page.md", 3],
      ["warning", "markdown/missing-include", "docs/guide/page.md", 5],
    ]);
    expect(messages[1].reason).toContain("docs/guide/page.md → docs/parts/self.md → docs/parts/self.md");
    expect(markdownOf(tree, "md")).toBe("Kept.");
  });

  it("leaves include lines inside code blocks alone", () => {
    const { tree, changed } = lowered("```md\n<!--@include: ../parts/basics.md-->\n```\n", "md");
    expect(changed).toBe(false);
    expect(tree.children[0].type).toBe("code");
  });

  it("keeps an including page out of the cache and the included file out of the pages", async () => {
    const page = (source: string): SourcePage => ({ sourcePath: "docs/x.md", slug: "x", syntax: "md", source });
    expect(importsModules(page("<!--@include: ./parts/a.md-->\n"))).toBe(true);
    expect(importsModules(page("```\n<!--@include: ./parts/a.md-->\n```\n"))).toBe(false);
    const { pages } = await discoverPages(root, contentDir());
    expect(pages.map((p) => p.sourcePath)).toEqual(["docs/guide/install.md", "docs/parts/nested.md"]);
  });
});

describe("Docusaurus partials imported by MDX pages", () => {
  it("renders the partial with its props, its components lowered and its other imports moved and rebased", () => {
    const { tree, changed, messages } = lowered(
      [
        'import Setup from "./_setup.mdx";',
        'import Chart from "../../src/Chart";',
        "",
        "# Page",
        "",
        '<Setup product="Beacon" tool={"npm"} />',
      ].join("\n"),
      "mdx",
      "docs/guide/page.mdx",
    );
    expect(changed).toBe(true);
    expect(messages).toEqual([]);
    expect(markdownOf(tree, "mdx")).toBe(
      '# Page\n\nInstall **Beacon** with {"npm"}.\n\n<Tabs><Tab value="npm" title="npm">npm i</Tab></Tabs>\n\n<Chart />',
    );
    // The page already imports Chart from the same file: one import, not two.
    const imports = tree.children.flatMap((node) =>
      node.type === "mdxjsEsm"
        ? (node.data?.estree?.body ?? []).map((s) => (s.type === "ImportDeclaration" ? s.source.value : s.type))
        : [],
    );
    expect(imports).toEqual(["../../src/Chart"]);
  });

  it("resolves @site/ paths, rebases a nested partial's imports, and joins a one-paragraph partial to a line", () => {
    const { tree, messages } = lowered(
      ['import Inline from "@site/docs/guide/_inline.mdx";', "", 'It is <Inline name="x" />.'].join("\n"),
      "mdx",
      "docs/other/page.mdx",
    );
    expect(messages).toEqual([]);
    expect(markdownOf(tree, "mdx")).toBe("It is the x value.");
  });

  it("reads the partial's file links and images from the partial's folder, and URLs as written", () => {
    const { tree, messages } = lowered(
      ['import Links from "../shared/_links.mdx";', "", "<Links />"].join("\n"),
      "mdx",
      "docs/guide/page.mdx",
    );
    expect(messages).toEqual([]);
    expect(markdownOf(tree, "mdx")).toBe(
      [
        "See [setup](../shared/setup.md), [the sheet](../files/limits.pdf#p2), [a route](./other), [home](/docs/),",
        "[a site](https://example.com) and [the top](#top).",
        "",
        "![Shot](../shared/shot.png)",
        "",
        "[ref]: ../shared/ref.mdx",
      ].join("\n"),
    );
  });

  it("keeps where a partial's links are written, in the partial, for the link check", () => {
    const links = (source: string, syntax: "md" | "mdx", page: string) =>
      rewriteRelativeLinks(lowered(source, syntax, page).tree, {
        contentFile: page.slice("docs/".length),
        routesOf: (slug) => ({ route: `/docs/${slug}`, markdownRoute: `/docs/${slug}.md` }),
        source,
      }).links.map(({ written, file, line, column }) => [written, file, line, column]);
    expect(
      links(
        'import Links from "../shared/_links.mdx";\n\nSee [me](./me.md).\n\n<Links />',
        "mdx",
        "docs/guide/page.mdx",
      ),
    ).toEqual([
      ["./me.md", undefined, 3, 5],
      ["../shared/setup.md", "docs/shared/_links.mdx", 1, 5],
      ["../files/limits.pdf#p2", "docs/shared/_links.mdx", 1, 26],
      ["./other", "docs/shared/_links.mdx", 1, 63],
      ["/docs/", "docs/shared/_links.mdx", 1, 83],
      ["#top", "docs/shared/_links.mdx", 2, 35],
      ["../shared/shot.png", "docs/shared/_links.mdx", 4, 1],
      ["../shared/ref.mdx", "docs/shared/_links.mdx", 6, 1],
    ]);
    expect(links("# Install\n\n<!--@include: ../parts/_linked.md-->\n", "md", "docs/guide/install.md")).toEqual([
      ["./limits.md#caps", "docs/parts/_linked.md", 4, 6],
      ["./faq.md", "docs/parts/_linked.md", 6, 4],
    ]);
  });

  it("reports a missing partial, a loop and props it cannot fill in, each at the page's import or element", () => {
    const { messages } = lowered(
      [
        'import Missing from "./_missing.mdx";',
        'import Loop from "./_loop.mdx";',
        'import Reads from "./_reads.mdx";',
        "",
        "<Reads items={[1, 2]} />",
      ].join("\n"),
      "mdx",
      "docs/guide/page.mdx",
    );
    expect(messages.map((m) => [m.severity, m.rule, m.file, m.line])).toEqual([
      ["error", "mdx/partial", "docs/guide/page.mdx", 1],
      ["error", "mdx/partial", "docs/guide/_loop.mdx", 1],
      ["error", "mdx/partial", "docs/guide/page.mdx", 5],
    ]);
  });
});
