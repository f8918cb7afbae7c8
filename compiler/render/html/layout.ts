/** The human page: one complete HTML document per docs page, readable without JavaScript. */
import type { PageView } from "./view.ts";
import { escapeAttr, escapeHtml } from "./escape.ts";
import { renderSidebar } from "./sidebar.ts";
import { hasToc, renderBreadcrumbs, renderPageFooter, renderPageHeader, renderToc } from "./page-parts.ts";
import { colorSchemeMeta, htmlThemeAttributes, themeBootScript, themeToggleButton } from "./theme-toggle.ts";

export function renderPageHtml(view: PageView): string {
  const { config } = view;
  const withSidebar = config.sidebar.enabled && view.nav.length > 0;
  const layoutClass = ["q-layout", withSidebar && "q-has-sidebar", hasToc(view) && "q-has-toc"]
    .filter(Boolean)
    .join(" ");
  return (
    `<!doctype html>\n<html lang="en"${htmlThemeAttributes(config.themeToggle)}>\n` +
    `${renderHead(view)}\n<body>\n` +
    `<a class="q-skip-link" href="#q-main">Skip to content</a>\n` +
    `${withSidebar ? `<input type="checkbox" id="q-menu-toggle" class="q-menu-toggle" aria-controls="q-sidebar">` : ""}` +
    `${renderHeader(view, withSidebar)}\n` +
    `<div class="${layoutClass}">\n` +
    `${withSidebar ? renderSidebar(config, view.nav, view.activeRoute) : ""}\n` +
    `<main class="q-main" id="q-main">${renderBreadcrumbs(view)}${renderPageHeader(view)}\n` +
    `<article class="q-content">${view.contentHtml}</article>\n` +
    `${renderPageFooter(view)}</main>\n` +
    `${renderToc(view)}\n</div>\n</body>\n</html>\n`
  );
}

function renderHead(view: PageView): string {
  const description = view.description ?? view.config.metadata.description;
  const lines = [
    `<meta charset="utf-8">`,
    `<meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<title>${escapeHtml(view.documentTitle)}</title>`,
    description ? `<meta name="description" content="${escapeAttr(description)}">` : "",
    colorSchemeMeta(view.config.themeToggle),
    `<link rel="canonical" href="${escapeAttr(view.canonicalUrl)}">`,
    `<link rel="alternate" type="text/markdown" href="${escapeAttr(view.markdownRoute)}">`,
    themeBootScript(view.config.themeToggle),
    `<link rel="stylesheet" href="${escapeAttr(view.assets.css)}">`,
    `<script defer src="${escapeAttr(view.assets.js)}"></script>`,
    view.headExtra ?? "",
  ];
  return `<head>\n${lines.filter(Boolean).join("\n")}\n</head>`;
}

const MENU_ICON = `<svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" aria-hidden="true"><path d="M4 6h16M4 12h16M4 18h16"/></svg>`;

function renderHeader(view: PageView, withSidebar: boolean): string {
  const { config } = view;
  // A label for the hidden checkbox opens the sidebar on small screens without JavaScript.
  const menu = withSidebar
    ? `<label class="q-menu-button" for="q-menu-toggle"><span class="q-visually-hidden">Menu</span>${MENU_ICON}</label>`
    : "";
  return (
    `<header class="q-header"><div class="q-header-inner">${menu}` +
    `<a class="q-brand" href="${escapeAttr(config.navUrl)}">${escapeHtml(config.title)}</a>` +
    `<div class="q-header-actions">${themeToggleButton(config.themeToggle)}</div></div></header>`
  );
}
