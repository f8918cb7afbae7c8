/** Public URLs of a page, from its slug and `docsPath` (SPEC 2.1). */
import type { ResolvedConfig } from "../config/types.ts";
import { localeOfSlug, localePrefix, slugInLocale, type SiteLocales } from "../../runtime/contract/locales.ts";
import type { Page, SiteModel } from "./types.ts";

export function pageRoutes(
  config: Pick<ResolvedConfig, "docsPath"> & { i18n?: SiteLocales | null },
  slug: string,
): { route: string; markdownRoute: string } {
  // Issue 14: a page in a locale folder (`fr/guides/x`) is served under the locale's prefix (`/fr/docs/guides/x`).
  const locale = config.i18n ? localeOfSlug(config.i18n, slug).code : undefined;
  const prefix = localePrefix(config.i18n ?? null, locale).slice(1);
  const local = prefix && config.i18n ? slugInLocale(config.i18n, slug) : slug;
  const segments = [prefix, config.docsPath, local].filter(Boolean).join("/");
  if (segments === "") return { route: "/", markdownRoute: "/index.md" };
  return { route: `/${segments}`, markdownRoute: `/${segments}.md` };
}

/** Output file of a route's HTML: `/docs/a` → `docs/a/index.html`. */
export function htmlFileOf(route: string): string {
  return route === "/" ? "index.html" : `${route.slice(1)}/index.html`;
}

/** Absolute URL when the site has a base URL, else the route itself. */
export function absoluteUrl(baseUrl: string | null, route: string): string {
  return baseUrl ? `${baseUrl}${route === "/" ? "/" : route}` : route;
}

/**
 * Pages whose canonical URL answers with their own content. A redirect source (a hidden folder parent, SPEC 2.6)
 * answers people with another page, so the sitemap, search and the llms.txt link lists leave it out; its Markdown
 * stays readable at its `.md` route and in llms-full.txt.
 */
export function canonicalPages(site: Pick<SiteModel, "pages" | "redirects">): Page[] {
  const redirected = new Set(site.redirects.map((r) => r.from));
  return site.pages.filter((page) => !redirected.has(page.route));
}
