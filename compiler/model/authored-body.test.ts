import type { Link, Root } from "mdast";
import remarkParse from "remark-parse";
import { unified } from "unified";
import { describe, expect, it } from "vitest";
import type { ResolvedConfig } from "../config/types.ts";
import { parseFrontmatter } from "../content/frontmatter.ts";
import { prepareAuthoredBody } from "./authored-body.ts";

const root = "/work/site";
const source = "---\ndescription: The client.\n---\n";
const body = "# Client\n\nSee [the pool](/website/docs/api/pool.md#options) and [a route](/docs/api/pool).\n";

function linksWith(github: ResolvedConfig["github"], contentDir = `${root}/docs`) {
  const tree = unified().use(remarkParse).parse(body) as Root;
  const authored = prepareAuthoredBody(
    tree,
    body,
    parseFrontmatter(source, "docs/api/client.md").frontmatter,
    "docs/api/client.md",
    {
      root,
      contentDir,
      docsPath: "docs",
      github,
    },
  );
  return { hrefs: authored.links.map((link) => link.href), agentSource: authored.agentSource, tree };
}

describe("prepareAuthoredBody", () => {
  it("resolves links written from the repository's root when `github.directory` places the site there", () => {
    const { hrefs, agentSource, tree } = linksWith({
      url: "https://github.com/o/r",
      branch: "main",
      directory: "website",
    });
    expect(hrefs).toEqual(["/docs/api/pool#options", "/docs/api/pool"]);
    expect(agentSource).toContain("[the pool](/docs/api/pool.md#options)");
    // The leading `# Client` became the title; the HTML's link is the tree's.
    const paragraph = tree.children[0] as { children: Link[] };
    expect(paragraph.children.filter((node) => node.type === "link").map((link) => link.url)).toEqual(hrefs);
  });

  it("takes the directory with or without slashes, and the content folder's own path in the site", () => {
    const slashes = linksWith({ url: "https://github.com/o/r", branch: "main", directory: "/website/" });
    expect(slashes.hrefs[0]).toBe("/docs/api/pool#options");
    // With the content folder at the site's root, website/docs/api/pool.md is the page docs/api/pool.
    const atRoot = linksWith({ url: "https://github.com/o/r", branch: "main", directory: "website" }, root);
    expect(atRoot.hrefs[0]).toBe("/docs/docs/api/pool#options");
    // A file outside the content folder is not a page: the link stays a URL of the site.
    const outside = linksWith({ url: "https://github.com/o/r", branch: "main", directory: "site" });
    expect(outside.hrefs[0]).toBe("/website/docs/api/pool.md#options");
  });

  it("leaves root-absolute links as site URLs without a directory", () => {
    expect(linksWith(null).hrefs).toEqual(["/website/docs/api/pool.md#options", "/docs/api/pool"]);
    expect(linksWith({ url: "https://github.com/o/r", branch: "main" }).hrefs[0]).toBe(
      "/website/docs/api/pool.md#options",
    );
  });
});
