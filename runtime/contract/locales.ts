/**
 * Issue 14: the site's locales as the compiler resolves them (`i18n`) and the runtime reads them from
 * `_docs/site.json`. One place for the route rule: a non-default locale's pages live under `/<code>`.
 */

export interface SiteLocale {
  /** Folder name and route prefix (`fr`). */
  code: string;
  /** Switcher label (`Français`). */
  label: string;
  /** BCP 47 tag for `<html lang>` and `hreflang` (`fr`, `pt-BR`). */
  lang: string;
  dir: "ltr" | "rtl";
  /** Notice over fallback pages; `{locale}` stands for the label. */
  fallbackNotice: string;
}

export interface SiteLocales {
  /** Code of the locale served without a prefix. */
  defaultLocale: string;
  /** In the order the config lists them; the default locale is among them. */
  locales: SiteLocale[];
  /** Whether missing translations are served from the default locale. */
  fallback: boolean;
}

/** Primary language subtags written right to left. */
const RTL_LANGUAGES = new Set([
  "ar",
  "arc",
  "ckb",
  "dv",
  "fa",
  "he",
  "iw",
  "ks",
  "ku",
  "ps",
  "sd",
  "syr",
  "ug",
  "ur",
  "yi",
]);

export function directionOf(lang: string): "ltr" | "rtl" {
  const primary = lang.toLowerCase().split(/[-_]/)[0];
  return RTL_LANGUAGES.has(primary) ? "rtl" : "ltr";
}

export const DEFAULT_FALLBACK_NOTICE =
  "This page is not translated into {locale} yet. It is shown in its original language.";

/** The locale whose folder a page slug starts with (`fr/guides/x` → fr), or the default locale. */
export function localeOfSlug(locales: SiteLocales, slug: string): SiteLocale {
  const first = slug.split("/")[0];
  return (
    locales.locales.find((l) => l.code !== locales.defaultLocale && l.code === first) ??
    (locales.locales.find((l) => l.code === locales.defaultLocale) as SiteLocale)
  );
}

/** The slug inside its locale folder: `fr/guides/x` → `guides/x`; default-locale slugs are unchanged. */
export function slugInLocale(locales: SiteLocales, slug: string): string {
  const locale = localeOfSlug(locales, slug);
  if (locale.code === locales.defaultLocale) return slug;
  return slug === locale.code ? "" : slug.slice(locale.code.length + 1);
}

/** The slug of a locale's version of a page: (`fr`, `guides/x`) → `fr/guides/x`. */
export function slugForLocale(locales: SiteLocales, code: string, localSlug: string): string {
  if (code === locales.defaultLocale) return localSlug;
  return localSlug ? `${code}/${localSlug}` : code;
}

/** The URL prefix of a locale: `""` for the default locale, `/fr` otherwise. */
export function localePrefix(locales: SiteLocales | null, code: string | undefined): string {
  return !locales || !code || code === locales.defaultLocale ? "" : `/${code}`;
}

/** The llms files of a non-default locale: `/fr/llms.txt` and `/fr/llms-full.txt`. */
export function localeLlmsRoutes(code: string): { index: string; full: string } {
  return { index: `/${code}/llms.txt`, full: `/${code}/llms-full.txt` };
}

/**
 * The static search index of a locale: the default locale's is the site's usual `_docs/search/index.json`, each other
 * locale's sits in `_docs/search/<code>/` with its shards beside it (the dialog reads shards relative to the index).
 */
export function localeStaticSearchDir(locales: SiteLocales | null, code: string, searchDir: string): string {
  return !locales || code === locales.defaultLocale ? searchDir : `${searchDir}/${code}`;
}

/** Issue 14: a non-default locale's docs API, `/fr/api/docs`: `/api/docs` with `lang` set to the locale's tag. */
export function localeDocsApiRoute(code: string, docsApiRoute: string): string {
  return `/${code}${docsApiRoute}`;
}

/**
 * A page path read through the manifest's `markdown.pagePattern` (`/docs/{path}.md` with a translation's path
 * `fr/guides/install`) → the translation's real route (`/fr/docs/guides/install.md`); undefined for any other path.
 */
export function localeRouteOfDocsPath(locales: SiteLocales, docsRoute: string, pathname: string): string | undefined {
  if (docsRoute === "/" || !pathname.startsWith(`${docsRoute}/`)) return undefined;
  const rest = pathname.slice(docsRoute.length + 1);
  const locale = locales.locales.find(
    (entry) =>
      entry.code !== locales.defaultLocale &&
      (rest === entry.code || rest === `${entry.code}.md` || rest.startsWith(`${entry.code}/`)),
  );
  return locale ? `/${locale.code}${docsRoute}${rest.slice(locale.code.length)}` : undefined;
}
