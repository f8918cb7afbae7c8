import { describe, expect, it } from "vitest";
import { resolveConfig } from "../config/resolve.ts";
import type { DocsConfig } from "../config/types.ts";
import { buildNavigation } from "./nav.ts";
import { pageRoutes } from "./routes.ts";
import type { NavNode, Page, PageFrontmatter } from "./types.ts";

function config(overrides: Partial<DocsConfig> = {}) {
  return resolveConfig({ entry: "docs", nav: { title: "Acme" }, ...overrides }, "/site", "docs.config.ts");
}

/** A page at `slug` with the given frontmatter; the title defaults to the slug's last segment. */
function page(slug: string, frontmatter: Partial<PageFrontmatter> = {}): Page {
  const title = slug === "" ? "Home" : slug.slice(slug.lastIndexOf("/") + 1);
  return {
    sourcePath: `docs/${slug ? `${slug}/` : ""}page.mdx`,
    slug,
    ...pageRoutes({ docsPath: "docs" }, slug),
    syntax: "mdx",
    frontmatter: { title, related: [], tags: [], hidden: false, extra: {}, ...frontmatter },
    html: "",
    toc: [],
    agentBody: "",
    hasAgentFile: false,
    chunks: { human: [], agent: [] },
  };
}

/** The tree as compact lines: `name` for pages, `name/ [behavior, index]` for folders, children indented. */
function outline(nodes: NavNode[], depth = 0): string[] {
  return nodes.flatMap((node) => {
    const pad = "  ".repeat(depth);
    if (node.type === "page") return [`${pad}${node.name}`];
    const index = node.index ? ` -> ${node.index.url}` : "";
    return [`${pad}${node.name}/ [${node.behavior}${index}]`, ...outline(node.children, depth + 1)];
  });
}

const navOf = (pages: Page[], overrides: Partial<DocsConfig> = {}) => buildNavigation(pages, config(overrides));

