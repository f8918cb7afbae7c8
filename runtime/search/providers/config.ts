/**
 * `search` of the runtime config (SPEC 2.14), resolved once per handler. Provider settings and keys are read here
 * at run time and never compiled: `_docs/site.json` carries only the provider's name and `maxResults`.
 * A provider missing a required field is reported once and the built-in index answers instead.
 */
import { resolveSyncTarget, type SyncTarget } from "../sync/sync-target.ts";
import type { SearchAdapter } from "./types.ts";

export const DEFAULT_SEARCH_TIMEOUT_MS = 10_000;
export const DEFAULT_MCP_PROTOCOL_VERSION = "2025-11-25";
export const DEFAULT_MCP_TOOL = "search_docs";
export const DEFAULT_TYPESENSE_QUERY_BY = ["title", "section", "content"];
/** SPEC 2.14: the local embeddings provider listens on loopback port 11434 by default. */
export const DEFAULT_EMBEDDINGS_URL = "http://127.0.0.1:11434";
export const REDACTED_SECRET = "[redacted]";

/** How the runtime reaches external providers; handler options may replace each (tests, platform fetchers). */
export interface SearchTransport {
  fetch: typeof fetch;
  timeoutMs: number;
  /**
   * Public search answers from the built-in index when the external provider fails (issue 12), saying so in the
   * response (`fallback`, `X-Docs-Search-Fallback`) and a `search_fallback` analytics event. `false` answers 502
   * `search_provider_failed` instead. Default true. Ask AI retrieval never falls back (SPEC 7).
   */
  fallback: boolean;
}

export interface TypesenseSettings {
  provider: "typesense";
  baseUrl: string;
  collection: string;
  apiKey: string;
  queryBy: string[];
  mode: "keyword" | "hybrid";
  /** Query embeddings for `hybrid` (SPEC 2.14 `embeddings`); null lets Typesense embed the query itself. */
  embeddings: { model: string; baseUrl: string } | null;
}

export interface AlgoliaSettings {
  provider: "algolia";
  appId: string;
  indexName: string;
  searchApiKey: string;
}

export interface McpSearchSettings {
  provider: "mcp";
  /** As configured; relative endpoints resolve against the request URL (SPEC 2.14). */
  endpoint: string;
  headers: Record<string, string>;
  toolName: string;
  protocolVersion: string;
}

export interface CustomSettings {
  provider: "custom";
  /** The adapter object, from the factory on first use (a failed factory is retried on the next search). */
  adapter(): Promise<SearchAdapter>;
}

export type ExternalSearchSettings = TypesenseSettings | AlgoliaSettings | McpSearchSettings | CustomSettings;

export interface ResolvedSearchConfig {
  /** The configured external provider; null means the built-in `simple` index. */
  external: ExternalSearchSettings | null;
  /** `search.maxResults` of the runtime config; null defers to the build's value. */
  maxResults: number | null;
  transport: SearchTransport;
  /** Credential values (keys, header values), scrubbed from every log line. */
  secrets: string[];
  /**
   * `syncOnSearch` (SPEC 2.14): where the first search pushes this build's documents; null when off. On by default
   * for Typesense and Algolia when the runtime config has an `adminApiKey`; `syncOnSearch: false` turns it off.
   */
  syncOnSearch: SyncTarget | null;
}

const objectOf = (value: unknown): Record<string, unknown> | undefined =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
const text = (value: unknown): string | undefined =>
  typeof value === "string" && value.trim() ? value.trim() : undefined;

export function resolveSearchConfig(value: unknown, transport: Partial<SearchTransport> = {}): ResolvedSearchConfig {
  const search = objectOf(value) ?? {};
  const maxResults =
    typeof search.maxResults === "number" && search.maxResults >= 1 && Number.isFinite(search.maxResults)
      ? Math.floor(search.maxResults)
      : null;
  const resolvedTransport: SearchTransport = {
    // Looked up per call so a replaced global fetch (tests, polyfills) is honoured and `this` stays the global.
    fetch: transport.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    timeoutMs: transport.timeoutMs && transport.timeoutMs > 0 ? transport.timeoutMs : DEFAULT_SEARCH_TIMEOUT_MS,
    fallback: transport.fallback !== false,
  };
  const secrets = ["apiKey", "adminApiKey", "searchApiKey"]
    .map((key) => text(search[key]))
    .filter((v): v is string => !!v);
  const headers = stringRecord(search.headers);
  secrets.push(...Object.values(headers).filter((v) => v.length >= 4));
  const external = search.enabled === false ? null : resolveExternal(search, headers);
  return { external, maxResults, transport: resolvedTransport, secrets, syncOnSearch: syncTargetOf(search, external) };
}

