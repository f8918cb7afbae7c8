/**
 * Public search, `GET /api/docs?query=` (SPEC 4.1, 2.14). Always the human projection (`humanSearch()`), so
 * `<Agent>` text is never returned. The runtime answers from the built-in section index whatever provider the
 * config names; `provider` in the response says which index answered.
 */
import { errorResponse, jsonResponse } from "../http/responses.ts";
import { excerpt } from "../search/excerpt.ts";
import type { SearchChunk } from "../types.ts";
import type { RouteContext } from "./context.ts";

export const MAX_QUERY_CHARS = 512;

export interface SearchResultItem {
  id: string;
  url: string;
  title: string;
  section: string | null;
  /** A window of the section text around the first match (at most ~280 characters). */
  content: string;
  description: string | null;
  type: "page" | "section";
}

export async function searchMode(context: RouteContext): Promise<Response> {
  const { settings, pagesByPath } = context.site.data;
  if (!settings.search.enabled) return errorResponse(404, "search_disabled", "Search is turned off for this site (search: false).");
  if (settings.staticExport || !settings.search.available) {
    return errorResponse(404, "search_unavailable", "Search is not served by this build (staticExport is on); use /llms.txt or /sitemap.md to find pages.");
  }
  const query = (context.url.searchParams.get("query") ?? "").trim();
  if (query.length > MAX_QUERY_CHARS) return errorResponse(400, "query_too_long", `query is limited to ${MAX_QUERY_CHARS} characters.`);
  const locale = (context.url.searchParams.get("lang") ?? context.url.searchParams.get("locale") ?? "").trim() || null;

  const index = await context.site.data.humanSearch();
  const filter = locale ? (chunk: SearchChunk) => localeMatches(pagesByPath.get(chunk.path)?.locale ?? null, locale) : undefined;
  const hits = query ? index.search(query, { limit: settings.search.maxResults || 10, filter }) : [];
  const results: SearchResultItem[] = hits.map(({ chunk }) => ({
    id: chunk.id,
    url: chunk.url,
    title: chunk.title,
    section: chunk.section,
    content: excerpt(chunk.content, query),
    description: chunk.description ?? null,
    type: chunk.type,
  }));
  context.events.analytics("search", { resultCount: results.length, locale, provider: "simple" }, { query });
  return jsonResponse({ query, locale, provider: "simple", results });
}

/**
 * Pages without a locale are shared by every locale; otherwise `en` matches `en` and `en-US`, case-insensitively
 * (BCP 47 prefix matching, RFC 4647 §3.3.1).
 */
export function localeMatches(pageLocale: string | null, wanted: string): boolean {
  if (!pageLocale) return true;
  const page = pageLocale.toLowerCase();
  const want = wanted.toLowerCase();
  return page === want || page.startsWith(`${want}-`);
}
