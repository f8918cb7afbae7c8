/**
 * Issue 14: one sidebar per locale. Each locale's pages are laid out as if their folder were the content root, so
 * `ordering`, folder landing pages and hidden pages work the same in every language.
 */
import type { ResolvedConfig } from "../config/types.ts";
import { buildNavigation, type Navigation } from "../model/nav.ts";
import type { NavTree, Page } from "../model/types.ts";
import { localeCodeOf, localSlugOf } from "./localize-pages.ts";

export interface LocaleNavigation extends Navigation {
  /** Sidebar tree per locale code. */
  trees: Map<string, NavTree>;
}

/**
 * `tree` is the default locale's; `readingOrder` lists every locale's pages, one locale after the other, so a page's
 * neighbours are its locale's (the page view drops a neighbour from another locale).
 */
export function buildLocaleNavigation(pages: Page[], config: ResolvedConfig): LocaleNavigation {
  const locales = config.i18n;
  if (!locales) {
    const navigation = buildNavigation(pages, config);
    return { ...navigation, trees: new Map() };
  }
  const trees = new Map<string, NavTree>();
  const readingOrder: Page[] = [];
  const redirects: Navigation["redirects"] = [];
  for (const locale of locales.locales) {
    const own = pages.filter((page) => localeCodeOf(page, config) === locale.code);
    const local = own.map((page) => ({ ...page, slug: localSlugOf(page, config) }));
    const navigation = buildNavigation(local, config);
    const byRoute = new Map(own.map((page) => [page.route, page]));
    trees.set(locale.code, navigation.tree);
    readingOrder.push(...navigation.readingOrder.map((page) => byRoute.get(page.route) ?? page));
    redirects.push(...navigation.redirects);
  }
  const tree = trees.get(locales.defaultLocale) ?? { name: config.title, children: [] };
  return { tree, readingOrder, redirects, trees };
}
