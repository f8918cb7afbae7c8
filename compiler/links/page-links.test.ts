import type { Root } from "mdast";
import remarkGfm from "remark-gfm";
import remarkMdx from "remark-mdx";
import remarkParse from "remark-parse";
import { unified } from "unified";
import { describe, expect, it } from "vitest";
import { applyTextEdits } from "../content/text-edits.ts";
import { pageRoutes } from "../model/routes.ts";
import { rewriteRelativeLinks, withMarkdownUrls } from "./page-links.ts";

const parse = (text: string, mdx = false) =>
  (mdx ? unified().use(remarkParse).use(remarkMdx).use(remarkGfm) : unified().use(remarkParse).use(remarkGfm)).parse(
    text,
  ) as Root;

function rewrite(text: string, contentFile: string, mdx = false, repositoryContentDir?: string) {
  const tree = parse(text, mdx);
  const result = rewriteRelativeLinks(tree, {
    contentFile,
    repositoryContentDir,
    routesOf: (slug) => pageRoutes({ docsPath: "docs" }, slug),
    source: text,
  });
  return { tree, ...result, agentText: applyTextEdits(text, result.edits) };
}

const urls = (tree: Root) => {
  const found: string[] = [];
  const walk = (node: { type: string; url?: string; children?: unknown[] }) => {
    if (node.url !== undefined) found.push(node.url);
    for (const child of (node.children ?? []) as never[]) walk(child);
  };
  walk(tree as never);
  return found;
};

describe("rewriteRelativeLinks", () => {
  it("resolves relative .md/.mdx links against the source file, in both page layouts", () => {
    const text =
      "[a](./guide.md) [b](../ref/index.md#x) [c](cli.mdx?v=1#flags) [d](./setup/) [e](../ref/api/page.md)\n";
    expect(urls(rewrite(text, "guides/intro.md").tree)).toEqual([
      "/docs/guides/guide",
      "/docs/ref#x",
      "/docs/guides/cli?v=1#flags",
      "/docs/guides/setup",
      "/docs/ref/api",
    ]);
    // From a folder page the folder is the base, which a browser resolving from /docs/guides would get wrong.
    expect(urls(rewrite("[i](./install.md) [j](./install)\n", "guides/page.md").tree)).toEqual([
      "/docs/guides/install",
      "/docs/guides/install",
    ]);
    expect(urls(rewrite("[home](../index.md) [home2](../README.md)\n", "guides/intro.md").tree)).toEqual([
      "/docs",
      "/docs",
    ]);
  });

  it("reads a root-absolute link to a page file from the repository's root when the site says where it sits", () => {
    // Written for GitHub, where the content folder is docs/docs: `/docs/docs/api/pool.md` is api/pool.md.
    const text =
      "[p](/docs/docs/api/pool.md#options) [i](/docs/docs/guides/index.md) [x](/docs/docs/api/pool.mdx?v=2)\n\n" +
      "[route](/docs/api/pool) [other](/src/api/pool.md) [out](/docs/docs/../README.md) [png](/docs/docs/a.png) [dir](/docs/docs/api/)\n\n" +
      '<a href="/docs/docs/api/pool.md">html</a>\n';
    const result = rewrite(text, "api/client.md", false, "docs/docs");
    expect(urls(result.tree)).toEqual([
      "/docs/api/pool#options",
      "/docs/guides",
      "/docs/api/pool?v=2",
      "/docs/api/pool",
      "/src/api/pool.md",
      "/docs/docs/../README.md",
      "/docs/docs/a.png",
      "/docs/docs/api/",
    ]);
    expect(result.agentText).toContain("[p](/docs/api/pool.md#options)");
    expect(result.agentText).toContain('<a href="/docs/api/pool.md">html</a>');
    // At the repository's root every root-absolute page file is one; without a directory none is.
    expect(urls(rewrite("[p](/api/pool.md)\n", "api/client.md", false, "").tree)).toEqual(["/docs/api/pool"]);
    expect(urls(rewrite("[p](/docs/docs/api/pool.md)\n", "api/client.md").tree)).toEqual(["/docs/docs/api/pool.md"]);
  });

  it("drops route groups and leaves absolute, external, fragment-only and file links as written", () => {
    const text =
      "[g](./(extra)/faq.md) [abs](/docs/x) [ext](https://x.test/a.md) [mail](mailto:a@b.c) [frag](#top) [img](./shot.png)\n";
    expect(urls(rewrite(text, "intro.md").tree)).toEqual([
      "/docs/faq",
      "/docs/x",
      "https://x.test/a.md",
      "mailto:a@b.c",
      "#top",
      "./shot.png",
    ]);
  });

  it("lists internal links with their position and the URL as written, not external ones", () => {
    const { links } = rewrite(
      "Intro.\n\nSee [guide](./guide.md#go) and ![pic](/pic.png) or [web](https://x.test).\n",
      "intro.md",
    );
    expect(links).toEqual([
      { href: "/docs/guide#go", written: "./guide.md#go", kind: "link", line: 3, column: 5 },
      { href: "/pic.png", written: "/pic.png", kind: "image", line: 3, column: 32 },
    ]);
  });

  it("points the agent text at .md URLs, for inline, angle-bracket and reference-style links", () => {
    const text = `[a](./guide.md "see ./guide.md") [b](<./ref/index.md#x>) [c][cfg]\n\n[cfg]: ./ref/config.mdx#keys\n`;
    expect(rewrite(text, "intro.md").agentText).toBe(
      `[a](/docs/guide.md "see ./guide.md") [b](</docs/ref.md#x>) [c][cfg]\n\n[cfg]: /docs/ref/config.md#keys\n`,
    );
  });

  it("rewrites JSX href attributes, and the agent tree takes .md URLs", () => {
    const { tree, links } = rewrite(
      `<Card title="CLI" href="../ref/cli.md">x</Card>\n\n[g](./guide.md)\n`,
      "guides/intro.mdx",
      true,
    );
    expect(links.map((l) => l.href)).toEqual(["/docs/ref/cli", "/docs/guides/guide"]);
    const agent = withMarkdownUrls(structuredClone(tree));
    const card = (agent.children[0] as unknown as { children: { attributes: { name: string; value: string }[] }[] })
      .children[0];
    expect(card.attributes.find((a) => a.name === "href")?.value).toBe("/docs/ref/cli.md");
    expect(urls(agent)).toEqual(["/docs/guides/guide.md"]);
  });

  it("leaves links that climb out of the content folder as written", () => {
    expect(urls(rewrite("[x](../../README.md)\n", "guides/intro.md").tree)).toEqual(["../../README.md"]);
  });
});
