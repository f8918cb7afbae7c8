/**
 * Issue 14: one static search index per locale, so the dialog on a French page finds French pages (and the fallback
 * pages standing in for missing translations). Without `i18n` there is one scope: every page, at the usual place.
 */
import { localeStaticSearchDir, STATIC_SEARCH_DIR } from "../../runtime/contract/index.ts";
import type { ResolvedConfig } from "../config/types.ts";
import type { Page, SiteModel } from "../model/types.ts";
import { localeCodeOf } from "./localize-pages.ts";

export interface SearchScope {
  /** dist-relative folder of the scope's static index (`_docs/search`, `_docs/search/fr`). */
  dir: string;
  pages: Page[];
}

export function localeSearchScopes(site: SiteModel, config: ResolvedConfig): SearchScope[] {
  const locales = config.i18n;
  if (!locales) return [{ dir: STATIC_SEARCH_DIR, pages: site.pages }];
  return locales.locales.map((locale) => ({
    dir: localeStaticSearchDir(locales, locale.code, STATIC_SEARCH_DIR),
    pages: site.pages.filter((page) => localeCodeOf(page, config) === locale.code),
  }));
}

/** A file of the site-wide index layout moved into a scope's folder. */
export function inSearchScope(file: string, dir: string): string {
  return dir === STATIC_SEARCH_DIR ? file : `${dir}${file.slice(STATIC_SEARCH_DIR.length)}`;
}
