/**
 * The built-in search index as the build serializes it (issue 12, SPEC 2.14): `_docs/search-index-human.json`
 * (public search) and `_docs/search-index-agent.json` (MCP, agent retrieval), one per audience, in the order of
 * `search-human.json` / `search-agent.json`. A cold runtime parses it instead of tokenizing every chunk.
 */
export interface SearchIndexData {
  /** Number of chunks indexed; a runtime ignores an index whose count differs from its chunk file. */
  documents: number;
  /** Weighted term count of each chunk (title and heading words boosted), for BM25 length normalization. */
  lengths: number[];
  /** Every term, sorted by UTF-16 code unit (`Array.prototype.sort`), so prefixes are found by binary search. */
  terms: string[];
  /** `postings[i]` belongs to `terms[i]`: flat `[doc, tf, doc, tf, …]`, documents ascending. */
  postings: number[][];
}
