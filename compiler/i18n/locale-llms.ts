/**
 * Issue 14: what each non-default locale's llms files hold (`/<code>/llms.txt`, `/<code>/llms-full.txt`): its pages,
 * fallback copies included and marked, grouped by its own sidebar; and the link the root llms.txt lists it under.
 */
import { localeLlmsRoutes } from "../../runtime/contract/locales.ts";
import type { ResolvedConfig } from "../config/types.ts";
import { absoluteUrl, canonicalPages } from "../model/routes.ts";
import type { NavNode, Page, SiteModel } from "../model/types.ts";
import { localeCodeOf } from "./localize-pages.ts";

export interface LocaleLlms {
  label: string;
  routes: { index: string; full: string };
  /** `- [Français (fr)](…/fr/llms.txt)` for the root index's Languages section. */
  link: string;
  nav: NavNode[];
  /** Every page of the locale (llms-full.txt) and the ones the index links (no redirect sources). */
  pages: Page[];
  linked: Page[];
}

export function localeLlmsFiles(site: SiteModel, config: ResolvedConfig): LocaleLlms[] {
  const locales = config.i18n;
  if (!locales) return [];
  const canonical = new Set(canonicalPages(site));
  return locales.locales
    .filter((locale) => locale.code !== locales.defaultLocale)
    .map((locale) => {
      const pages = site.pages.filter((page) => localeCodeOf(page, config) === locale.code);
      const routes = localeLlmsRoutes(locale.code);
      return {
        label: locale.label,
        routes,
        link: `- [${locale.label} (${locale.lang})](${absoluteUrl(config.baseUrl, routes.index)})`,
        nav: site.localeNavs?.get(locale.code)?.children ?? [],
        pages,
        linked: pages.filter((page) => canonical.has(page)),
      };
    });
}
