/** Issue 14: what the layout needs to render a page's language: `lang`/`dir`, alternates, switcher, fallback notice. */
import type { ResolvedConfig } from "../config/types.ts";
import { absoluteUrl } from "../model/routes.ts";
import type { Page, SiteModel } from "../model/types.ts";
import { localeVersionsOf, siteLocaleOf, translationsOf } from "./locale-versions.ts";
import { localeCodeOf } from "./localize-pages.ts";
import { DOCS_API_ROUTE } from "../../runtime/contract/routes.ts";
import { localeDocsApiRoute, localePrefix, localeStaticSearchDir } from "../../runtime/contract/locales.ts";
import { STATIC_SEARCH_DIR } from "../../runtime/contract/static-search.ts";

export interface PageLocaleView {
  /** `<html lang>` and `dir`: the locale's (a fallback page's chrome is in its locale; its article is not). */
  lang: string;
  dir: "ltr" | "rtl";
  /** `<link rel="alternate" hreflang>` targets, absolute when the site has a base URL; `x-default` last. */
  alternates: { hreflang: string; href: string }[];
  /** One entry per locale, in config order. */
  switcher: { label: string; lang: string; href: string; current: boolean }[];
  /** The locale's docs API: `/api/docs`, or `/fr/api/docs` (runtime/routes/locale-api.ts) for another locale. */
  docsApi: string;
  /** The locale's static search index (`/_docs/search/fr/index.json`). */
  searchIndex: string;
  /** Where the header's site title links: the locale's docs root (unless `nav.url` points elsewhere). */
  home: string;
  /** On a fallback page: the notice, and the language and direction its article is written in. */
  fallback?: { notice: string; lang: string; dir: "ltr" | "rtl" };
}

export function pageLocaleView(page: Page, site: SiteModel, config: ResolvedConfig): PageLocaleView | undefined {
  const locales = config.i18n;
  const locale = siteLocaleOf(page, config);
  if (!locales || !locale) return undefined;
  const defaultLocale = locales.locales.find((l) => l.code === locales.defaultLocale) ?? locale;
  const translations = translationsOf(page, site, config);
  const alternates = translations.map((version) => ({
    hreflang: version.locale.lang,
    href: absoluteUrl(config.baseUrl, version.page?.route ?? ""),
  }));
  const original = translations.find((version) => version.locale.code === locales.defaultLocale);
  if (original?.page && alternates.length > 1)
    alternates.push({ hreflang: "x-default", href: absoluteUrl(config.baseUrl, original.page.route) });
  const switcher = localeVersionsOf(page, site, config).map((version) => ({
    label: version.locale.label,
    lang: version.locale.lang,
    // A locale without this page (fallbacks off, no translation) sends the reader to its home page.
    href: version.page?.route ?? localeHome(site, config, version.locale.code),
    current: version.locale.code === locale.code,
  }));
  const prefix = localePrefix(locales, locale.code);
  return {
    docsApi: prefix ? localeDocsApiRoute(locale.code, DOCS_API_ROUTE) : DOCS_API_ROUTE,
    searchIndex: `/${localeStaticSearchDir(locales, locale.code, STATIC_SEARCH_DIR)}/index.json`,
    home:
      config.navUrl === config.docsRoute && prefix
        ? `${prefix}${config.docsRoute === "/" ? "" : config.docsRoute}`
        : config.navUrl,
    lang: locale.lang,
    dir: locale.dir,
    alternates: alternates.length > 1 ? alternates : [],
    switcher,
    fallback: page.fallbackOf
      ? {
          notice: locale.fallbackNotice.replace(/\{locale\}/g, locale.label),
          lang: defaultLocale.lang,
          dir: defaultLocale.dir,
        }
      : undefined,
  };
}

/** The first page of a locale's reading order, else its docs root route. */
function localeHome(site: SiteModel, config: ResolvedConfig, code: string): string {
  const first = site.readingOrder.find((page) => localeCodeOf(page, config) === code);
  return first?.route ?? config.docsRoute;
}
