/**
 * Public search, `GET /api/docs?query=` (SPEC 4.1, 2.14), answered by the configured provider for the `human`
 * audience (the built-in index never returns `<Agent>` text). `provider` in the response names who answered. A
 * provider that fails or times out is a 502 `search_provider_failed`: no fallback, no upstream detail, no keys.
 */
import { errorResponse, jsonResponse } from "../http/responses.ts";
import { excerpt } from "../search/excerpt.ts";
import { asProviderError, createSearchProvider, logProviderFailure, maxResultsOf, SearchProviderError } from "../search/providers/index.ts";
import type { RouteContext } from "./context.ts";

export { localeMatches } from "../search/providers/simple.ts";
export type { SearchResultItem } from "../search/providers/index.ts";

export const MAX_QUERY_CHARS = 512;

export async function searchMode(context: RouteContext): Promise<Response> {
  const { data } = context.site;
  const { settings } = data;
  if (!settings.search.enabled) return errorResponse(404, "search_disabled", "Search is turned off for this site (search: false).");
  if (settings.staticExport || !settings.search.available) {
    return errorResponse(404, "search_unavailable", "Search is not served by this build (staticExport is on); use /llms.txt or /sitemap.md to find pages.");
  }
  const query = (context.url.searchParams.get("query") ?? "").trim();
  if (query.length > MAX_QUERY_CHARS) return errorResponse(400, "query_too_long", `query is limited to ${MAX_QUERY_CHARS} characters.`);
  const locale = (context.url.searchParams.get("lang") ?? context.url.searchParams.get("locale") ?? "").trim() || null;

  const search = context.config.search;
  const provider = createSearchProvider(search, { data, audience: "human", requestUrl: context.url });
  let found;
  try {
    found = query ? await provider.search(query, { limit: maxResultsOf(search, data), locale, audience: "human", signal: context.request.signal }) : [];
  } catch (error) {
    // A broken build is the runtime's own failure (500); anything going wrong with a configured provider is a 502.
    if (provider.name === "simple" && !(error instanceof SearchProviderError)) throw error;
    const failure = asProviderError(provider.name, error);
    logProviderFailure(failure, search.secrets);
    return errorResponse(502, "search_provider_failed", `${failure.message} Try again later; /llms.txt and /sitemap.md list every page.`);
  }
  // Results stay small whatever the provider sent: a window of the text around the first match.
  const results = found.map((result) => ({ ...result, content: excerpt(result.content, query) }));
  context.events.analytics("search", { resultCount: results.length, locale, provider: provider.name }, { query });
  return jsonResponse({ query, locale, provider: provider.name, results });
}
