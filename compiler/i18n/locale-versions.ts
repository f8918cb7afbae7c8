/**
 * Issue 14: the versions of one page across locales, found once per site: what `hreflang` alternates, the sitemap's
 * `xhtml:link`s and the language switcher point at.
 */
import type { SiteLocale } from "../../runtime/contract/locales.ts";
import type { ResolvedConfig } from "../config/types.ts";
import type { Page, SiteModel } from "../model/types.ts";
import { localeCodeOf, localSlugOf } from "./localize-pages.ts";

export interface LocaleVersion {
  locale: SiteLocale;
  /** The page in that locale: a translation, a fallback page, or undefined when the locale has neither. */
  page?: Page;
}

const bySite = new WeakMap<SiteModel, Map<string, Map<string, Page>>>();

function versionIndex(site: SiteModel, config: ResolvedConfig): Map<string, Map<string, Page>> {
  let index = bySite.get(site);
  if (!index) {
    index = new Map();
    for (const page of site.pages) {
      const local = localSlugOf(page, config);
      const code = localeCodeOf(page, config) ?? "";
      if (!index.has(local)) index.set(local, new Map());
      index.get(local)?.set(code, page);
    }
    bySite.set(site, index);
  }
  return index;
}

/** Every configured locale with this page's version in it, in config order; empty on a site without `i18n`. */
export function localeVersionsOf(page: Page, site: SiteModel, config: ResolvedConfig): LocaleVersion[] {
  if (!config.i18n) return [];
  const versions = versionIndex(site, config).get(localSlugOf(page, config));
  return config.i18n.locales.map((locale) => ({ locale, page: versions?.get(locale.code) }));
}

/** The versions a search engine should know of: translations only, never fallback copies. */
export function translationsOf(page: Page, site: SiteModel, config: ResolvedConfig): LocaleVersion[] {
  if (page.fallbackOf) return [];
  return localeVersionsOf(page, site, config).filter((version) => version.page && !version.page.fallbackOf);
}

/** The locale record of a page, or undefined on a site without `i18n`. */
export function siteLocaleOf(page: Page, config: ResolvedConfig): SiteLocale | undefined {
  const code = localeCodeOf(page, config);
  return config.i18n?.locales.find((locale) => locale.code === code);
}
