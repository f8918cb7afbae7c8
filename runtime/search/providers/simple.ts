/**
 * The built-in `simple` provider (SPEC 2.14): BM25 over the build's section chunks. Public search reads the human
 * projection (never `<Agent>` text), MCP the agent projection.
 */
import type { SiteData } from "../../site-data.ts";
import type { SearchChunk } from "../../contract/index.ts";
import type { SearchAudience, SearchProvider, SearchResultItem } from "./types.ts";

export function createSimpleProvider(data: SiteData, audience: SearchAudience): SearchProvider {
  return {
    name: "simple",
    async search(query, { limit, locale }) {
      const index = await (audience === "agent" ? data.agentSearch() : data.humanSearch());
      const filter = locale
        ? (chunk: SearchChunk) => localeMatches(data.pagesByPath.get(chunk.path)?.locale ?? null, locale)
        : undefined;
      return (await index.search(query, { limit, filter })).map(({ chunk }) => chunkResult(chunk));
    },
  };
}

export function chunkResult(chunk: SearchChunk): SearchResultItem {
  return {
    id: chunk.id,
    url: chunk.url,
    title: chunk.title,
    section: chunk.section,
    content: chunk.content,
    description: chunk.description ?? null,
    type: chunk.type,
  };
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
