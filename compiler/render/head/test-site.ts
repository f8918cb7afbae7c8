/** Fixtures for head and OG tests: pages and a small site model shaped like the HTML renderer's test nav. */
import type { Page, PageFrontmatter, SiteModel } from "../../model/types.ts";

export function makeTestPage(
  slug: string,
  frontmatter: Partial<PageFrontmatter> = {},
  overrides: Partial<Page> = {},
): Page {
  const route = slug ? `/docs/${slug}` : "/docs";
  return {
    sourcePath: `docs/${slug ? `${slug}/` : ""}page.mdx`,
    slug,
    route,
    markdownRoute: `${route}.md`,
    syntax: "mdx",
    frontmatter: {
      title: "Install",
      description: "Get Acme running.",
      related: [],
      tags: [],
      hidden: false,
      extra: {},
      ...frontmatter,
    },
    html: "<p>Body.</p>",
    toc: [],
    agentBody: "Body.",
    hasAgentFile: false,
    chunks: { human: [], agent: [] },
    ...overrides,
  };
}

/** Guides has a landing page; Reference does not. */
export function makeTestSite(pages: Page[]): SiteModel {
  return {
    pages,
    nav: {
      name: "Acme Docs",
      children: [
        { type: "page", name: "Introduction", url: "/docs", route: "/docs" },
        {
          type: "folder",
          name: "Guides",
          slug: "guides",
          behavior: "link",
          collapsible: true,
          defaultOpen: false,
          index: { type: "page", name: "Guides", url: "/docs/guides", route: "/docs/guides" },
          children: [{ type: "page", name: "Install", url: "/docs/guides/install", route: "/docs/guides/install" }],
        },
        {
          type: "folder",
          name: "Reference",
          slug: "reference",
          behavior: "link",
          collapsible: true,
          defaultOpen: false,
          children: [{ type: "page", name: "CLI", url: "/docs/reference/cli", route: "/docs/reference/cli" }],
        },
      ],
    },
    readingOrder: pages,
    redirects: [],
    locales: [],
    navLinkCount: 3,
    staticFiles: { public: new Map(), content: new Map() },
  };
}
