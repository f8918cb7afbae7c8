/**
 * Built-in `simple` search (SPEC 2.14): BM25 over section chunks with title and heading boosts.
 * Pure Web-platform code. The build serializes each audience's index (`indexChunks`), so a cold runtime only
 * parses it; without that file the index is built in memory on first use.
 */
import type { SearchChunk, SearchIndexData } from "../contract/index.ts";

export interface SearchHit {
  chunk: SearchChunk;
  score: number;
}

export interface SimpleSearch {
  search(query: string, options?: { limit?: number; filter?: (chunk: SearchChunk) => boolean }): SearchHit[];
  readonly size: number;
}

const K1 = 1.2;
const B = 0.75;
/** A query term in the page title or section heading counts as this many body occurrences. */
const TITLE_BOOST = 3;
const SECTION_BOOST = 2;

const STOP_WORDS = new Set([
  "a",
  "an",
  "and",
  "are",
  "as",
  "at",
  "be",
  "by",
  "for",
  "from",
  "how",
  "i",
  "in",
  "is",
  "it",
  "of",
  "on",
  "or",
  "that",
  "the",
  "this",
  "to",
  "what",
  "when",
  "with",
  "do",
  "does",
  "can",
  "my",
]);

export function tokenize(text: string): string[] {
  return (
    text
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .match(/[\p{L}\p{N}][\p{L}\p{N}_]*/gu) ?? []
  )
    .filter((token) => !STOP_WORDS.has(token))
    .map(stem);
}

/** A light English suffix strip so "retries"/"retry" and "jobs"/"job" meet. */
function stem(token: string): string {
  if (token.length > 4 && token.endsWith("ies")) return `${token.slice(0, -3)}y`;
  if (token.length > 4 && token.endsWith("ing")) return token.slice(0, -3);
  if (token.length > 3 && token.endsWith("es") && /(ch|sh|x|ss)es$/.test(token)) return token.slice(0, -2);
  if (token.length > 3 && token.endsWith("s") && !token.endsWith("ss")) return token.slice(0, -1);
  return token;
}

/** Term frequencies of one chunk, title and heading words boosted: the one place a chunk's terms are counted. */
export function termCounts(chunk: SearchChunk): Map<string, number> {
  const counts = new Map<string, number>();
  const add = (text: string | null | undefined, weight: number) => {
    for (const token of tokenize(text ?? "")) counts.set(token, (counts.get(token) ?? 0) + weight);
  };
  add(chunk.content, 1);
  add(chunk.title, TITLE_BOOST);
  add(chunk.section, SECTION_BOOST);
  add(chunk.description, 1);
  return counts;
}

/** Inverse document frequency of a term found in `found` of `total` chunks. */
export function bm25Idf(total: number, found: number): number {
  return Math.log(1 + (total - found + 0.5) / (found + 0.5));
}

/** One term's BM25 contribution to a chunk whose length is `relativeLength` × the average. */
export function bm25Weight(idf: number, tf: number, relativeLength: number): number {
  return (idf * (tf * (K1 + 1))) / (tf + K1 * (1 - B + B * relativeLength));
}

/** The serializable BM25 index of a chunk list (contract: `SearchIndexData`). */
export type SimpleIndexData = SearchIndexData;

export function indexChunks(chunks: SearchChunk[]): SimpleIndexData {
  const postings = new Map<string, number[]>();
  const lengths: number[] = [];
  chunks.forEach((chunk, doc) => {
    let length = 0;
    for (const [token, tf] of termCounts(chunk)) {
      length += tf;
      let list = postings.get(token);
      if (!list) postings.set(token, (list = []));
      list.push(doc, tf);
    }
    lengths.push(length);
  });
  const terms = [...postings.keys()].sort();
  return { documents: chunks.length, lengths, terms, postings: terms.map((term) => postings.get(term)!) };
}

/** `data`, when given, must come from `indexChunks(chunks)` (the build's serialized index); else it is built here. */
export function createSimpleSearch(chunks: SearchChunk[], data?: SimpleIndexData | null): SimpleSearch {
  const index =
    data && data.documents === chunks.length && data.terms.length === data.postings.length ? data : indexChunks(chunks);
  const { lengths } = index;
  const postings = new Map<string, number[]>();
  index.terms.forEach((term, i) => postings.set(term, index.postings[i]));
  const average = lengths.reduce((a, b) => a + b, 0) / Math.max(1, lengths.length);
  // Sorted (by the build) so a half-typed word finds its completions by binary search, not by scanning.
  const vocabulary = index.terms;

  return {
    size: chunks.length,
    search(query, options = {}) {
      const terms = [...new Set(tokenize(query))];
      const scores = new Float64Array(chunks.length);
      const touched: number[] = [];
      for (const term of terms) {
        const list = postings.get(term) ?? prefixPostings(postings, vocabulary, term);
        if (!list || list.length === 0) continue;
        const idf = bm25Idf(chunks.length, list.length / 2);
        for (let i = 0; i < list.length; i += 2) {
          const doc = list[i];
          if (scores[doc] === 0) touched.push(doc);
          scores[doc] += bm25Weight(idf, list[i + 1], lengths[doc] / average);
        }
      }
      // Top-k by insertion into a small sorted list: common words touch most chunks, a full sort would dominate.
      const limit = options.limit ?? 10;
      const top: SearchHit[] = [];
      for (const doc of touched) {
        const hit = { chunk: chunks[doc], score: scores[doc] };
        if (top.length === limit && compareHits(hit, top[limit - 1]) >= 0) continue;
        if (options.filter && !options.filter(hit.chunk)) continue;
        let at = top.length;
        while (at > 0 && compareHits(hit, top[at - 1]) < 0) at--;
        top.splice(at, 0, hit);
        if (top.length > limit) top.pop();
      }
      return top;
    },
  };
}

/** Higher score first; ties resolve by id so results never depend on insertion order. */
function compareHits(a: SearchHit, b: SearchHit): number {
  return b.score - a.score || (a.chunk.id < b.chunk.id ? -1 : a.chunk.id > b.chunk.id ? 1 : 0);
}

/** The last query word is often half-typed: match it as a prefix when it has no exact postings. */
function prefixPostings(postings: Map<string, number[]>, vocabulary: string[], term: string): number[] | undefined {
  if (term.length < 3) return undefined;
  let low = 0;
  let high = vocabulary.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (vocabulary[mid] < term) low = mid + 1;
    else high = mid;
  }
  const merged = new Map<number, number>();
  for (let i = low; i < vocabulary.length && vocabulary[i].startsWith(term); i++) {
    const list = postings.get(vocabulary[i])!;
    for (let j = 0; j < list.length; j += 2) merged.set(list[j], (merged.get(list[j]) ?? 0) + list[j + 1] * 0.5);
  }
  return [...merged].flat();
}
