/**
 * The Typesense provider (`<engine_a>`, SPEC 2.14), with the search-only key in `X-TYPESENSE-API-KEY`.
 *
 * - `keyword`: `GET /collections/{collection}/documents/search?q=&query_by=&per_page=`.
 * - `hybrid` without `embeddings`: the same search with the collection's auto-embedding field `embedding` added to
 *   `query_by`, so Typesense embeds the query and fuses both rankings (Typesense "Hybrid Search").
 * - `hybrid` with `embeddings`: the query is embedded by the local embeddings provider (`POST {baseUrl}/api/embed`)
 *   and sent as `vector_query: embedding:([…], k:N)` with the keyword query through `POST /multi_search`, which keeps
 *   long vectors out of the URL; Typesense merges the keyword and vector rankings. The documents' vectors come from
 *   `docs search sync` (or `syncOnSearch`) with the same provider. When the embeddings server does not answer, the
 *   search says so in the log and stays keyword-only.
 *
 * Hits map from `hit.document`, whose fields are the SPEC 2.14 document fields.
 */
import type { SearchTransport, TypesenseSettings } from "./config.ts";
import { normalizeResults } from "./normalize.ts";
import { SearchProviderError } from "./provider-error.ts";
import type { SearchProvider } from "./types.ts";
import { callUpstream, readJson } from "./upstream.ts";
import { embedTexts, type EmbeddingsSettings } from "../sync/embedder.ts";

const NAME = "typesense";
/** Typesense's convention for the vector field; it is excluded from hits so vectors never travel back. */
const EMBEDDING_FIELD = "embedding";

export function createTypesenseProvider(settings: TypesenseSettings, transport: SearchTransport): SearchProvider {
  const headers = { "x-typesense-api-key": settings.apiKey, accept: "application/json" };
  return {
    name: NAME,
    async search(query, { limit, signal }) {
      const hybrid = settings.mode === "hybrid" && settings.embeddings;
      const vector = hybrid ? await queryVector(hybrid, transport, query) : null;
      const found = vector
        ? await vectorSearch(settings, transport, headers, query, vector, limit, signal)
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
  // Hybrid without `embeddings` lets Typesense embed the query (auto-embedding field); with `embeddings` whose
  // server is down, the search is keyword-only.
  const hybrid = settings.mode === "hybrid" && !settings.embeddings;
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
  vector: number[],
  limit: number,
  signal?: AbortSignal,
) {
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

/** The query's vector, or null (logged) when the embeddings server fails: the search then stays keyword-only. */
async function queryVector(
  embeddings: EmbeddingsSettings,
  transport: SearchTransport,
  query: string,
): Promise<number[] | null> {
  try {
    const [vector] = await embedTexts(embeddings, transport, [query], 0);
    return vector;
  } catch (error) {
    console.warn(
      `[quire] hybrid search: ${(error as Error).message} The search runs keyword-only until the embeddings server at ${embeddings.baseUrl} answers.`,
    );
    return null;
  }
}

const invalid = (what: string) =>
  new SearchProviderError(NAME, "invalid_response", `The ${NAME} search provider answered ${what}.`);
