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

function firstPageOf(folder: NavFolder): NavPage | undefined {
  const pages: NavPage[] = [];
  walkPages([folder], (page) => pages.push(page));
  return pages[0];
}

function holdsRoute(folder: NavFolder, route: string): boolean {
  let found = false;
  walkPages([folder], (page) => {
    if (page.route === route) found = true;
  });
  return found;
}
