/**
 * Issue 14: each non-default locale's docs API at `/<code>/api/docs` (beside its `/<code>/llms.txt`), answering as
 * `/api/docs` does with `lang` set to the locale's tag unless the request names `lang` or `locale` itself. The search
 * dialog of a French page asks `/fr/api/docs?query=…`, so it finds French pages. Sites without `i18n` have no such route.
 */
import { DOCS_API_ROUTE, LOCALE_QUERY_PARAMETERS, localeDocsApiRoute } from "../contract/index.ts";
import type { RouteContext } from "./context.ts";
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
