import { describe, expect, it } from "vitest";
import { countNavLinks, pruneNav } from "./prune-nav.ts";
import type { NavFolder, NavNode, NavPage } from "./types.ts";

const link = (route: string, name = route.slice(route.lastIndexOf("/") + 1)): NavPage => ({
  type: "page",
  name,
  url: route,
  route,
});

function folder(slug: string, children: NavNode[], patch: Partial<NavFolder> = {}): NavFolder {
  return {
    type: "folder",
    name: slug,
    slug,
    behavior: "link",
    children,
    collapsible: true,
    defaultOpen: false,
    ...patch,
  };
}

const nav: NavNode[] = [
  link("/docs", "Home"),
  folder("guides", [link("/docs/guides/install"), folder("guides/advanced", [link("/docs/guides/advanced/tuning")])], {
    index: link("/docs/guides", "Guides"),
    icon: "book",
  }),
  folder("reference", [folder("reference/cli", [link("/docs/reference/cli/build")]), link("/docs/reference/config")]),
  folder("empty", []),
];

describe("countNavLinks", () => {
  it("counts pages and folder index links", () => {
    expect(countNavLinks(nav)).toBe(6);
  });
});

describe("pruneNav", () => {
  it("keeps the folders on the active page's path open, all the way down", () => {
    const pruned = pruneNav(nav, "/docs/guides/advanced/tuning");
    const guides = pruned[1] as NavFolder;
    expect(guides.type).toBe("folder");
    expect(guides.index).toEqual(link("/docs/guides", "Guides"));
    expect(guides.children[1]).toMatchObject({ type: "folder", children: [link("/docs/guides/advanced/tuning")] });
  });

  it("turns every other folder into a link to its first page, keeping its name and icon", () => {
    const pruned = pruneNav(nav, "/docs/reference/config");
    expect(pruned[1]).toEqual({
      type: "page",
      name: "guides",
      url: "/docs/guides",
      route: "/docs/guides",
      icon: "book",
    });
    const reference = pruned[2] as NavFolder;
    expect(reference.children[0]).toEqual({
      type: "page",
      name: "reference/cli",
      url: "/docs/reference/cli/build",
      route: "/docs/reference/cli/build",
      icon: undefined,
    });
  });

  it("treats a folder's index page as being inside that folder", () => {
    expect(pruneNav(nav, "/docs/guides")[1].type).toBe("folder");
  });

  it("leaves pages and folders without any page unchanged", () => {
    const pruned = pruneNav(nav, "/docs");
    expect(pruned[0]).toBe(nav[0]);
    expect(pruned[3]).toBe(nav[3]);
  });

  it("does not modify the input tree", () => {
    const before = structuredClone(nav);
    pruneNav(nav, "/docs/guides/install");
    expect(nav).toEqual(before);
  });
});
