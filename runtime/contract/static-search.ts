/**
 * The static search index (issue 12, SPEC 2.14 "search on a static host"): what `docs build` writes under
 * `_docs/search/` so the search dialog answers on a plain file host, and the search page's route. Written by
 * `compiler/emit/static-search.ts`, read by `templates/search.js`. Only the human projection goes in: never
 * `<Agent>` text.
 *
 * Layout: `index.json` (one small file) names the term shards by their first term, so the client fetches only the
 * shards its query words fall in; a term shard maps each term to its postings with BM25 weights computed at build
 * time (the client only adds); results are read from the document shard their id falls in.
 */
import { RUNTIME_DIR } from "./files.ts";

export const STATIC_SEARCH_FORMAT = "docs-static-search.v2";

/** Folder of the static index, relative to `dist/`. */
export const STATIC_SEARCH_DIR = `${RUNTIME_DIR}/search`;

/** The search page the header button links to when JavaScript is off (and that the dialog opens on with `?q=`). */
export const SEARCH_PAGE_ROUTE = "/search";

export interface StaticSearchIndex {
  format: typeof STATIC_SEARCH_FORMAT;
  /** Number of documents (search chunks). */
  documents: number;
  /** Documents per document shard: document `n` lives in `docs-${Math.floor(n / documentShardSize)}.json`. */
  documentShardSize: number;
  /** First term of each term shard `terms-${i}.json`, sorted; a term lives in the last shard whose first term ≤ it. */
  termShards: string[];
  /** `HEADING_MATCH_BOOST` of `runtime/search/simple.ts`, so the client ranks with the runtime's heading boost. */
  headingMatchBoost: number;
  /** Hash of the index contents, appended as `?v=` so a cached shard of an older build is never mixed in. */
  version: string;
}

/**
 * term → flat postings `[docDelta, weight, docDelta, weight, …]`: document ids ascending and delta-encoded, weight
 * the term's BM25 contribution × 100, rounded (at least 1), and negative when the document's page title or section
 * heading names the term (the heading boost of `runtime/search/simple.ts` multiplies the summed weights).
 */
export type StaticSearchTermShard = Record<string, number[]>;

/** One document: `[url, page title, section heading or null, text (at most STATIC_SEARCH_TEXT_CHARS)]`. */
export type StaticSearchDocument = [url: string, title: string, section: string | null, text: string];

/** Text kept per document for excerpts and highlighting; longer sections are cut at a word boundary. */
export const STATIC_SEARCH_TEXT_CHARS = 300;

export function staticSearchTermShardFile(index: number): string {
  return `${STATIC_SEARCH_DIR}/terms-${index}.json`;
}

export function staticSearchDocumentShardFile(index: number): string {
  return `${STATIC_SEARCH_DIR}/docs-${index}.json`;
}

export const STATIC_SEARCH_INDEX_FILE = `${STATIC_SEARCH_DIR}/index.json`;
