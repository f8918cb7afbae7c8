/**
 * The Typesense provider (`<engine_a>`, SPEC 2.14), with the search-only key in `X-TYPESENSE-API-KEY`.
 *
 * - `keyword`: `GET /collections/{collection}/documents/search?q=&query_by=&per_page=`.
 * - `hybrid` without `embeddings`: the same search with the collection's auto-embedding field `embedding` added to
 *   `query_by`, so Typesense embeds the query and fuses both rankings (Typesense "Hybrid Search").
 * - `hybrid` with `embeddings`: the query is embedded by the local embeddings provider (`POST {baseUrl}/api/embed`)
 *   and sent as `vector_query: embedding:([…], k:N)` with the keyword query through `POST /multi_search`, which keeps
 *   long vectors out of the URL.
 *
 * Hits map from `hit.document`, whose fields are the SPEC 2.14 document fields.
 */
import type { SearchTransport, TypesenseSettings } from "./config.ts";
import { normalizeResults } from "./normalize.ts";
import { SearchProviderError } from "./provider-error.ts";
import type { SearchProvider } from "./types.ts";
import { callUpstream, readJson } from "./upstream.ts";

const NAME = "typesense";
/** Typesense's convention for the vector field; it is excluded from hits so vectors never travel back. */
const EMBEDDING_FIELD = "embedding";

export function createTypesenseProvider(settings: TypesenseSettings, transport: SearchTransport): SearchProvider {
  const headers = { "x-typesense-api-key": settings.apiKey, accept: "application/json" };
  return {
    name: NAME,
    async search(query, { limit, signal }) {
      const found =
        settings.mode === "hybrid" && settings.embeddings
          ? await vectorSearch(settings, transport, headers, query, limit, signal)
          : await keywordSearch(settings, transport, headers, query, limit, signal);
      const hits = (found as { hits?: unknown } | null)?.hits;
      if (!Array.isArray(hits)) throw invalid("a search answer without hits");
      return normalizeResults(
        hits.map((hit) => (hit as { document?: unknown } | null)?.document),
        limit,
      );
    },
  };
}

async function keywordSearch(
  settings: TypesenseSettings,
  transport: SearchTransport,
  headers: Record<string, string>,
  query: string,
  limit: number,
  signal?: AbortSignal,
) {
  const hybrid = settings.mode === "hybrid";
  const params = new URLSearchParams({
    q: query,
    query_by: (hybrid ? [...settings.queryBy, EMBEDDING_FIELD] : settings.queryBy).join(","),
    per_page: String(limit),
  });
  if (hybrid) params.set("exclude_fields", EMBEDDING_FIELD);
  const url = `${settings.baseUrl}/collections/${encodeURIComponent(settings.collection)}/documents/search?${params}`;
  return readJson(NAME, transport, await callUpstream(NAME, transport, url, { method: "GET", headers }, { signal }));
}

async function vectorSearch(
  settings: TypesenseSettings,
  transport: SearchTransport,
  headers: Record<string, string>,
  query: string,
  limit: number,
  signal?: AbortSignal,
) {
  const vector = await embedQuery(settings.embeddings!, transport, query, signal);
  const body = {
    searches: [
      {
        collection: settings.collection,
        q: query,
        query_by: settings.queryBy.join(","),
        vector_query: `${EMBEDDING_FIELD}:([${vector.join(",")}], k:${limit})`,
        exclude_fields: EMBEDDING_FIELD,
        per_page: limit,
      },
    ],
  };
  const response = await callUpstream(
    NAME,
    transport,
    `${settings.baseUrl}/multi_search`,
    {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify(body),
    },
    { signal },
  );
  const result = ((await readJson(NAME, transport, response)) as { results?: unknown[] } | null)?.results?.[0] as
    | { error?: unknown; code?: unknown }
    | undefined;
  // multi_search answers 200 and puts a failed search's status in the result itself.
  if (result && typeof result.code === "number" && result.code >= 400) {
    throw new SearchProviderError(
      NAME,
      "http",
      `The ${NAME} search provider answered HTTP ${result.code}.`,
      String(result.error ?? ""),
    );
  }
  return result ?? null;
}

/** Query embedding from the local embeddings provider (`POST /api/embed {model, input}` → `{embeddings: [[…]]}`). */
async function embedQuery(
  embeddings: { model: string; baseUrl: string },
  transport: SearchTransport,
  query: string,
  signal?: AbortSignal,
): Promise<number[]> {
  const label = `${NAME} (embeddings)`;
  const response = await callUpstream(
    label,
    transport,
    `${embeddings.baseUrl}/api/embed`,
    {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ model: embeddings.model, input: query }),
    },
    { signal },
  );
  const vector = ((await readJson(label, transport, response)) as { embeddings?: unknown[] } | null)?.embeddings?.[0];
  if (
    !Array.isArray(vector) ||
    vector.length === 0 ||
    !vector.every((x) => typeof x === "number" && Number.isFinite(x))
  ) {
    throw new SearchProviderError(label, "invalid_response", `The ${label} provider answered without an embedding.`);
  }
  return vector as number[];
}

const invalid = (what: string) =>
  new SearchProviderError(NAME, "invalid_response", `The ${NAME} search provider answered ${what}.`);
