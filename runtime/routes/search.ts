/**
 * Public search, `GET /api/docs?query=` (SPEC 4.1, 2.14), answered by the configured provider for the `human`
 * audience (the built-in index never returns `<Agent>` text). `provider` in the response names who answered. When a
 * configured provider fails or times out, the built-in index answers and says so: `fallback: { from, reason }` in
 * the body, `X-Docs-Search-Fallback: <provider>; reason=<reason>` and a `search_fallback` analytics event (issue 12).
 * With `searchTransport: { fallback: false }` it is a 502 `search_provider_failed`. Never upstream detail or keys.
 */
import { errorResponse, jsonResponse } from "../http/responses.ts";
import { excerpt } from "../search/excerpt.ts";
import {
  asProviderError,
  createSearchProvider,
  logProviderFailure,
  maxResultsOf,
  SearchProviderError,
} from "../search/providers/index.ts";
import { createSimpleProvider } from "../search/providers/simple.ts";
import type { RouteContext } from "./context.ts";

export { localeMatches } from "../search/providers/simple.ts";
export type { SearchResultItem } from "../search/providers/index.ts";

export const MAX_QUERY_CHARS = 512;

export async function searchMode(context: RouteContext): Promise<Response> {
  const { data } = context.site;
  const { settings } = data;
  if (!settings.search.enabled)
    return errorResponse(404, "search_disabled", "Search is turned off for this site (search: false).");
  if (settings.staticExport || !settings.search.available) {
    return errorResponse(
      404,
      "search_unavailable",
      "Search is not served by this build (staticExport is on); use /llms.txt or /sitemap.md to find pages.",
    );
  }
  const query = (context.url.searchParams.get("query") ?? "").trim();
  if (query.length > MAX_QUERY_CHARS)
    return errorResponse(400, "query_too_long", `query is limited to ${MAX_QUERY_CHARS} characters.`);
  const locale = (context.url.searchParams.get("lang") ?? context.url.searchParams.get("locale") ?? "").trim() || null;

  const search = context.config.search;
  const provider = createSearchProvider(search, { data, audience: "human", requestUrl: context.url });
  const request = {
    limit: maxResultsOf(search, data),
    locale,
    audience: "human" as const,
    signal: context.request.signal,
  };
  let found;
  let answeredBy = provider.name;
  let fallback: { from: string; reason: string } | undefined;
  try {
    found = query ? await provider.search(query, request) : [];
  } catch (error) {
    // A broken build is the runtime's own failure (500); anything going wrong with a configured provider falls back.
    if (provider.name === "simple" && !(error instanceof SearchProviderError)) throw error;
    const failure = asProviderError(provider.name, error);
    logProviderFailure(failure, search.secrets);
    if (!search.transport.fallback || provider.name === "simple") {
      return errorResponse(
        502,
        "search_provider_failed",
        `${failure.message} Try again later; /llms.txt and /sitemap.md list every page.`,
      );
    }
    const builtIn = createSimpleProvider(data, "human");
    found = await builtIn.search(query, request);
    answeredBy = builtIn.name;
    fallback = { from: provider.name, reason: failure.reason };
    context.events.analytics("search_fallback", {
      from: provider.name,
      reason: failure.reason,
      provider: builtIn.name,
    });
  }
  // Results stay small whatever the provider sent: a window of the text around the first match.
  const results = found.map((result) => ({ ...result, content: excerpt(result.content, query) }));
  context.events.analytics("search", { resultCount: results.length, locale, provider: answeredBy }, { query });
  if (!fallback) return jsonResponse({ query, locale, provider: answeredBy, results });
  // A stand-in answer is not cached: the provider may be back on the next request.
  const headers = {
    [SEARCH_FALLBACK_HEADER]: `${fallback.from}; reason=${fallback.reason}`,
    "cache-control": "no-store",
  };
  return jsonResponse({ query, locale, provider: answeredBy, fallback, results }, 200, headers);
}

/** Names the provider that failed and why, when the built-in index answered in its place. */
export const SEARCH_FALLBACK_HEADER = "X-Docs-Search-Fallback";
