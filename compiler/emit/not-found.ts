/**
 * `404.html` (issue 10): the site chrome (header, sidebar, theme) around a short message and the ways back — the docs
 * root, the llms.txt index and the sitemap. `noindex`, no canonical URL; every URL in it is root-relative, so it
 * works at whatever path a host serves it for.
 */
import { LLMS_ROUTES, NOT_FOUND_PAGE_FILE, SITEMAP_ROUTES } from "../../runtime/contract/index.ts";
import type { ResolvedConfig } from "../config/types.ts";
import { FULL_SIDEBAR_LIMIT, pruneNav } from "../model/prune-nav.ts";
import type { SiteModel } from "../model/types.ts";
import { escapeAttr, escapeHtml } from "../render/html/escape.ts";
import { renderPageHtml } from "../render/html/layout.ts";
import type { AssetUrls } from "../render/html/view.ts";
import { siteIconsOf } from "../render/page-view.ts";
import type { FileSink } from "../write/write-dist.ts";

const TITLE = "Page not found";

export function emitNotFoundPage(site: SiteModel, config: ResolvedConfig, assets: AssetUrls, files: FileSink): void {
  const ways = [
    `<li><a href="${escapeAttr(config.docsRoute)}">${escapeHtml(config.title)}</a>: the start of these docs</li>`,
    config.surfaces.llmsTxt.enabled
      ? `<li><a href="${LLMS_ROUTES.index}">llms.txt</a>: every page, listed for AI agents</li>`
      : "",
    config.surfaces.sitemap.enabled
      ? `<li><a href="${SITEMAP_ROUTES.markdown}">Sitemap</a>: every page, by section</li>`
      : "",
  ].filter(Boolean);
  const content = `<p>There is no page at this address. It may have moved, or the link that led here may be mistyped.</p>\n<ul>${ways.join("")}</ul>`;
  files.set(
    NOT_FOUND_PAGE_FILE,
    renderPageHtml({
      config,
      assets,
      documentTitle: config.metadata.titleTemplate.replace(/%s/g, TITLE),
      title: TITLE,
      canonicalUrl: "",
      route: "",
      markdownRoute: "",
      contentHtml: content,
      toc: [],
      nav: site.navLinkCount > FULL_SIDEBAR_LIMIT ? pruneNav(site.nav.children, "") : site.nav.children,
      activeRoute: "",
      breadcrumbs: [],
      icons: siteIconsOf(site),
      notFound: true,
    }),
  );
}
