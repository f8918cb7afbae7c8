/** The search provider layer (SPEC 2.14): one interface in front of the built-in index and the external engines. */

/** One search result, as public search and `search_docs` return it (SPEC 2.14 result fields). */
export interface SearchResultItem {
  id: string;
  /** Site route (`/docs/page#section`) or an absolute URL, as the provider gave it. */
  url: string;
  /** Page title. */
  title: string;
  /** Section heading, or null for a page intro. */
  section: string | null;
  /** Section text (public search cuts it to a window around the first match). */
  content: string;
  description: string | null;
  type: "page" | "section";
}

/** Which projection asks: public search is `human`, MCP `search_docs` is `agent`. */
export type SearchAudience = "human" | "agent";

export interface SearchOptions {
  /** Most results to return (the caller's limit, else `search.maxResults`). */
  limit: number;
  /** BCP 47 tag; null searches every locale. */
  locale: string | null;
  audience: SearchAudience;
  /** Aborts upstream calls when the client goes away; each call also has its own timeout. */
  signal?: AbortSignal;
}

export interface SearchProvider {
  /** The provider that answers: `simple`, `typesense`, `algolia`, `mcp` or `custom`. */
  readonly name: string;
  search(query: string, options: SearchOptions): Promise<SearchResultItem[]>;
}

/** A chunked document as custom adapters receive it (SPEC 2.14: normalized, chunked by `search.chunking`). */
export interface SearchDocument extends SearchResultItem {
  /** Page path (slug) of the page the chunk belongs to: "" for the root page. */
  path: string;
  locale: string | null;
}

/** A normalized page as custom adapters receive it. */
export interface SearchPage {
  path: string;
  url: string;
  markdownUrl: string;
  title: string;
  description: string | null;
  locale: string | null;
  tags: string[];
  hidden: boolean;
}

/** What `search.adapter.search(query, context)` receives. */
export interface SearchAdapterContext {
  locale: string | null;
  limit: number;
  audience: SearchAudience;
  signal: AbortSignal;
  /** The chunked documents of the audience's projection (human: never `<Agent>` text), loaded on first call. */
  documents(): Promise<SearchDocument[]>;
  pages: readonly SearchPage[];
}

/** `search.adapter` (SPEC 2.14): this object, or a factory returning it (possibly async). */
export interface SearchAdapter {
  name?: string;
  /** Result objects (`{ id, url, title?, section, content, description, type }`), or `{ results: [...] }`. */
  search(query: string, context: SearchAdapterContext): unknown;
}
