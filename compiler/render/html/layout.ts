/** The human page: one complete HTML document per docs page, readable without JavaScript. */
import { LLMS_ROUTES, PAGE_CONTENT_CLOSE, PAGE_CONTENT_OPEN } from "../../../runtime/contract/index.ts";
import type { PageView } from "./view.ts";
import { escapeAttr, escapeHtml } from "./escape.ts";
import { renderSidebar } from "./sidebar.ts";
import { renderFaviconLinks, renderLogo } from "./site-icons.ts";
import { renderBreadcrumbs, renderPageFooter, renderPageHeader, renderToc } from "./page-parts.ts";
import { colorSchemeMeta, htmlThemeAttributes, themeBootScript, themeToggleButton } from "./theme-toggle.ts";
import { askAiHead } from "./ask-ai-hook.ts";
import { searchButton, searchHead } from "./search-hook.ts";
import { feedbackWidget, pageActionsBar, pageUiHead } from "./page-actions.ts";
import {
  fallbackContentAttributes,
  fallbackNotice,
  hreflangLinks,
  htmlLangAttributes,
  languageSwitcher,
} from "../../i18n/locale-html.ts";

/**
 * Source order puts the page's own content first: `<main>`, then the sidebar and table of contents, then the site
 * header. Agents and text extractors read the article before any navigation; CSS (grid areas, flex order) draws the
 * usual header / sidebar / content / TOC layout. The small-screen menu's checkbox is in the header and its backdrop
 * ahead of the layout; the stylesheet reaches the sidebar through `body:has()` (see MENU_TOGGLE).
 */
export function renderPageHtml(view: PageView): string {
  const { config } = view;
  const withSidebar = config.sidebar.enabled && view.nav.length > 0;
  // The TOC column is kept on every page of a site that has TOCs, so the article never jumps sideways between a
  // page with headings and one without.
  const layoutClass = ["q-layout", withSidebar && "q-has-sidebar", config.theme.layout.tocEnabled && "q-has-toc"]
    .filter(Boolean)
    .join(" ");
  return (
    `<!doctype html>\n<html${htmlLangAttributes(view.locale)}${htmlThemeAttributes(config.themeToggle)}>\n` +
    `${renderHead(view)}\n<body>\n` +
    (withSidebar ? `<a class="q-skip-link" href="#q-sidebar">Skip to navigation</a>\n` : "") +
    (withSidebar ? MENU_BACKDROP : "") +
    `<div class="${layoutClass}">\n` +
    `<main class="q-main" id="q-main"${fallbackContentAttributes(view.locale)}>${renderAgentHint(view)}${fallbackNotice(view.locale)}${renderBreadcrumbs(view)}${pageActionsBar(view, "above-title")}${renderPageHeader(view)}${pageActionsBar(view, "below-title")}\n` +
    `${PAGE_CONTENT_OPEN}${view.contentHtml}${PAGE_CONTENT_CLOSE}${feedbackWidget(view)}\n` +
    `${renderPageFooter(view)}</main>\n` +
    `${withSidebar ? renderSidebar(config, view.nav, view.activeRoute) : ""}\n` +
    `${renderToc(view)}\n</div>\n` +
    `${renderHeader(view, withSidebar)}\n</body>\n</html>\n`
  );
}

/** Where `/llms.txt` is for this build, or null when the build writes none. */
function llmsIndexUrl(view: PageView): string | null {
  return view.config.surfaces.llmsTxt.enabled ? LLMS_ROUTES.index : null;
}

/**
 * One short line for agents and screen readers, first in `<main>`: the docs index and this page's Markdown. It is
 * visually hidden until a keyboard user tabs into it, like a skip link, so its links are never invisible focus stops.
 */
function renderAgentHint(view: PageView): string {
  const index = llmsIndexUrl(view);
  if (!index || view.notFound) return "";
  return (
    `<p class="q-agent-hint">For AI agents: the index of these docs is <a href="${escapeAttr(index)}">${escapeHtml(index)}</a>; ` +
    `this page as Markdown is <a href="${escapeAttr(view.markdownRoute)}">${escapeHtml(view.markdownRoute)}</a>.</p>`
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
    view.notFound
      ? `<meta name="robots" content="noindex">`
      : `<link rel="canonical" href="${escapeAttr(view.canonicalUrl)}">`,
    view.notFound ? "" : `<link rel="alternate" type="text/markdown" href="${escapeAttr(view.markdownRoute)}">`,
    hreflangLinks(view.locale),
    renderFaviconLinks(view.icons),
    // The same relation the runtime's Link header uses for Markdown: the index that describes this site for agents.
    llmsIndexUrl(view)
      ? `<link rel="describedby" type="text/plain" href="${escapeAttr(llmsIndexUrl(view)!)}" title="Index of these docs for AI agents (llms.txt)">`
      : "",
    themeBootScript(view.config.themeToggle),
    `<link rel="stylesheet" href="${escapeAttr(view.assets.css)}">`,
    `<script defer src="${escapeAttr(view.assets.js)}"></script>`,
    askAiHead(view),
    searchHead(view),
    pageUiHead(view),
    view.headExtra ?? "",
  ];
  return `<head>\n${lines.filter(Boolean).join("\n")}\n</head>`;
}

/**
 * The small-screen menu without JavaScript: a checkbox in the header, beside the button that labels it, and a
 * backdrop label (empty, so the checkbox's name stays "Menu") that closes it. The stylesheet opens the panel with
 * `body:has(.q-menu-toggle:checked)`, so the checkbox sits inside the header's landmark rather than ahead of the page
 * (axe-core's `region`). quire.js adds Escape, closes it on navigation and unchecks it when the page is shown again,
 * so Back never brings the panel back open.
 */
const MENU_TOGGLE = `<input type="checkbox" id="q-menu-toggle" class="q-menu-toggle" aria-controls="q-sidebar">`;
const MENU_BACKDROP = `<label class="q-menu-backdrop" for="q-menu-toggle"></label>`;

const GITHUB_ICON = `<svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><circle cx="6" cy="5" r="2"/><circle cx="6" cy="19" r="2"/><circle cx="18" cy="8" r="2"/><path d="M6 7v10M18 10c0 4-6 3-11 7.5"/></svg>`;

/** SPEC 2.17 GithubConfig: the repository link in the header whenever `github.url` is set. */
function githubLink(view: PageView): string {
  const url = view.config.github?.url;
  if (!url) return "";
  return `<a class="q-header-link" href="${escapeAttr(url)}" rel="noopener" title="GitHub repository"><span class="q-visually-hidden">GitHub repository</span>${GITHUB_ICON}</a>`;
}

const MENU_ICON = `<svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" aria-hidden="true"><path d="M4 6h16M4 12h16M4 18h16"/></svg>`;

function renderHeader(view: PageView, withSidebar: boolean): string {
  const { config } = view;
  // A label for the hidden checkbox opens the sidebar on small screens without JavaScript.
  const menu = withSidebar
    ? `${MENU_TOGGLE}<label class="q-menu-button" for="q-menu-toggle"><span class="q-visually-hidden">Menu</span>${MENU_ICON}</label>`
    : "";
  return (
    `<header class="q-header"><div class="q-header-inner">${menu}` +
    `<a class="q-brand" href="${escapeAttr(view.locale?.home ?? config.navUrl)}">${renderLogo(view.icons)}${escapeHtml(config.title)}</a>` +
    `<div class="q-header-actions">${languageSwitcher(view.locale)}${searchButton(config)}${githubLink(view)}${themeToggleButton(config.themeToggle)}</div></div></header>`
  );
}
