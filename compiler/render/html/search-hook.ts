/**
 * The page's hook for the search dialog (issue 12, SPEC 2.14): a header button that is a plain link to the search
 * page (it works without JavaScript), and a `#q-search-config` JSON the loader in `templates/search-loader.js`
 * reads to fetch `templates/search.js` + `search.css` on first open. `api` is null under staticExport (no runtime
 * route), so the dialog goes straight to the static index under `_docs/search/`.
 */
import { DOCS_API_ROUTE, SEARCH_PAGE_ROUTE, STATIC_SEARCH_INDEX_FILE } from "../../../runtime/contract/index.ts";
import type { ResolvedConfig } from "../../config/types.ts";
import { escapeAttr } from "./escape.ts";
import type { PageView } from "./view.ts";

/** What templates/search-loader.js and search.js read. */
export interface SearchPageSettings {
  /** The runtime's search route, or null when the build serves none (staticExport). */
  api: string | null;
  /** The static index, always written when search is on. */
  index: string;
  /** The search page (the button's target without JavaScript). */
  page: string;
  js: string;
  css: string;
  /** True when the site also has Ask AI: the dialog offers "Ask AI" for the query (`window.quireAskAi.open`). */
  askAi: boolean;
}

export function searchEnabled(config: ResolvedConfig): boolean {
  return config.surfaces.search.enabled;
}

export function searchHead(view: PageView): string {
  const assets = view.assets.search;
  if (!searchEnabled(view.config) || !assets) return "";
  const settings: SearchPageSettings = {
    // Issue 14: a page of a non-default locale asks its locale's API (`/fr/api/docs`), which scopes results to it.
    api: view.config.staticExport ? null : (view.locale?.docsApi ?? DOCS_API_ROUTE),
    index: view.locale?.searchIndex ?? `/${STATIC_SEARCH_INDEX_FILE}`,
    page: SEARCH_PAGE_ROUTE,
    js: assets.js,
    css: assets.css,
    askAi: view.config.surfaces.ai.enabled,
  };
  const json = JSON.stringify(settings).replace(/</g, "\\u003c");
  return `<script type="application/json" id="q-search-config">${json}</script>`;
}

const SEARCH_ICON = `<svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" aria-hidden="true"><circle cx="11" cy="11" r="7"/><path d="m20 20-3.5-3.5"/></svg>`;

/** The header's search button: a link to the search page until the loader turns it into the dialog's opener. */
export function searchButton(config: ResolvedConfig): string {
  if (!searchEnabled(config)) return "";
  return (
    `<a class="q-search-button" href="${escapeAttr(SEARCH_PAGE_ROUTE)}" data-q-search aria-keyshortcuts="Control+K Meta+K /">` +
    `${SEARCH_ICON}<span class="q-search-label">Search</span><kbd class="q-search-kbd">Ctrl K</kbd></a>`
  );
}
