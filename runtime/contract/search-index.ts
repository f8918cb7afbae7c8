/**
 * The built-in search index as the build serializes it (issue 12, SPEC 2.14): `_docs/search-index-human.json`
 * (public search) and `_docs/search-index-agent.json` (MCP, agent retrieval), one per audience, in the order of
 * `search-human.json` / `search-agent.json`. Laid out to be decoded lazily: a cold runtime parses the index (terms
 * and postings as strings), decodes only the postings of its query's terms, and reads the chunk records of its
 * results from small shard files (`search-records-<audience>/<n>.json`), so the first query on a 5,000-page site
 * does not wait for every chunk to be parsed.
 */
import { RUNTIME_DIR } from "./files.ts";

export const SEARCH_INDEX_FORMAT = "docs-search-index.v3";

export interface SearchIndexData {
  format: typeof SEARCH_INDEX_FORMAT;
  /** Number of chunks indexed; a runtime ignores an index whose count differs from its chunk file. */
  documents: number;
  /** Weighted term count of each chunk (title and heading words boosted), for BM25 length normalization. */
  lengths: number[];
  /** Every term, sorted by UTF-16 code unit (`Array.prototype.sort`), so terms and prefixes are found by bisection. */
  terms: string[];
  /**
   * Index in `terms` of the first term of each postings shard (`searchPostingsFile`): shard `n` holds the postings of
   * terms `postingShards[n]` up to the next shard's first, as a JSON array of strings — base-36 numbers joined by
   * `,`: `docDelta,tf,docDelta,tf,…`, documents ascending, each the distance from the previous (the first from 0);
   * `tf` is negative when the chunk's page title or section heading names the term.
   */
  postingShards: number[];
  /** Chunks per record shard: chunk `n` is entry `n % recordsPerShard` of shard `Math.floor(n / recordsPerShard)`. */
  recordsPerShard: number;
}

/** Chunks per record shard: a top-10 answer reads at most 10 small files. */
export const SEARCH_RECORDS_PER_SHARD = 32;

/** A postings shard is closed once its strings pass this many characters: a query reads one per word. */
export const SEARCH_POSTINGS_SHARD_CHARS = 32_000;

/** `dist/`-relative path of one postings shard. */
export function searchPostingsFile(audience: "human" | "agent", shard: number): string {
  return `${RUNTIME_DIR}/search-postings-${audience}/${shard}.json`;
}

/** `dist/`-relative path of one record shard: a JSON array of the audience's chunks, in chunk-file order. */
export function searchRecordsFile(audience: "human" | "agent", shard: number): string {
  return `${RUNTIME_DIR}/search-records-${audience}/${shard}.json`;
}
