/**
 * One page's HTML, remembered across the builds of a process (`docs dev`) while neither the page record nor the site
 * around it changed. A page's HTML is its record (perRecord: the same frozen object as long as the page's sources
 * and the config are unchanged) plus what it shows of the site: the sidebar and breadcrumbs (navigation), previous
 * and next links (reading order), site icons, redirects, the stylesheet and script URLs and its Open Graph image.
 * Those go into one digest per build, `siteDigestOf`; an edit that changes any of them (a title, a new page, a
 * moved folder) renders every page again, an edit of one page's body renders that page.
 */
import { createHash } from "node:crypto";
import type { ResolvedConfig } from "../config/types.ts";
import { perRecord } from "../cache/per-record.ts";
import type { Page, SiteModel } from "../model/types.ts";
import { renderPageHtml } from "../render/html/layout.ts";
import type { AssetUrls } from "../render/html/view.ts";
import { buildPageView } from "../render/page-view.ts";
import { type SectionCards, withCardsHtml } from "../render/section-cards.ts";
import { type LinkRepair, repairsKey, withRepairedHtml } from "../links/link-repairs.ts";

export interface PageHtmlContext {
  site: SiteModel;
  config: ResolvedConfig;
  assets: AssetUrls;
  /** `siteDigestOf(site, config, assets)`, computed when first asked (only remembered pages need it). */
  siteDigest: () => string;
  headExtra: (page: Page) => string;
  ogImage?: string;
  /** The page's section cards, when it shows them (render/section-cards.ts). */
  sectionCards?: SectionCards;
  /** Its links written for another tool, mended (links/link-repairs.ts). */
  linkRepairs?: readonly LinkRepair[];
}

export const pageHtmlOf = perRecord(
  (page: Page, context: PageHtmlContext) => {
    const view = buildPageView(page, context.site, context.config, context.assets, context.headExtra(page));
    const content = withRepairedHtml(withCardsHtml(view.contentHtml, context.sectionCards), context.linkRepairs ?? []);
    return renderPageHtml({ ...view, contentHtml: content });
  },
  (context) =>
    [
      context.siteDigest(),
      context.ogImage ?? "",
      context.sectionCards?.html ?? "",
      repairsKey(context.linkRepairs ?? []),
    ].join("\n"),
);

/** What every page's HTML shows of the site besides the page itself. */
export function siteDigestOf(site: SiteModel, config: ResolvedConfig, assets: AssetUrls): string {
  const hash = createHash("sha256");
  const add = (value: unknown) => hash.update(JSON.stringify(value) ?? "").update("\n");
  add(config);
  add(assets);
  add(site.nav);
  add(site.localeNavs ? [...site.localeNavs] : null);
  add(site.navLinkCount);
  add(site.readingOrder.map((page) => [page.route, page.slug, page.frontmatter.title, page.frontmatter.locale]));
  add(site.redirects);
  add([...site.staticFiles.public.keys()]);
  add(site.locales);
  return hash.digest("base64url");
}
