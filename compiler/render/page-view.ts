/** Assembles what the layout needs for one page from the site model (no rendering here). */
import type { ResolvedConfig } from "../config/types.ts";
import { FULL_SIDEBAR_LIMIT, pruneNav } from "../model/prune-nav.ts";
import { absoluteUrl } from "../model/routes.ts";
import type { NavNode, Page, SiteModel } from "../model/types.ts";
import { localeCodeOf, localSlugOf } from "../i18n/localize-pages.ts";
import { pageLocaleView } from "../i18n/locale-view.ts";
import { findSiteIcons, type SiteIcons } from "./html/site-icons.ts";
import type { AssetUrls, Crumb, PageView } from "./html/view.ts";
import { documentTitleOf } from "./head/document-title.ts";

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

export function buildPageView(
  page: Page,
  site: SiteModel,
  config: ResolvedConfig,
  assets: AssetUrls,
  headExtra?: string,
): PageView {
  const index = readingIndexOf(site).get(page) ?? -1;
  // Issue 14: reading order runs locale after locale; a neighbour in another locale is no neighbour.
  const sameLocale = (other: Page | undefined) => other && localeCodeOf(other, config) === localeCodeOf(page, config);
  const prev = index > 0 && sameLocale(site.readingOrder[index - 1]) ? site.readingOrder[index - 1] : undefined;
  const next = sameLocale(site.readingOrder[index + 1]) && index >= 0 ? site.readingOrder[index + 1] : undefined;
  const nav = site.localeNavs?.get(localeCodeOf(page, config) ?? "") ?? site.nav;
  const { title, heading, description } = page.frontmatter;
  return {
    config,
    assets,
    documentTitle: documentTitleOf(title, config),
    title: heading ?? title,
    description: description ?? config.metadata.description,
    // A fallback page copies its original, which stays the canonical URL (issue 14).
    canonicalUrl: absoluteUrl(config.baseUrl, page.fallbackOf ?? page.route),
    route: page.route,
    markdownRoute: page.markdownRoute,
    contentHtml: page.html,
    toc: config.theme.layout.tocEnabled ? page.toc : [],
    nav: site.navLinkCount > FULL_SIDEBAR_LIMIT ? pruneNav(nav.children, page.route) : nav.children,
    activeRoute: page.route,
    breadcrumbs: breadcrumbsOf(localSlugOf(page, config), page.frontmatter.title, nav.children),
    prev: prev && { title: prev.frontmatter.title, url: prev.route },
    next: next && { title: next.frontmatter.title, url: next.route },
    lastUpdated:
      config.lastUpdated.enabled && page.lastModified
        ? {
            iso: page.lastModified,
            display: formatDate(page.lastModified),
            label: config.lastUpdated.label,
            position: config.lastUpdated.position,
          }
        : undefined,
    readingTimeLabel:
      page.readingMinutes === undefined
        ? undefined
        : config.readingTime.format === "short"
          ? `${page.readingMinutes} min`
          : `${page.readingMinutes} min read`,
    editUrl: editUrlOf(page, config),
    icons: siteIconsOf(site),
    headExtra,
    locale: pageLocaleView(page, site, config),
  };
}

const readingIndexes = new WeakMap<SiteModel, Map<Page, number>>();
const icons = new WeakMap<SiteModel, SiteIcons>();

/** The site's favicon and logo, found once per site. */
export function siteIconsOf(site: SiteModel): SiteIcons {
  let found = icons.get(site);
  if (!found) icons.set(site, (found = findSiteIcons(site.staticFiles.public.keys())));
  return found;
}

/** Position of each page in reading order, computed once per site instead of a scan per page. */
function readingIndexOf(site: SiteModel): Map<Page, number> {
  let index = readingIndexes.get(site);
  if (!index) {
    index = new Map(site.readingOrder.map((page, i) => [page, i]));
    readingIndexes.set(site, index);
  }
  return index;
}

/** SPEC 2.17: the edit link appears only when both `url` and `directory` are given. */
function editUrlOf(page: Page, config: ResolvedConfig): string | undefined {
  const github = config.github;
  if (!github?.directory) return undefined;
  const directory = github.directory.replace(/^\/+|\/+$/g, "");
  return `${github.url}/edit/${github.branch}/${directory ? `${directory}/` : ""}${page.sourcePath}`;
}

/** Folders above the page (linked when their landing page is), then the page itself. */
/** The folders above the page at `pageSlug` (its slug within its locale), then the page itself. */
function breadcrumbsOf(pageSlug: string, title: string, nav: NavNode[]): Crumb[] {
  const crumbs: Crumb[] = [];
  let level = nav;
  const segments = pageSlug ? pageSlug.split("/") : [];
  let slug = "";
  for (const segment of segments.slice(0, -1)) {
    slug = slug ? `${slug}/${segment}` : segment;
    const folder = level.find((n) => n.type === "folder" && n.slug === slug);
    if (!folder || folder.type !== "folder") break;
    crumbs.push({ name: folder.name, url: folder.index?.url });
    level = folder.children;
  }
  crumbs.push({ name: title });
  return crumbs;
}

/** `2024-05-01` → `May 1, 2024`, without locale data so every machine prints the same. */
export function formatDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!match) return iso;
  return `${MONTHS[Number(match[2]) - 1] ?? match[2]} ${Number(match[3])}, ${match[1]}`;
}
