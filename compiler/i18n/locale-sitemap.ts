/**
 * Issue 14: what the sitemaps say about locales. sitemap.xml lists each translation with `xhtml:link` alternates to
 * all of them (itself included, plus `x-default`); fallback copies are left out. The Markdown sitemap gives each
 * non-default locale its own section, walked from that locale's sidebar.
 */
import type { ResolvedConfig } from "../config/types.ts";
import { absoluteUrl } from "../model/routes.ts";
import type { NavNode, Page, SiteModel } from "../model/types.ts";
import { translationsOf } from "./locale-versions.ts";

/** Undefined on a site without `i18n` and for a page with no translation, so its `<url>` stays as it was. */
export function sitemapAlternates(
  page: Page,
  site: SiteModel,
  config: ResolvedConfig,
): { hreflang: string; href: string }[] | undefined {
  const translations = translationsOf(page, site, config);
  if (translations.length < 2) return undefined;
  const href = (route: string) => absoluteUrl(config.baseUrl, encodeURI(route));
  const alternates = translations.map((version) => ({
    hreflang: version.locale.lang,
    href: href(version.page!.route),
  }));
  const original = translations.find((version) => version.locale.code === config.i18n?.defaultLocale);
  if (original?.page) alternates.push({ hreflang: "x-default", href: href(original.page.route) });
  return alternates;
}

/** `## Français (fr)` sections of the Markdown sitemap, one per non-default locale, each with its sidebar. */
export function localeSitemapSections(site: SiteModel, config: ResolvedConfig): { heading: string; nav: NavNode[] }[] {
  const locales = config.i18n;
  if (!locales) return [];
  return locales.locales
    .filter((locale) => locale.code !== locales.defaultLocale)
    .map((locale) => ({
      heading: `${locale.label} (${locale.lang})`,
      nav: site.localeNavs?.get(locale.code)?.children ?? [],
    }));
}
