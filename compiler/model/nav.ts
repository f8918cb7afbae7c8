/** Builds the sidebar tree (SPEC 2.17 SidebarTree), reading order and hidden-folder redirects from pages. */
import type { OrderingItem, ResolvedConfig } from "../config/types.ts";
import type { FolderIndexBehavior, NavFolder, NavNode, NavPage, NavTree, Page, Redirect } from "./types.ts";

interface FolderDraft {
  slug: string;
  segment: string;
  landing?: Page;
  pages: Page[];
  folders: Map<string, FolderDraft>;
}

export interface Navigation {
  tree: NavTree;
  readingOrder: Page[];
  redirects: Redirect[];
}

export function buildNavigation(pages: Page[], config: ResolvedConfig): Navigation {
  const root: FolderDraft = { slug: "", segment: "", pages: [], folders: new Map() };
  const parents = new Set(
    pages.flatMap((p) =>
      p.slug
        .split("/")
        .slice(0, -1)
        .map((_, i, all) => all.slice(0, i + 1).join("/")),
    ),
  );
  for (const page of pages) {
    if (page.slug === "") {
      root.landing = page;
      continue;
    }
    const segments = page.slug.split("/");
    let folder = root;
    for (const segment of segments.slice(0, -1)) folder = childFolder(folder, segment);
    const last = segments[segments.length - 1];
    // A page whose folder has pages below it is that folder's landing page.
    const existing = folder.folders.get(last);
    if (existing) existing.landing = page;
    else if (parents.has(page.slug)) childFolder(folder, last).landing = page;
    else folder.pages.push(page);
  }
  const redirects: Redirect[] = [];
  const children = buildLevel(
    root,
    config,
    typeof config.ordering === "object" ? config.ordering : undefined,
    redirects,
  );
  if (root.landing && !root.landing.frontmatter.hidden) children.unshift(pageNode(root.landing));
  const readingOrder: Page[] = [];
  const byRoute = new Map(pages.map((p) => [p.route, p]));
  walkPages(children, (node) => {
    const p = byRoute.get(node.route);
    if (p) readingOrder.push(p);
  });
  return { tree: { name: config.title, children }, readingOrder, redirects };
}

function childFolder(parent: FolderDraft, segment: string): FolderDraft {
  let folder = parent.folders.get(segment);
  if (!folder) {
    folder = { slug: parent.slug ? `${parent.slug}/${segment}` : segment, segment, pages: [], folders: new Map() };
    parent.folders.set(segment, folder);
  }
  return folder;
}

function buildLevel(
  folder: FolderDraft,
  config: ResolvedConfig,
  ordering: OrderingItem[] | undefined,
  redirects: Redirect[],
): NavNode[] {
  type Entry = { key: string; name: string; order?: number; node: () => NavNode | undefined };
  const entries: Entry[] = [];
  for (const page of folder.pages) {
    if (page.frontmatter.hidden) continue;
    entries.push({
      key: lastSegment(page.slug),
      name: page.frontmatter.title,
      order: page.frontmatter.order,
      node: () => pageNode(page),
    });
  }
  for (const child of folder.folders.values()) {
    const childOrdering = ordering?.find((o) => o.slug === child.segment)?.children;
    entries.push({
      key: child.segment,
      name: folderName(child),
      order: child.landing?.frontmatter.order,
      node: () => folderNode(child, config, childOrdering, redirects),
    });
  }
  sortEntries(entries, config.ordering === "numeric" ? "numeric" : (ordering ?? "alphabetical"));
  return entries.map((e) => e.node()).filter((n): n is NavNode => n !== undefined);
}

function folderNode(
  folder: FolderDraft,
  config: ResolvedConfig,
  ordering: OrderingItem[] | undefined,
  redirects: Redirect[],
): NavFolder | undefined {
  const children = buildLevel(folder, config, ordering, redirects);
  const landing = folder.landing && !folder.landing.frontmatter.hidden ? folder.landing : undefined;
  const behavior = behaviorOf(folder, config);
  if (landing && behavior === "toggle") children.unshift(pageNode(landing));
  if (children.length === 0 && (!landing || behavior === "hidden")) return undefined;
  if (folder.landing && behavior === "hidden") {
    // SPEC 2.6: a direct visit to a hidden folder parent redirects to its first visible child.
    const first = firstPage(children);
    if (first) redirects.push({ from: folder.landing.route, to: first.url });
  }
  return {
    type: "folder",
    name: folderName(folder),
    icon: folder.landing?.frontmatter.icon,
    index: landing && behavior === "link" ? pageNode(landing) : undefined,
    behavior,
    children,
    collapsible: config.sidebar.collapsible,
    defaultOpen: false,
    slug: folder.slug,
  };
}

/** Landing-page frontmatter beats the config override for that folder, which beats the config default. */
function behaviorOf(folder: FolderDraft, config: ResolvedConfig): FolderIndexBehavior {
  const own = folder.landing?.frontmatter.sidebar?.folderIndexBehavior;
  if (own) return own;
  const route = folder.landing?.route;
  return (route && config.sidebar.folderIndexBehaviorOverrides[route]) || config.sidebar.folderIndexBehavior;
}

function sortEntries(
  entries: { key: string; name: string; order?: number }[],
  ordering: "alphabetical" | "numeric" | OrderingItem[],
): void {
  const byName = (a: { name: string; key: string }, b: { name: string; key: string }) =>
    compareText(a.name, b.name) || compareText(a.key, b.key);
  if (ordering === "alphabetical") entries.sort(byName);
  else if (ordering === "numeric") {
    // SPEC 2.17: lower `order` first; pages without one follow alphabetically.
    entries.sort((a, b) => (a.order ?? Infinity) - (b.order ?? Infinity) || byName(a, b));
  } else {
    const rank = new Map(ordering.map((o, i) => [o.slug, i]));
    entries.sort((a, b) => (rank.get(a.key) ?? Infinity) - (rank.get(b.key) ?? Infinity) || byName(a, b));
  }
}

function compareText(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : a < b ? -1 : a > b ? 1 : 0;
}

function pageNode(page: Page): NavPage {
  return {
    type: "page",
    name: page.frontmatter.title,
    url: page.route,
    route: page.route,
    icon: page.frontmatter.icon,
  };
}

function folderName(folder: FolderDraft): string {
  return (
    folder.landing?.frontmatter.title ?? folder.segment.replace(/[-_]+/g, " ").replace(/\b\w/g, (c) => c.toUpperCase())
  );
}

function lastSegment(slug: string): string {
  return slug.slice(slug.lastIndexOf("/") + 1);
}

function firstPage(nodes: NavNode[]): NavPage | undefined {
  let found: NavPage | undefined;
  walkPages(nodes, (page) => {
    found ??= page;
  });
  return found;
}

/** Depth-first over the pages a reader sees, in sidebar order. */
export function walkPages(nodes: NavNode[], visit: (page: NavPage) => void): void {
  for (const node of nodes) {
    if (node.type === "page") visit(node);
    else {
      if (node.index) visit(node.index);
      walkPages(node.children, visit);
    }
  }
}
