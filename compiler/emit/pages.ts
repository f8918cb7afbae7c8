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
import type { LinkRepair } from "../links/link-repairs.ts";
import type { SectionCards } from "../render/section-cards.ts";
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
  const llmsTxt = config.surfaces.llmsTxt.enabled;
  // Redirects are part of the site digest: a kept page was not redirected then (those are not kept), nor is it now.
  const before = lastEmitted && lastEmitted.digest === siteDigest() ? lastEmitted.pages : [];
  const emitted: EmittedPage[] = [];
  for (const [i, page] of site.pages.entries()) {
    const sectionCards = sectionCardsOf(page, site, config);
    const linkRepairs = linkRepairsOf(page, site, config);
    const ogImage = ogImageOf(page);
    const kept = before[i];
    const unchanged =
      kept?.page === page &&
      kept.ogImage === ogImage &&
      kept.linkRepairs === linkRepairs &&
      sameCards(kept.sectionCards, sectionCards);
    if (unchanged) {
      files.set(kept.htmlFile, kept.html);
      files.set(kept.markdownFile, kept.markdown);
      emitted.push(kept);
      continue;
    }
    const target = redirected.get(page.route);
    const html = target
      ? renderRedirectHtml(target, absoluteUrl(config.baseUrl, target))
      : pageHtmlOf(page, { ...context, ogImage, sectionCards, linkRepairs });
    const markdown = renderAgentPage(page, { baseUrl: config.baseUrl, llmsTxt, sectionCards, linkRepairs });
    const htmlFile = htmlFileOf(page.route);
    const markdownFile = page.markdownRoute.slice(1);
    files.set(htmlFile, html);
    files.set(markdownFile, markdown);
    // Only a frozen record stays as it is (cache/per-record.ts): a one-shot build's pages are not kept.
    if (!target && Object.isFrozen(page))
      emitted.push({ page, ogImage, sectionCards, linkRepairs, htmlFile, html, markdownFile, markdown });
    else emitted.push(undefined);
  }
  // A build with no frozen page (a one-shot build beside a dev session, in tests) leaves the dev session's as it was.
  if (emitted.some(Boolean)) lastEmitted = { digest: siteDigest(), pages: emitted };
  if (site.redirects.length > 0) {
    // Netlify / Cloudflare Pages syntax; hosts without it still get the meta-refresh page.
    files.set("_redirects", site.redirects.map((r) => `${r.from} ${r.to} 302`).join("\n") + "\n");
  }
}

/** One page's two files as the last `emitPages` of this process made them, and what they were made from. */
type EmittedPage =
  | {
      page: Page;
      ogImage: string | undefined;
      sectionCards: SectionCards | undefined;
      linkRepairs: readonly LinkRepair[];
      htmlFile: string;
      html: string;
      markdownFile: string;
      markdown: string;
    }
  | undefined;

/**
 * The pages of the last call, by position, with the site digest they were made under. `docs dev` gets the same frozen
 * record for an unchanged page save after save (page-cache.ts): such a page, under the same digest, with the same Open
 * Graph image, section cards and link repairs, has the same files: found by position and identity, without working
 * out the keys of its remembered HTML and Markdown (cache/per-record.ts) for each page.
 */
let lastEmitted: { digest: string; pages: EmittedPage[] } | undefined;

function sameCards(a: SectionCards | undefined, b: SectionCards | undefined): boolean {
  return a === b || (a !== undefined && b !== undefined && a.html === b.html && a.markdown === b.markdown);
}
