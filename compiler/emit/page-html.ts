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
import type { NavTree, Page, SiteModel } from "../model/types.ts";
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

/** What every page's HTML shows of the site besides the page itself; worked out once per site, config and assets. */
export function siteDigestOf(site: SiteModel, config: ResolvedConfig, assets: AssetUrls): string {
  const known = siteDigests.get(site);
  if (known?.config === config && known.assets === assets) return known.digest;
  const hash = createHash("sha256");
  const add = (value: unknown) => hash.update(JSON.stringify(value) ?? "").update("\n");
  add(config);
  add(assets);
  hash.update(treeJson(site.nav)).update("\n");
  for (const [code, tree] of site.localeNavs ?? []) hash.update(`${code}\0`).update(treeJson(tree)).update("\n");
  add(site.navLinkCount);
  hash.update(readingOrderJson(site.readingOrder)).update("\n");
  add(site.redirects);
  add([...site.staticFiles.public.keys()]);
  add(site.locales);
  const digest = hash.digest("base64url");
  siteDigests.set(site, { config, assets, digest });
  return digest;
}

const siteDigests = new WeakMap<SiteModel, { config: ResolvedConfig; assets: AssetUrls; digest: string }>();

/**
 * A sidebar tree's JSON, once per frozen tree: the navigation gives `docs dev` the same frozen tree while no page's
 * title, order or place changes (model/nav.ts), and at 5,000 pages writing it out was ~15 ms a save.
 */
function treeJson(tree: NavTree): string {
  if (!Object.isFrozen(tree)) return JSON.stringify(tree);
  let json = treeJsons.get(tree);
  if (json === undefined) treeJsons.set(tree, (json = JSON.stringify(tree)));
  return json;
}

const treeJsons = new WeakMap<NavTree, string>();

/** What the digest takes from each page of the reading order (previous and next links). */
function readingEntryOf(page: Page): [string, string, string, string | undefined] {
  return [page.route, page.slug, page.frontmatter.title, page.frontmatter.locale];
}

/**
 * The reading order's entries as JSON. `docs dev` builds the same page objects in the same order save after save,
 * bar the one edited: the last order's JSON stands while each page is the same object or gives the same entry. It is
 * the part of the digest that grows with the pages (the whole digest was ~13 ms of a 5,000-page save).
 */
function readingOrderJson(order: readonly Page[]): string {
  const last = lastReadingOrder;
  const same =
    last?.pages.length === order.length &&
    order.every((page, i) => {
      const before = last.pages[i]!;
      if (page === before) return true;
      // A page kept from here on must not change behind the JSON: only a frozen one is.
      return Object.isFrozen(page) && readingEntryOf(page).every((value, k) => value === last.entries[i]![k]);
    });
  if (same) {
    lastReadingOrder = { ...last, pages: order };
    return last.json;
  }
  const entries = order.map(readingEntryOf);
  const json = JSON.stringify(entries);
  // Only frozen pages stay as they are (a one-shot build's are not kept).
  lastReadingOrder = order.every((page) => Object.isFrozen(page)) ? { pages: order, entries, json } : undefined;
  return json;
}

let lastReadingOrder:
  | { pages: readonly Page[]; entries: readonly ReturnType<typeof readingEntryOf>[]; json: string }
  | undefined;
