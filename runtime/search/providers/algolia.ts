/**
 * The Algolia provider (`<engine_b>`, SPEC 2.14): `POST https://{appId}-dsn.algolia.net/1/indexes/{indexName}/query`
 * (the read-optimised host) with `X-Algolia-Application-Id` and the search-only key in `X-Algolia-API-Key`, body
 * `{ params: "query=…&hitsPerPage=N" }` (Algolia REST "Search an index"). Hits carry the document fields; `objectID`
 * stands in for a missing `id`.
 */
import type { AlgoliaSettings, SearchTransport } from "./config.ts";
import { normalizeResults } from "./normalize.ts";
import { SearchProviderError } from "./provider-error.ts";
import type { SearchProvider } from "./types.ts";
import { callUpstream, readJson } from "./upstream.ts";

const NAME = "algolia";

export function createAlgoliaProvider(settings: AlgoliaSettings, transport: SearchTransport): SearchProvider {
  const host = algoliaHost(settings.appId);
  return {
    name: NAME,
    async search(query, { limit, signal }) {
      const url = `${host}/1/indexes/${encodeURIComponent(settings.indexName)}/query`;
      const response = await callUpstream(
        NAME,
        transport,
        url,
        {
          method: "POST",
          headers: {
            "x-algolia-application-id": settings.appId,
            "x-algolia-api-key": settings.searchApiKey,
            "content-type": "application/json",
            accept: "application/json",
          },
          body: JSON.stringify({ params: new URLSearchParams({ query, hitsPerPage: String(limit) }).toString() }),
        },
        { signal },
      );
      const hits = ((await readJson(NAME, transport, response)) as { hits?: unknown } | null)?.hits;
      if (!Array.isArray(hits))
        throw new SearchProviderError(NAME, "invalid_response", `The ${NAME} search provider answered without hits.`);
      return normalizeResults(hits.map(withId), limit);
    },
  };
}

/** `https://{appId}-dsn.algolia.net`; the app id is lower-cased as in Algolia's own clients. */
export function algoliaHost(appId: string): string {
  return `https://${encodeURIComponent(appId.toLowerCase())}-dsn.algolia.net`;
}

function withId(hit: unknown): unknown {
  if (!hit || typeof hit !== "object") return hit;
  const record = hit as Record<string, unknown>;
  return record.id === undefined && record.objectID !== undefined ? { ...record, id: record.objectID } : hit;
}
