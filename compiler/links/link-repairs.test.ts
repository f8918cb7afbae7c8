import { describe, expect, it } from "vitest";
import type { PageLink } from "./page-links.ts";
import type { ResolvedConfig } from "../config/types.ts";
import type { Page, SiteModel } from "../model/types.ts";
import {
  linkRepairsOf,
  repairedLinks,
  repairLinks,
  repairTargets,
  withRepairedHtml,
  withRepairedMarkdown,
} from "./link-repairs.ts";
import { vitePressSlug } from "./vitepress-slug.ts";

const config = { docsPath: "docs", i18n: null };
const page = (route: string, toc: [string, string][] = [], title?: string) => ({
  route,
  markdownRoute: `${route}.md`,
  anchors: toc.map(([, id]) => id),
  toc: toc.map(([text, id]) => ({ depth: 2, text, id })),
  title,
});
const targets = repairTargets(
  [
    page("/docs", [], "Home"),
    page("/docs/guide/features", [["Glob import", "glob-import"]], "Features"),
    page("/docs/config/server-options", [["server.open", "serveropen"]], "Server options"),
    page("/docs/api/store", [["getState()", "getstate"]], "Store"),
  ],
  ["demo.html"],
  config,
);
const link = (href: string, written = href): PageLink => ({ href, written, kind: "link", line: 1, column: 1 });
const repaired = (route: string, ...links: PageLink[]) =>
  repairLinks(route, links, targets).map(({ link: from, href, markdownFrom, markdownTo }) => [
    from.written,
    href,
    markdownFrom,
    markdownTo,
  ]);

describe("repairLinks", () => {
  it("reads a page URL as VitePress serves it, .html and index.html, unless a file has that name", () => {
    expect(
      repaired(
        "/docs/guide/intro",
        link("/docs/guide/features.html#glob-import"),
        link("./features.html?x=1"),
        link("/docs/index.html"),
        link("/demo.html"),
        link("/docs/guide/missing.html"),
      ),
    ).toEqual([
      [
        "/docs/guide/features.html#glob-import",
        "/docs/guide/features#glob-import",
        "/docs/guide/features.html#glob-import",
        "/docs/guide/features.md#glob-import",
      ],
      ["./features.html?x=1", "/docs/guide/features?x=1", "./features.html?x=1", "/docs/guide/features.md"],
      ["/docs/index.html", "/docs", "/docs/index.html", "/docs.md"],
    ]);
  });

  it("reads a file link from the content folder's root when the page's folder has no such page, as Docusaurus does", () => {
    // The compiler resolved `api/store.md` from the page's folder, to a route with no page.
    expect(
      repaired(
        "/docs/understanding/glossary",
        link("/docs/understanding/api/store#getstate", "api/store.md#getstate"),
        link("/api/store.md"),
        link("/docs/understanding/api/other", "api/other.md"),
      ),
    ).toEqual([
      [
        "api/store.md#getstate",
        "/docs/api/store#getstate",
        "/docs/understanding/api/store.md#getstate",
        "/docs/api/store.md#getstate",
      ],
      ["/api/store.md", "/docs/api/store", "/api/store.md", "/docs/api/store.md"],
    ]);
  });

  it("reads a fragment as VitePress makes heading ids, and a title's id as the page's top", () => {
    expect(
      repaired(
        "/docs/config/server-options",
        link("#server-open"),
        link("/docs/config/server-options#serveropen"),
        link("/docs/guide/features#features"),
        link("/docs/api/store#get-state"),
        link("/docs/api/store#getstate"),
      ),
    ).toEqual([
      ["#server-open", "#serveropen", "#server-open", "/docs/config/server-options.md#serveropen"],
      [
        "/docs/guide/features#features",
        "/docs/guide/features",
        "/docs/guide/features#features",
        "/docs/guide/features.md",
      ],
    ]);
  });

  it("leaves images, external links and URLs with characters the HTML would escape", () => {
    expect(
      repaired(
        "/docs",
        { ...link("/docs/guide/features.html"), kind: "image" },
        link("https://example.com/a.html"),
        link("/docs/guide/features.html?a=1&b=2"),
      ),
    ).toEqual([]);
  });
});

describe("a page's mended links", () => {
  const links = [link("/docs/guide/features.html#glob-import"), link("/docs/api/store")];
  const repairs = repairLinks("/docs", links, targets);

  it("are replaced in the page's HTML and agent Markdown, and checked where they now lead", () => {
    expect(withRepairedHtml('<a href="/docs/guide/features.html#glob-import">Glob</a>', repairs)).toBe(
      '<a href="/docs/guide/features#glob-import">Glob</a>',
    );
    expect(
      withRepairedMarkdown(
        "See [glob](/docs/guide/features.html#glob-import).\n\n[g]: /docs/guide/features.html#glob-import\n",
        repairs,
      ),
    ).toBe("See [glob](/docs/guide/features.md#glob-import).\n\n[g]: /docs/guide/features.md#glob-import\n");
    expect(repairedLinks(links, repairs).map((l) => l.href)).toEqual([
      "/docs/guide/features#glob-import",
      "/docs/api/store",
    ]);
  });
});

describe("vitePressSlug", () => {
  it("makes the ids VitePress gives headings", () => {
    expect(
      ["server.open", "What's new?", "Build & Deploy", "  `base` option ", "1. Install", "Über Café", "a -- b"].map(
        vitePressSlug,
      ),
    ).toEqual(["server-open", "what-s-new", "build-deploy", "base-option", "_1-install", "uber-cafe", "a-b"]);
  });
});

describe("linkRepairsOf", () => {
  /** A page as the repairs read it: route, `.md` route, title, headings and links. */
  const sitePage = (route: string, headings: [string, string][], links: PageLink[] = []) =>
    ({
      ...page(route, headings),
      frontmatter: { title: route },
      links,
    }) as unknown as Page;
  const siteOf = (...pages: Page[]) => ({ pages, staticFiles: { public: new Map() } }) as unknown as SiteModel;
  const siteConfig = config as unknown as ResolvedConfig;

  it("keeps the last build's repairs while the targets are the same, and works them out again when they change", () => {
    const from = sitePage("/docs/a", [], [link("/docs/b#server-open")]);
    const to = sitePage("/docs/b", [["server.open", "serveropen"]]);
    const first = linkRepairsOf(from, siteOf(from, to), siteConfig);
    expect(first.map((repair) => repair.href)).toEqual(["/docs/b#serveropen"]);
    // The next build: an edited page b (a new object) with the same headings.
    const again = linkRepairsOf(from, siteOf(from, sitePage("/docs/b", [["server.open", "serveropen"]])), siteConfig);
    expect(again).toBe(first);
    // Page b's heading now has the id the link names: nothing to mend.
    const renamed = sitePage("/docs/b", [["server.open", "server-open"]]);
    expect(linkRepairsOf(from, siteOf(from, renamed), siteConfig)).toEqual([]);
    // A page added: the targets change.
    const added = siteOf(from, to, sitePage("/docs/c", []));
    expect(linkRepairsOf(from, added, siteConfig).map((repair) => repair.href)).toEqual(["/docs/b#serveropen"]);
  });
});
