/** Human HTML and agent Markdown for every page, plus redirect pages for hidden folder parents. */
import type { ResolvedConfig } from "../config/types.ts";
import { absoluteUrl, htmlFileOf } from "../model/routes.ts";
import type { Page, SiteModel } from "../model/types.ts";
import { renderAgentPage } from "../render/agent-page.ts";
import { renderRedirectHtml } from "../render/html/redirect.ts";
import { sectionCardsOf } from "../render/section-cards.ts";
import { linkRepairsOf } from "../links/link-repairs.ts";
import type { AssetUrls } from "../render/html/view.ts";
import { pageHtmlOf, siteDigestOf } from "./page-html.ts";
import type { FileSink } from "../write/write-dist.ts";

/**
 * `headExtraOf` supplies each page's JSON-LD and social meta (compiler/render/head) and `ogImageOf` its Open Graph
 * image, the one input of the head that is not in the page or the site.
 */
export function emitPages(
  site: SiteModel,
  config: ResolvedConfig,
  assets: AssetUrls,
  files: FileSink,
  headExtraOf: (page: Page) => string,
  ogImageOf: (page: Page) => string | undefined,
): void {
  const redirected = new Map(site.redirects.map((r) => [r.from, r.to]));
  let digest: string | undefined;
  const siteDigest = () => (digest ??= siteDigestOf(site, config, assets));
  const context = { site, config, assets, siteDigest, headExtra: headExtraOf };
  for (const page of site.pages) {
    const target = redirected.get(page.route);
    const sectionCards = sectionCardsOf(page, site, config);
    const linkRepairs = linkRepairsOf(page, site, config);
    const html = target
      ? renderRedirectHtml(target, absoluteUrl(config.baseUrl, target))
      : pageHtmlOf(page, { ...context, ogImage: ogImageOf(page), sectionCards, linkRepairs });
    files.set(htmlFileOf(page.route), html);
    const llmsTxt = config.surfaces.llmsTxt.enabled;
    files.set(
      page.markdownRoute.slice(1),
      renderAgentPage(page, { baseUrl: config.baseUrl, llmsTxt, sectionCards, linkRepairs }),
    );
  }
  if (site.redirects.length > 0) {
    // Netlify / Cloudflare Pages syntax; hosts without it still get the meta-refresh page.
    files.set("_redirects", site.redirects.map((r) => `${r.from} ${r.to} 302`).join("\n") + "\n");
  }
}
