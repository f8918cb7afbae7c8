/** The sidebar tree (SPEC 2.17 SidebarConfig/SidebarTree), readable and collapsible without JavaScript. */
import type { NavFolder, NavNode, NavPage } from "../../model/types.ts";
import type { ResolvedConfig } from "../../config/types.ts";
import { escapeAttr, escapeHtml } from "./escape.ts";
import { renderIcon } from "./icon.ts";
import { renderSidebarSlot } from "./sidebar-slots.ts";

interface SidebarContext {
  config: ResolvedConfig;
  activeRoute: string;
}

export function renderSidebar(config: ResolvedConfig, nav: NavNode[], activeRoute: string): string {
  const context: SidebarContext = { config, activeRoute };
  const style = config.theme.sidebarStyle;
  return (
    `<aside class="q-sidebar" id="q-sidebar" aria-label="Sidebar" data-style="${style}">` +
    renderSidebarSlot(config, "banner") +
    `<nav class="q-nav" aria-label="Documentation">${renderList(nav, context)}</nav>` +
    `${renderSidebarSlot(config, "footer")}</aside>`
  );
}

function renderList(nodes: NavNode[], context: SidebarContext, leading = ""): string {
  const items = nodes.map((node) =>
    node.type === "page" ? renderPageItem(node, context) : renderFolder(node, context),
  );
  if (!leading && items.length === 0) return "";
  return `<ul class="q-nav-list">${leading}${items.join("")}</ul>`;
}

function renderPageItem(page: NavPage, context: SidebarContext): string {
  return `<li>${pageLink(page, context, "q-nav-link")}</li>`;
}

function pageLink(page: NavPage, context: SidebarContext, className: string, label = page.name): string {
  const current = page.route === context.activeRoute ? ` aria-current="page"` : "";
  const icon = renderIcon(context.config, page.icon);
  return `<a class="${className}" href="${escapeAttr(page.url)}"${current}>${icon}<span>${escapeHtml(label)}</span></a>`;
}

/**
 * A collapsible folder is a `<details>` whose `<summary>` holds only text. When the folder's label is its landing
 * page's link, the link sits before the `<details>` and the summary is a separate, full-height toggle beside it:
 * a link inside a summary is two controls in one (axe `nested-interactive`) and leaves only a thin strip to expand.
 */
function renderFolder(folder: NavFolder, context: SidebarContext): string {
  const { sidebar } = context.config;
  const index = folder.behavior === "hidden" ? undefined : folder.index;
  const labelIsLink = index !== undefined && folder.behavior === "link" && !sidebar.flat;
  // A folder whose label is not its link still needs a way to reach the landing page: list it first.
  const leading = index && !labelIsLink ? renderPageItem(index, context) : "";
  const children = renderList(folder.children, context, leading);
  const text = `${renderIcon(context.config, folder.icon)}<span>${escapeHtml(folder.name)}</span>`;
  const label = labelIsLink ? pageLink(index, context, "q-nav-folder-link", folder.name) : text;
  const attributes = `class="q-nav-folder" data-slug="${escapeAttr(folder.slug)}"`;

  if (sidebar.flat) {
    return `<li ${attributes} data-flat><p class="q-nav-folder-label">${label}</p>${children}</li>`;
  }
  if (!sidebar.collapsible || !folder.collapsible) {
    return `<li ${attributes}><p class="q-nav-folder-label">${label}</p>${children}</li>`;
  }
  const open = folder.defaultOpen || containsRoute(folder, context.activeRoute) ? " open" : "";
  if (labelIsLink) {
    return (
      `<li ${attributes} data-linked><p class="q-nav-folder-label">${label}</p><details${open}>` +
      `<summary class="q-nav-folder-toggle"><span class="q-visually-hidden">${escapeHtml(folder.name)} pages</span>` +
      `</summary>${children}</details></li>`
    );
  }
  return (
    `<li ${attributes}><details${open}>` +
    `<summary class="q-nav-folder-label">${text}</summary>${children}</details></li>`
  );
}

/** True when the active page is the folder's landing page or anywhere below it. */
export function containsRoute(folder: NavFolder, route: string): boolean {
  if (folder.index?.route === route) return true;
  return folder.children.some((child) => (child.type === "page" ? child.route === route : containsRoute(child, route)));
}
