/**
 * The search page at `/search` (issue 12): where the header's search button leads without JavaScript. With
 * JavaScript the loader opens the dialog on it (with `?q=`); without, the page lists every page with its description,
 * so the browser's find-in-page still finds one. A docs page that owns `/search` keeps it: the page is not written.
 */
import { LLMS_ROUTES, SEARCH_PAGE_ROUTE } from "../../runtime/contract/index.ts";
import type { ResolvedConfig } from "../config/types.ts";
import { absoluteUrl, canonicalPages, htmlFileOf } from "../model/routes.ts";
import type { Page, SiteModel } from "../model/types.ts";
import { escapeAttr, escapeHtml } from "../render/html/escape.ts";
import { renderPageHtml } from "../render/html/layout.ts";
import { searchEnabled } from "../render/html/search-hook.ts";
import type { AssetUrls } from "../render/html/view.ts";
import type { FileSink } from "../write/write-dist.ts";
import { siteDigestOf } from "./page-html.ts";

export function emitSearchPage(site: SiteModel, config: ResolvedConfig, assets: AssetUrls, files: FileSink): void {
  if (!searchEnabled(config) || site.pages.some((page) => page.route === SEARCH_PAGE_ROUTE)) return;
  const listed = canonicalPages(site).filter((page) => !page.frontmatter.hidden);
  const items = listed.map(listItemOf);
  const digest = siteDigestOf(site, config, assets);
  // All else it shows is the site's (sidebar, header, assets): the last page made stands while both are the same.
  const last = lastSearchPage;
  if (!last || last.digest !== digest || !sameItems(last.items, items)) {
    const contentHtml =
      `<form class="q-search-page-form" action="${escapeAttr(SEARCH_PAGE_ROUTE)}" method="get" role="search" data-q-search-form>` +
      `<label for="q-search-page-input">Search these docs</label> ` +
      `<input id="q-search-page-input" name="q" type="search" autocomplete="off"> <button type="submit">Search</button></form>` +
      `<p>Search runs in your browser. Without JavaScript, every page is listed below: use your browser's find in page.</p>` +
      `<ul class="q-search-page-list">${items.join("")}</ul>`;
    lastSearchPage = { digest, items, html: searchPageHtml(site, config, assets, contentHtml) };
  }
  files.set(htmlFileOf(SEARCH_PAGE_ROUTE), lastSearchPage!.html);
}

/** The search page `docs dev` made last (~25 ms at 5,000 pages, most saves change nothing in it). */
let lastSearchPage: { digest: string; items: string[]; html: string } | undefined;

/** A page's entry in the list, once per frozen page (a dev session's unchanged pages are the same objects). */
function listItemOf(page: Page): string {
  let item = listItems.get(page);
  if (item === undefined) {
    const description = page.frontmatter.description ? ` — ${escapeHtml(page.frontmatter.description)}` : "";
    item = `<li><a href="${escapeAttr(page.route)}">${escapeHtml(page.frontmatter.title)}</a>${description}</li>`;
    // Only a frozen record (page-cache.ts) cannot change after this.
    if (Object.isFrozen(page) && Object.isFrozen(page.frontmatter)) listItems.set(page, item);
  }
  return item;
}

const listItems = new WeakMap<Page, string>();

function sameItems(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}

function searchPageHtml(site: SiteModel, config: ResolvedConfig, assets: AssetUrls, contentHtml: string): string {
  const title = "Search";
  return renderPageHtml({
    config,
    assets,
    documentTitle: config.metadata.titleTemplate.replace(/%s/g, title),
    title,
    canonicalUrl: absoluteUrl(config.baseUrl, SEARCH_PAGE_ROUTE),
    route: SEARCH_PAGE_ROUTE,
    // The search page has no Markdown of its own; the index of every page is its Markdown counterpart.
    markdownRoute: LLMS_ROUTES.index,
    contentHtml,
    toc: [],
    nav: site.nav.children,
    activeRoute: SEARCH_PAGE_ROUTE,
    breadcrumbs: [],
  });
}