describe("buildNavigation", () => {
  it("gives the last tree again while no title, order or place changed, its reading order this call's pages", () => {
    const pages = [page(""), page("guides/install"), page("guides/deploy")];
    const first = navOf(pages);
    // A body edit: a new page object, the same navigation entry.
    const edited = [pages[0]!, { ...pages[1]!, html: "<p>Edited</p>" }, pages[2]!];
    const again = navOf(edited);
    expect(again.tree).toBe(first.tree);
    expect(again.readingOrder).toEqual([edited[0], edited[2], edited[1]]);
    expect(again.readingOrder[2]).toBe(edited[1]);
    expect(Object.isFrozen(again.tree.children)).toBe(true);

    const retitled = navOf([pages[0]!, page("guides/install", { title: "Installing" }), pages[2]!]);
    expect(retitled.tree).not.toBe(first.tree);
    expect(outline(retitled.tree.children)).toEqual(["Home", "Guides/ [link]", "  deploy", "  Installing"]);
    const numeric = { ordering: "numeric" } as const;
    expect(outline(navOf(pages, numeric).tree.children)).toEqual(["Home", "Guides/ [link]", "  deploy", "  install"]);
    const ordered = navOf([pages[0]!, page("guides/install", { order: 1 }), pages[2]!], numeric);
    expect(outline(ordered.tree.children)).toEqual(["Home", "Guides/ [link]", "  install", "  deploy"]);
    navOf(pages);
    const hidden = navOf([pages[0]!, pages[1]!, page("guides/deploy", { hidden: true })]);
    expect(outline(hidden.tree.children)).toEqual(["Home", "Guides/ [link]", "  install"]);
  });

  it("sorts pages and folders alphabetically by title, case-insensitively, with the root page first", () => {
    const nav = navOf([page("zeta"), page(""), page("Beta"), page("alpha"), page("guides/install")]);
    expect(nav.tree.name).toBe("Acme");
    expect(outline(nav.tree.children)).toEqual(["Home", "alpha", "Beta", "Guides/ [link]", "  install", "zeta"]);
  });

  it("names a folder after its landing page, else after its segment", () => {
    const nav = navOf([
      page("getting-started/setup"),
      page("api_ref/cli"),
      page("api_ref", { title: "API Reference" }),
    ]);
    expect(nav.tree.children.map((n) => n.name)).toEqual(["API Reference", "Getting Started"]);
  });

  it("sorts by frontmatter order under numeric ordering, unordered pages alphabetically after", () => {
    const nav = navOf(
      [
        page("c"),
        page("b", { order: 2 }),
        page("a"),
        page("d", { order: 1 }),
        page("guides", { order: 3 }),
        page("guides/x"),
      ],
      { ordering: "numeric" },
    );
    expect(outline(nav.tree.children)).toEqual(["d", "b", "guides/ [link -> /docs/guides]", "  x", "a", "c"]);
  });

  it("follows an OrderingItem array, nested children included, with unlisted entries alphabetically after", () => {
    const pages = [
      page("faq"),
      page("api"),
      page("guides/deploy"),
      page("guides/install"),
      page("guides/upgrade"),
      page("changelog"),
    ];
    const nav = navOf(pages, {
      ordering: [{ slug: "guides", children: [{ slug: "upgrade" }, { slug: "install" }] }, { slug: "faq" }],
    });
    expect(outline(nav.tree.children)).toEqual([
      "Guides/ [link]",
      "  upgrade",
      "  install",
      "  deploy",
      "faq",
      "api",
      "changelog",
    ]);
  });

  it("omits hidden pages from the tree and the reading order but keeps them routable", () => {
    const secret = page("guides/secret", { hidden: true });
    const nav = navOf([page("guides/install"), secret]);
    expect(outline(nav.tree.children)).toEqual(["Guides/ [link]", "  install"]);
    expect(nav.readingOrder.map((p) => p.slug)).toEqual(["guides/install"]);
  });

  it("omits a folder whose pages are all hidden", () => {
    expect(navOf([page("a"), page("drafts/one", { hidden: true })]).tree.children.map((n) => n.name)).toEqual(["a"]);
  });

  describe("folder index behaviours", () => {
    const guides = (behavior?: "link" | "toggle" | "hidden") => [
      page("guides", { title: "Guides", sidebar: behavior ? { folderIndexBehavior: behavior } : undefined }),
      page("guides/install"),
      page("guides/deploy"),
    ];

    it("links the folder label to its landing page by default", () => {
      const nav = navOf(guides());
      expect(outline(nav.tree.children)).toEqual(["Guides/ [link -> /docs/guides]", "  deploy", "  install"]);
      expect(nav.readingOrder.map((p) => p.slug)).toEqual(["guides", "guides/deploy", "guides/install"]);
    });

    it("lists the landing page as the first child under toggle", () => {
      const nav = navOf(guides("toggle"));
      expect(outline(nav.tree.children)).toEqual(["Guides/ [toggle]", "  Guides", "  deploy", "  install"]);
      expect(nav.redirects).toEqual([]);
    });

    it("omits the landing page under hidden and redirects it to the first visible child", () => {
      const nav = navOf(guides("hidden"));
      expect(outline(nav.tree.children)).toEqual(["Guides/ [hidden]", "  deploy", "  install"]);
      expect(nav.redirects).toEqual([{ from: "/docs/guides", to: "/docs/guides/deploy" }]);
      expect(nav.readingOrder.map((p) => p.slug)).toEqual(["guides/deploy", "guides/install"]);
    });

    it("redirects a hidden landing page to the first page of a nested folder", () => {
      const nav = navOf([
        page("guides", { sidebar: { folderIndexBehavior: "hidden" } }),
        page("guides/advanced/tuning"),
      ]);
      expect(nav.redirects).toEqual([{ from: "/docs/guides", to: "/docs/guides/advanced/tuning" }]);
    });

    it("applies the config default and per-folder overrides", () => {
      expect(outline(navOf(guides(), { sidebar: { folderIndexBehavior: "toggle" } }).tree.children)[0]).toBe(
        "Guides/ [toggle]",
      );
      const overridden = navOf(guides(), {
        sidebar: { folderIndexBehavior: "toggle", folderIndexBehaviorOverrides: { "/docs/guides/": "hidden" } },
      });
      expect(outline(overridden.tree.children)[0]).toBe("Guides/ [hidden]");
    });

    it("lets the landing page's frontmatter beat folderIndexBehaviorOverrides", () => {
      const nav = navOf(guides("link"), { sidebar: { folderIndexBehaviorOverrides: { "/docs/guides": "hidden" } } });
      expect(outline(nav.tree.children)[0]).toBe("Guides/ [link -> /docs/guides]");
      expect(nav.redirects).toEqual([]);
    });

    it("keeps a folder with only a linked landing page", () => {
      const nav = navOf([page("guides", { title: "Guides" }), page("guides/old", { hidden: true })]);
      expect(outline(nav.tree.children)).toEqual(["Guides/ [link -> /docs/guides]"]);
    });

    it("carries the landing page icon and the collapsible setting", () => {
      const [folder] = navOf([page("guides", { icon: "book" }), page("guides/x")], { sidebar: { collapsible: false } })
        .tree.children;
      expect(folder).toMatchObject({
        type: "folder",
        icon: "book",
        collapsible: false,
        defaultOpen: false,
        slug: "guides",
      });
    });
  });

  it("lists the reading order depth-first in sidebar order", () => {
    const pages = [page(""), page("b"), page("a/two"), page("a/one"), page("a", { title: "A" }), page("a/deep/x")];
    expect(navOf(pages).readingOrder.map((p) => p.slug)).toEqual(["", "a", "a/deep/x", "a/one", "a/two", "b"]);
  });

  it("leaves a hidden root page out of the tree", () => {
    expect(navOf([page("", { hidden: true }), page("a")]).tree.children.map((n) => n.name)).toEqual(["a"]);
  });
});
