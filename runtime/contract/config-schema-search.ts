/** SPEC 2.14: the `search` section's settings for every provider (`simple`, Typesense, Algolia, `mcp`, `custom`). */
import { s } from "./config-shape.ts";

const chunking = s.object({
  /** `section` chunks each page by heading; `page` keeps one chunk per page. @default "section" */
  strategy: s.oneOf(["page", "section"], "section"),
});

/** SPEC 2.14: every provider's settings in one object; `provider` says which ones apply. */
export const searchFields = {
  /** Search provider. @default "simple" */
  provider: s.oneOf(["simple", "typesense", "algolia", "mcp", "custom"], "simple"),
  /** Results per query. @default 10 */
  maxResults: s.number(10),
  chunking,
  /** Typesense: server URL; MCP: the relative or absolute endpoint. */
  baseUrl: s.string(),
  /** Typesense collection. */
  collection: s.string(),
  /** Typesense search-only key (read at run time, never written to dist/). */
  apiKey: s.string(),
  /** Typesense or Algolia admin key, for `docs search sync` (never written to dist/). */
  adminApiKey: s.string(),
  /** Push the index on search when an admin key is present. */
  syncOnSearch: s.boolean(),
  /** Typesense fields to query. */
  queryBy: s.array(s.string()),
  /** Typesense search mode. @default "keyword" */
  mode: s.oneOf(["keyword", "hybrid"], "keyword"),
  /** Typesense hybrid search embeddings (a local embeddings provider). */
  embeddings: s.object({
    /** Embeddings provider name. */
    provider: s.string(),
    /** Embedding model id. */
    model: s.string(),
    /** Provider URL; a local provider on loopback port 11434 when absent. */
    baseUrl: s.string(),
  }),
  /** Algolia application id. */
  appId: s.string(),
  /** Algolia index name. */
  indexName: s.string(),
  /** Algolia search-only key (read at run time, never written to dist/). */
  searchApiKey: s.string(),
  /** MCP search: endpoint of the remote MCP server. */
  endpoint: s.string(),
  /** MCP search: request headers (credentials; never logged). */
  headers: s.record(s.string()),
  /** MCP search: tool to call. @default "search_docs" */
  toolName: s.string("search_docs"),
  /** MCP search: protocol version sent. @default "2025-11-25" */
  protocolVersion: s.string("2025-11-25"),
  /** Custom search: `{ name, search(query, context) }` or a factory returning one. */
  adapter: s.unknown(),
};