/** The runtime reads no environment (it runs on the edge): only a configured `adminApiKey` turns this on. */
function syncTargetOf(search: Record<string, unknown>, external: ExternalSearchSettings | null): SyncTarget | null {
  if (!external || (external.provider !== "typesense" && external.provider !== "algolia")) return null;
  if (search.syncOnSearch === false || !text(search.adminApiKey)) return null;
  const resolved = resolveSyncTarget(external.provider, search, {});
  return "target" in resolved ? resolved.target : null;
}

function resolveExternal(
  search: Record<string, unknown>,
  headers: Record<string, string>,
): ExternalSearchSettings | null {
  const provider = text(search.provider) ?? "simple";
  const missing = (fields: Record<string, unknown>) => Object.keys(fields).filter((key) => !text(fields[key]));
  const unusable = (fields: string[]) => {
    console.warn(
      `[quire] search.provider "${provider}" needs ${fields.join(", ")} in the runtime config; the built-in index answers searches instead.`,
    );
    return null;
  };
  switch (provider) {
    case "typesense": {
      const lack = missing({ baseUrl: search.baseUrl, collection: search.collection, apiKey: search.apiKey });
      if (lack.length) return unusable(lack);
      const queryBy = Array.isArray(search.queryBy) ? search.queryBy.map(text).filter((v): v is string => !!v) : [];
      const embeddings = objectOf(search.embeddings);
      const model = text(embeddings?.model);
      return {
        provider,
        baseUrl: text(search.baseUrl)!.replace(/\/+$/, ""),
        collection: text(search.collection)!,
        apiKey: text(search.apiKey)!,
        queryBy: queryBy.length ? queryBy : DEFAULT_TYPESENSE_QUERY_BY,
        mode: search.mode === "hybrid" ? "hybrid" : "keyword",
        embeddings: model
          ? { model, baseUrl: (text(embeddings?.baseUrl) ?? DEFAULT_EMBEDDINGS_URL).replace(/\/+$/, "") }
          : null,
      };
    }
    case "algolia": {
      const lack = missing({ appId: search.appId, indexName: search.indexName, searchApiKey: search.searchApiKey });
      if (lack.length) return unusable(lack);
      return {
        provider,
        appId: text(search.appId)!,
        indexName: text(search.indexName)!,
        searchApiKey: text(search.searchApiKey)!,
      };
    }
    case "mcp": {
      if (!text(search.endpoint)) return unusable(["endpoint"]);
      return {
        provider,
        endpoint: text(search.endpoint)!,
        headers,
        toolName: text(search.toolName) ?? DEFAULT_MCP_TOOL,
        protocolVersion: text(search.protocolVersion) ?? DEFAULT_MCP_PROTOCOL_VERSION,
      };
    }
    case "custom": {
      const adapter = search.adapter;
      if (typeof adapter !== "function" && !objectOf(adapter)) return unusable(["adapter"]);
      return { provider, adapter: loadAdapter(adapter) };
    }
    default:
      return null;
  }
}

/** A factory runs once; a rejected or thrown factory is not cached, so a transient failure heals. */
function loadAdapter(adapter: unknown): () => Promise<SearchAdapter> {
  let loaded: Promise<SearchAdapter> | undefined;
  return () => {
    loaded ??= Promise.resolve()
      .then(() => (typeof adapter === "function" ? (adapter as () => unknown)() : adapter))
      .then((value) => {
        const object = objectOf(value);
        if (!object || typeof object.search !== "function")
          throw new Error("search.adapter must be { name, search(query, context) } or a factory returning one");
        return object as unknown as SearchAdapter;
      })
      .catch((error) => {
        loaded = undefined;
        throw error;
      });
    return loaded;
  };
}

function stringRecord(value: unknown): Record<string, string> {
  const record = objectOf(value) ?? {};
  return Object.fromEntries(
    Object.entries(record).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
}
