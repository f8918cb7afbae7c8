/**
 * Issue 14: gives every page of a multilingual site its locale (the folder it sits in decides) and, where a locale
 * lacks a translation, a fallback page: the default locale's page served at the locale's route, marked with
 * `fallbackOf` so the HTML shows a notice, agents see `fallback: true`, and the sitemap and `hreflang` skip it.
 */
import type { SiteLocales } from "../../runtime/contract/locales.ts";
import {
  localeDocsApiRoute,
  localeLlmsRoutes,
  localeOfSlug,
  slugForLocale,
  slugInLocale,
} from "../../runtime/contract/locales.ts";
import { DOCS_API_ROUTE } from "../../runtime/contract/routes.ts";
import type { ResolvedConfig } from "../config/types.ts";
import { pageRoutes } from "../model/routes.ts";
import type { Page, SearchChunk } from "../model/types.ts";

/** Pages with their locale set, followed by the fallback pages, in build order. */
export function localizePages(pages: Page[], config: ResolvedConfig): Page[] {
  const locales = config.i18n;
  if (!locales) return pages;
  const localized = pages.map((page) => withLocale(page, locales));
  if (!locales.fallback) return localized;
  const present = new Set(localized.map((page) => page.slug));
  const originals = localized.filter((page) => localeOfSlug(locales, page.slug).code === locales.defaultLocale);
  const fallbacks: Page[] = [];
  for (const locale of locales.locales) {
    if (locale.code === locales.defaultLocale) continue;
    for (const original of originals) {
      const slug = slugForLocale(locales, locale.code, original.slug);
      if (!present.has(slug)) fallbacks.push(fallbackPage(original, slug, locale.lang, config));
    }
  }
  return [...localized, ...fallbacks];
}

function withLocale(page: Page, locales: SiteLocales): Page {
  const locale = localeOfSlug(locales, page.slug);
  return { ...page, frontmatter: { ...page.frontmatter, locale: locale.lang } };
}

/** The default locale's page at another locale's route: same content, chunks and Markdown, a new address. */
function fallbackPage(original: Page, slug: string, lang: string, config: ResolvedConfig): Page {
  const routes = pageRoutes(config, slug);
  const moveChunk = (chunk: SearchChunk): SearchChunk => ({
    ...chunk,
    id: slug + chunk.id.slice(original.slug.length),
    path: slug,
    url: routes.route + chunk.url.slice(original.route.length),
  });
  return {
    ...original,
    slug,
    ...routes,
    frontmatter: { ...original.frontmatter, locale: lang },
    fallbackOf: original.route,
    // The original page reports its own links; the copy would repeat each warning.
    links: [],
    chunks: { human: original.chunks.human.map(moveChunk), agent: original.chunks.agent.map(moveChunk) },
  };
}

/** The slug of a page inside its locale folder (`fr/guides/x` → `guides/x`), for the sidebar and breadcrumbs. */
export function localSlugOf(page: Pick<Page, "slug">, config: Pick<ResolvedConfig, "i18n">): string {
  return config.i18n ? slugInLocale(config.i18n, page.slug) : page.slug;
}

/** The locale code of a page, or undefined on a site without `i18n`. */
export function localeCodeOf(page: Pick<Page, "slug">, config: Pick<ResolvedConfig, "i18n">): string | undefined {
  return config.i18n ? localeOfSlug(config.i18n, page.slug).code : undefined;
}

/**
 * Routes a multilingual build writes besides the authored pages, from their slugs alone (for `docs review`, which
 * reads sources without building): each fallback page and its `.md`, and each locale's llms files and docs API.
 */
export function localeGeneratedRoutes(slugs: string[], config: ResolvedConfig): string[] {
  const locales = config.i18n;
  if (!locales) return [];
  const present = new Set(slugs);
  const originals = slugs.filter((slug) => localeOfSlug(locales, slug).code === locales.defaultLocale);
  const routes: string[] = [];
  for (const locale of locales.locales) {
    if (locale.code === locales.defaultLocale) continue;
    const llms = localeLlmsRoutes(locale.code);
    routes.push(llms.index, llms.full, localeDocsApiRoute(locale.code, DOCS_API_ROUTE));
    if (!locales.fallback) continue;
    for (const slug of originals) {
      const translated = slugForLocale(locales, locale.code, slug);
      if (present.has(translated)) continue;
      const fallback = pageRoutes(config, translated);
      routes.push(fallback.route, fallback.markdownRoute);
    }
  }
  return routes;
}
