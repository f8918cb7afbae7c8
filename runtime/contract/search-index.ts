/**
 * The built-in search index as the build serializes it (issue 12, SPEC 2.14): `_docs/search-index-human.json`
 * (public search) and `_docs/search-index-agent.json` (MCP, agent retrieval), one per audience, in the order of
 * `search-human.json` / `search-agent.json`. Laid out to be decoded lazily: a cold runtime parses the index (terms
 * and postings as strings), decodes only the postings of its query's terms, and reads the chunk records of its
 * results from small shard files (`search-records-<audience>/<n>.json`), so the first query on a 5,000-page site
 * does not wait for every chunk to be parsed.
 */
import { RUNTIME_DIR } from "./files.ts";

export const SEARCH_INDEX_FORMAT = "docs-search-index.v2";

export interface SearchIndexData {
  format: typeof SEARCH_INDEX_FORMAT;
  /** Number of chunks indexed; a runtime ignores an index whose count differs from its chunk file. */
  documents: number;
  /** Weighted term count of each chunk (title and heading words boosted), for BM25 length normalization. */
  lengths: number[];
  /** Every term, sorted by UTF-16 code unit (`Array.prototype.sort`), so terms and prefixes are found by bisection. */
  terms: string[];
  /**
   * `postings[i]` belongs to `terms[i]`: base-36 numbers joined by `,` — `docDelta,tf,docDelta,tf,…`, documents
   * ascending and each one the distance from the previous (the first from 0).
   */
  postings: string[];
  /** Chunks per record shard: chunk `n` is entry `n % recordsPerShard` of shard `Math.floor(n / recordsPerShard)`. */
  recordsPerShard: number;
}

/** Chunks per record shard: a top-10 answer reads at most 10 small files. */
export const SEARCH_RECORDS_PER_SHARD = 32;

/** `dist/`-relative path of one record shard: a JSON array of the audience's chunks, in chunk-file order. */
export function searchRecordsFile(audience: "human" | "agent", shard: number): string {
  return `${RUNTIME_DIR}/search-records-${audience}/${shard}.json`;
}
