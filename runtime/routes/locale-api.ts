/**
 * Issue 14: each non-default locale's docs API at `/<code>/api/docs` (beside its `/<code>/llms.txt`), answering as
 * `/api/docs` does with `lang` set to the locale's tag unless the request names `lang` or `locale` itself. The search
 * dialog of a French page asks `/fr/api/docs?query=…`, so it finds French pages. Sites without `i18n` have no such route.
 */
import {
  DOCS_API_ROUTE,
  docsRouteOf,
  LOCALE_QUERY_PARAMETERS,
  localeDocsApiRoute,
  localeRouteOfDocsPath,
} from "../contract/index.ts";
import { isRead, type RouteContext } from "./context.ts";
import { docsApiRoute } from "./docs-api.ts";

export async function localeApiRoute(context: RouteContext): Promise<Response | null> {
  const locales = context.site.data.settings.i18n;
  if (!locales) return null;
  const { pathname } = context.url;
  const path = pathname.endsWith("/") ? pathname.slice(0, -1) : pathname;
  const locale = locales.locales.find(
    (entry) => entry.code !== locales.defaultLocale && localeDocsApiRoute(entry.code, DOCS_API_ROUTE) === path,
  );
  if (!locale) return null;
  const url = new URL(context.url);
  url.pathname = DOCS_API_ROUTE;
  if (!LOCALE_QUERY_PARAMETERS.some((name) => url.searchParams.has(name))) url.searchParams.set("lang", locale.lang);
  return docsApiRoute({ ...context, url });
}

/**
 * A translation's page or Markdown asked by its path under the docs route (`/docs/fr/guides/install.md`, what the
 * manifest's `markdown.pagePattern` gives with the path list_pages reports) → 308 to its route under the locale
 * prefix (`/fr/docs/guides/install.md`), query kept.
 */
export async function localePathRoute(context: RouteContext): Promise<Response | null> {
  const { i18n, docsPath } = context.site.data.settings;
  if (!i18n || !isRead(context)) return null;
  const target = localeRouteOfDocsPath(i18n, docsRouteOf(docsPath), context.url.pathname);
  if (!target) return null;
  return new Response(null, { status: 308, headers: { location: `${target}${context.url.search}` } });
}
