/**
 * Large sites would repeat the whole sidebar in every page (output grows with pages²). Past a size, a page's
 * sidebar keeps the folders on its own path open and turns every other folder into a link to its first page,
 * which stays navigable without JavaScript.
 */
import { walkPages } from "./nav.ts";
import type { NavFolder, NavNode, NavPage } from "./types.ts";

/** Sidebars with at most this many links are rendered whole on every page. */
export const FULL_SIDEBAR_LIMIT = 150;

export function countNavLinks(nodes: NavNode[]): number {
  let count = 0;
  walkPages(nodes, () => count++);
  return count;
}

export function pruneNav(nodes: NavNode[], activeRoute: string): NavNode[] {
  return nodes.map((node) => {
    if (node.type === "page" || holdsRoute(node, activeRoute)) {
      return node.type === "page" ? node : { ...node, children: pruneNav(node.children, activeRoute) };
    }
    const first = firstPageOf(node);
    return first ? { type: "page", name: node.name, url: first.url, route: first.route, icon: node.icon } : node;
  });
}

/** The first page in reading order (what `walkPages` visits first). */
function firstPageOf(folder: NavFolder): NavPage | undefined {
  if (folder.index) return folder.index;
  for (const child of folder.children) {
    const first = child.type === "page" ? child : firstPageOf(child);
    if (first) return first;
  }
  return undefined;
}

/**
 * Every page route below each folder, collected once per nav tree: every page prunes the same tree, and walking a
 * folder per page and per level made the sidebars of a 5,000-page site cost O(pages²).
 */
const routesBelow = new WeakMap<NavFolder, ReadonlySet<string>>();

function holdsRoute(folder: NavFolder, route: string): boolean {
  let routes = routesBelow.get(folder);
  if (!routes) {
    const found = new Set<string>();
    walkPages([folder], (page) => found.add(page.route));
    routesBelow.set(folder, (routes = found));
  }
  return routes.has(route);
}
