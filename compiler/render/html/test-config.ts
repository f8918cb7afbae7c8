/** Fixtures for the HTML renderer's tests: a fully defaulted config and a small page view. */
import { resolveConfig } from "../../config/resolve.ts";
import type { ResolvedConfig } from "../../config/types.ts";
import type { PageView } from "./view.ts";

export function makeTestConfig(overrides: Partial<ResolvedConfig> = {}): ResolvedConfig {
  const resolved = resolveConfig(
    {
      entry: "docs",
      nav: { title: "Acme Docs" },
      sitemap: { baseUrl: "https://acme.test" },
      github: { url: "https://github.com/acme/docs", directory: "site" },
    },
    "/site",
    "docs.config.ts",
  );
  return { ...resolved, ...overrides };
}

export function makeTestPageView(overrides: Partial<PageView> = {}): PageView {
  return {
    config: makeTestConfig(),
    assets: { css: "/_quire/quire.00000000.css", js: "/_quire/quire.00000000.js" },
    documentTitle: "Install | Acme Docs",
    title: "Install",
    description: "Get Acme running.",
    canonicalUrl: "https://acme.test/docs/guides/install",
    route: "/docs/guides/install",
    markdownRoute: "/docs/guides/install.md",
    contentHtml: `<h2 id="requirements">Requirements</h2><p>Node 20.</p>`,
    toc: [{ depth: 2, text: "Requirements", id: "requirements" }],
    nav: [
      { type: "page", name: "Introduction", url: "/docs", route: "/docs" },
      {
        type: "folder",
        name: "Guides",
        slug: "guides",
        behavior: "link",
        collapsible: true,
        defaultOpen: false,
        index: { type: "page", name: "Guides", url: "/docs/guides", route: "/docs/guides" },
        children: [
          { type: "page", name: "Install", url: "/docs/guides/install", route: "/docs/guides/install" },
          { type: "page", name: "Deploy", url: "/docs/guides/deploy", route: "/docs/guides/deploy" },
        ],
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
    activeRoute: "/docs/guides/install",
    breadcrumbs: [
      { name: "Guides", url: "/docs/guides" },
      { name: "Install", url: "/docs/guides/install" },
    ],
    prev: { title: "Guides", url: "/docs/guides" },
    next: { title: "Deploy", url: "/docs/guides/deploy" },
    lastUpdated: { iso: "2024-05-01T10:00:00.000Z", display: "May 1, 2024", label: "Last updated", position: "footer" },
    readingTimeLabel: "3 min read",
    editUrl: "https://github.com/acme/docs/edit/main/docs/guides/install/page.mdx",
    ...overrides,
  };
}
