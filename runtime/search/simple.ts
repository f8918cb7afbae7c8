/**
 * Built-in `simple` search (SPEC 2.14): BM25 over section chunks with title and heading boosts.
 * Pure Web-platform code. The build serializes each audience's index (`serializeSearchIndex`), so a cold runtime
 * parses one file of strings and decodes only what its queries touch; without that file the index is built in memory
 * from the chunks on first use.
 */
import {
  SEARCH_INDEX_FORMAT,
  SEARCH_POSTINGS_SHARD_CHARS,
  SEARCH_RECORDS_PER_SHARD,
  type SearchChunk,
  type SearchIndexData,
} from "../contract/index.ts";
import { rank, rankScratch, type TermImpacts } from "./rank.ts";

export interface SearchHit {
  chunk: SearchChunk;
  score: number;
}

export interface SimpleSearch {
  search(query: string, options?: { limit?: number; filter?: (chunk: SearchChunk) => boolean }): Promise<SearchHit[]>;
  readonly size: number;
}

/** Reads one record shard of the serialized index (`searchRecordsFile`); null when it is missing. */
export type RecordShardReader = (shard: number) => Promise<SearchChunk[] | null>;

/** Reads the serialized index's shards: chunk records and postings strings; null when one is missing. */
export interface IndexShardReader {
  records: RecordShardReader;
  postings(shard: number): Promise<string[] | null>;
}

/** The build's serialized index and its postings shards (`searchPostingsFile`), in order. */
export interface SerializedSearchIndex {
  index: SearchIndexData;
  postings: string[][];
}

const K1 = 1.2;
const B = 0.75;
/** A query term in the page title or section heading counts as this many body occurrences. */
const TITLE_BOOST = 3;
const SECTION_BOOST = 2;
/**
 * A chunk whose page title or section heading names a query word scores `1 + HEADING_MATCH_BOOST × share` of its
 * BM25 score, `share` being the part of the query's words its headings name: one whose headings name them all
 * scores double. Readers look for a place by its name; BM25 alone lets a long section that repeats one word beat
 * the section titled with every word asked for.
 */
export const HEADING_MATCH_BOOST = 1;

/** The heading boost of a chunk whose headings name `named` of the query's `total` words. */
export function headingMatchFactor(named: number, total: number): number {
  return 1 + (HEADING_MATCH_BOOST * named) / total;
}

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

/** A word of the index: a letter or digit, then letters, digits and `_`. */
const WORD = /[\p{L}\p{N}][\p{L}\p{N}_]*/gu;

/** A text whose characters are all one byte (U+0000–U+00FF), as most sections' are once accents are dropped. */
const ONE_BYTE = /^[\0-\xff]*$/;

/**
 * `WORD` for a one-byte text: the same words, its classes written as the one-byte characters they hold, and without
 * the `u` flag, whose matching steps over code points. On the sections of 100 real pages, tokenizing took half
 * the time with it; `simple.test.ts` checks the words against `WORD` on every one-byte character.
 */
const ONE_BYTE_WORD = (() => {
  const wordStart = /[\p{L}\p{N}]/u;
  let members = "";
  for (let code = 0; code <= 0xff; code++) {
    if (wordStart.test(String.fromCharCode(code))) members += `\\x${code.toString(16).padStart(2, "0")}`;
  }
  return new RegExp(`[${members}][${members}_]*`, "g");
})();

export function tokenize(text: string): string[] {
  const folded = text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "");
  const words = ONE_BYTE.test(folded) ? folded.match(ONE_BYTE_WORD) : folded.match(WORD);
  return (words ?? []).filter((token) => !STOP_WORDS.has(token)).map(stem);
}

/** A light English suffix strip so "retries"/"retry" and "jobs"/"job" meet. */
function stem(token: string): string {
  if (token.length > 4 && token.endsWith("ies")) return `${token.slice(0, -3)}y`;
  if (token.length > 4 && token.endsWith("ing")) return token.slice(0, -3);
  if (token.length > 3 && token.endsWith("es") && /(ch|sh|x|ss)es$/.test(token)) return token.slice(0, -2);
  if (token.length > 3 && token.endsWith("s") && !token.endsWith("ss")) return token.slice(0, -1);
  return token;
}

/**
 * Counts made elsewhere, by chunk object, packed (`packTermCounts`): by the page worker that built the chunk, or
 * stored with its page in the build cache (issue 11), so the main thread of a build does not tokenize every chunk
 * again. Packed, a large site's counts take a sixth of the memory of a Map per chunk.
 */
const packedCounts = new WeakMap<SearchChunk, PackedCounts>();

/** Packed counts, or a function that reads them (a build keeps them on disk until the indexes are made). */
export type PackedCounts = string | (() => string);

/** A chunk's `termCounts` as one string, `term count term count …` (terms never hold a space). */
export function packTermCounts(counts: ReadonlyMap<string, number>): string {
  const parts: (string | number)[] = [];
  for (const [term, count] of counts) parts.push(term, count);
  // One flat string: built with `+=` it would be a rope of a cell per term until first read.
  return parts.join(" ");
}

/** Takes the packed `termCounts` of an equal chunk for this chunk object (see `packedCounts`). */
export function rememberTermCounts(chunk: SearchChunk, packed: PackedCounts): void {
  packedCounts.set(chunk, packed);
}

/**
 * Term frequencies of one chunk, title and heading words boosted: the one place a chunk's terms are counted. A
 * term the page title or section heading names has its frequency negated (`termFrequency` and `namedInHeading`
 * read it), so postings stay flat `[doc, count]` pairs and still carry what the heading boost needs.
 */
export function termCounts(chunk: SearchChunk): ReadonlyMap<string, number> {
  const packed = packedCounts.get(chunk);
  if (packed !== undefined) {
    const counts = new Map<string, number>();
    forEachPacked(unpacked(packed), (term, count) => counts.set(term, count));
    return counts;
  }
  const counts = new Map<string, number>();
  const add = (text: string | null | undefined, weight: number) => {
    for (const token of tokenize(text ?? "")) counts.set(token, (counts.get(token) ?? 0) + weight);
  };
  add(chunk.content, 1);
  add(chunk.title, TITLE_BOOST);
  add(chunk.section, SECTION_BOOST);
  add(chunk.description, 1);
  for (const token of tokenize(`${chunk.title} ${chunk.section ?? ""}`))
    counts.set(token, -Math.abs(counts.get(token)!));
  return counts;
}

/** `termCounts(chunk)` entry by entry, without a Map when the counts were remembered. */
function forEachTermCount(chunk: SearchChunk, each: (term: string, count: number) => void): void {
  const packed = packedCounts.get(chunk);
  if (packed !== undefined) forEachPacked(unpacked(packed), each);
  else for (const [term, count] of termCounts(chunk)) each(term, count);
}

function unpacked(packed: PackedCounts): string {
  return typeof packed === "string" ? packed : packed();
}

/** The pairs of a packed string; counts are read digit by digit, so a posting costs one string (its term), not two. */
function forEachPacked(packed: string, each: (term: string, count: number) => void): void {
  for (let at = 0; at < packed.length; ) {
    const space = packed.indexOf(" ", at);
    let end = space + 1;
    const negative = packed.charCodeAt(end) === MINUS;
    if (negative) end++;
    let count = 0;
    for (let code = packed.charCodeAt(end); code >= ZERO && code <= NINE; code = packed.charCodeAt(++end))
      count = count * 10 + (code - ZERO);
    each(packed.slice(at, space), negative ? -count : count);
    at = end + 1;
  }
}

const MINUS = 45;
const ZERO = 48;
const NINE = 57;

/** The (boosted) frequency of a `termCounts` or postings count. */
export function termFrequency(count: number): number {
  return Math.abs(count);
}

/** Whether a `termCounts` or postings count is of a term the chunk's page title or section heading names. */
export function namedInHeading(count: number): boolean {
  return count < 0;
}

/** Inverse document frequency of a term found in `found` of `total` chunks. */
export function bm25Idf(total: number, found: number): number {
  return Math.log(1 + (total - found + 0.5) / (found + 0.5));
}

/** One term's BM25 contribution to a chunk whose length is `relativeLength` × the average. */
export function bm25Weight(idf: number, tf: number, relativeLength: number): number {
  return bm25WeightNormed(idf, tf, bm25LengthNorm(relativeLength));
}

/** BM25's length normalisation of a chunk whose length is `relativeLength` × the average. */
function bm25LengthNorm(relativeLength: number): number {
  return K1 * (1 - B + B * relativeLength);
}

/** `bm25Weight` with the chunk's length normalisation computed beforehand (the query loop's form). */
function bm25WeightNormed(idf: number, tf: number, norm: number): number {
  return (idf * (tf * (K1 + 1))) / (tf + norm);
}

/**
 * The BM25 index of a chunk list in memory: flat `[doc, count, …]` postings per sorted term, each count as
 * `termCounts` gives it (negative when a heading names the term).
 */
export interface ChunkIndex {
  documents: number;
  lengths: number[];
  terms: string[];
  /** One view per term into a single buffer of every posting. */
  postings: Int32Array[];
}

/**
 * The last list indexed and its index. A build indexes its public chunks twice, for the static index and for the
 * runtime's (each from its own array of the same chunks): the second time is a comparison of 30,000 references
 * rather than ~250 ms of building at 5,000 pages. Callers read an index, never change it.
 */
let lastIndexed: { chunks: readonly SearchChunk[]; index: ChunkIndex } | undefined;

export function indexChunks(chunks: readonly SearchChunk[]): ChunkIndex {
  if (lastIndexed && sameChunks(lastIndexed.chunks, chunks)) return lastIndexed.index;
  const index = buildChunkIndex(chunks);
  lastIndexed = { chunks: [...chunks], index };
  return index;
}

function sameChunks(a: readonly SearchChunk[], b: readonly SearchChunk[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Two passes, so that a large site's index is a few typed arrays rather than a growing array per term (issue 11: at
 * 10,000 pages each audience has ~2 million postings, whose arrays' outgrown copies were hundreds of megabytes of
 * garbage): every posting as `[term id, count]` in chunk order first, then placed by term, in sorted term order.
 */
function buildChunkIndex(chunks: readonly SearchChunk[]): ChunkIndex {
  const ids = new Map<string, number>();
  const names: string[] = [];
  let pairs: Int32Array = new Int32Array(1 << 12);
  let used = 0;
  /** Where each chunk's pairs end in `pairs`. */
  const ends = new Int32Array(chunks.length);
  const lengths: number[] = [];
  chunks.forEach((chunk, doc) => {
    let length = 0;
    forEachTermCount(chunk, (term, count) => {
      length += termFrequency(count);
      let id = ids.get(term);
      if (id === undefined) {
        id = names.length;
        ids.set(term, id);
        names.push(term);
      }
      if (used + 2 > pairs.length) pairs = grown(pairs);
      pairs[used++] = id;
      pairs[used++] = count;
    });
    ends[doc] = used;
    lengths.push(length);
  });
  const order = names.map((_, id) => id).sort((a, b) => (names[a] < names[b] ? -1 : names[a] > names[b] ? 1 : 0));
  const found = new Int32Array(names.length);
  for (let i = 0; i < used; i += 2) found[pairs[i]]++;
  const start = new Int32Array(names.length);
  let at = 0;
  for (const id of order) {
    start[id] = at;
    at += 2 * found[id];
  }
  const flat = new Int32Array(at);
  const next = start.slice();
  for (let i = 0, doc = 0; i < used; i += 2) {
    while (i >= ends[doc]) doc++;
    const id = pairs[i];
    flat[next[id]++] = doc;
    flat[next[id]++] = pairs[i + 1];
  }
  return {
    documents: chunks.length,
    lengths,
    terms: order.map((id) => names[id]),
    postings: order.map((id) => flat.subarray(start[id], start[id] + 2 * found[id])),
  };
}

function grown(array: Int32Array): Int32Array {
  const larger = new Int32Array(array.length * 2);
  larger.set(array);
  return larger;
}

/** The build's serialized form (contract `SearchIndexData`), decoded lazily by `createSimpleSearch`. */
export function serializeSearchIndex(chunks: readonly SearchChunk[]): SerializedSearchIndex {
  const { documents, lengths, terms, postings } = indexChunks(chunks);
  const shards: string[][] = [];
  const postingShards: number[] = [];
  let chars = SEARCH_POSTINGS_SHARD_CHARS;
  postings.forEach((list, at) => {
    if (chars >= SEARCH_POSTINGS_SHARD_CHARS) {
      shards.push([]);
      postingShards.push(at);
      chars = 0;
    }
    const encoded = encodePostings(list);
    shards[shards.length - 1].push(encoded);
    chars += encoded.length + 3;
  });
  return {
    index: {
      format: SEARCH_INDEX_FORMAT,
      documents,
      lengths,
      terms,
      postingShards,
      recordsPerShard: SEARCH_RECORDS_PER_SHARD,
    },
    postings: shards,
  };
}

/**
 * The record shards of `chunks` (or of their serialized forms), in order: shard `n` holds chunks
 * `n × SEARCH_RECORDS_PER_SHARD` onwards.
 */
export function searchRecordShards<Chunk>(chunks: readonly Chunk[]): Chunk[][] {
  const shards: Chunk[][] = [];
  for (let i = 0; i < chunks.length; i += SEARCH_RECORDS_PER_SHARD)
    shards.push(chunks.slice(i, i + SEARCH_RECORDS_PER_SHARD));
  return shards;
}

function encodePostings(list: ArrayLike<number>): string {
  const out: string[] = new Array(list.length);
  let previous = 0;
  for (let i = 0; i < list.length; i += 2) {
    out[i] = base36(list[i] - previous);
    out[i + 1] = base36(list[i + 1]);
    previous = list[i];
  }
  return out.join(",");
}

/**
 * `n.toString(36)`, from a table for the small numbers most deltas and counts are: a large site's index has millions
 * of them, and a fresh string each was most of the memory its serialization took (issue 11).
 */
function base36(n: number): string {
  return n > -BASE36_SMALL && n < BASE36_SMALL ? BASE36_TABLE[n + BASE36_SMALL] : n.toString(36);
}

const BASE36_SMALL = 36 * 36;
const BASE36_TABLE = Array.from({ length: 2 * BASE36_SMALL }, (_, i) => (i - BASE36_SMALL).toString(36));

function decodePostings(text: string): number[] {
  const parts = text.split(",");
  const list = new Array<number>(parts.length);
  let doc = 0;
  for (let i = 0; i < parts.length; i += 2) {
    doc += Number.parseInt(parts[i], 36);
    list[i] = doc;
    list[i + 1] = Number.parseInt(parts[i + 1], 36);
  }
  return list;
}

/** A well-formed serialized index (of `expected` chunks, when the chunk count is known). */
export function usableIndex(data: unknown, expected?: number): data is SearchIndexData {
  const index = data as SearchIndexData | null;
  return (
    !!index &&
    index.format === SEARCH_INDEX_FORMAT &&
    (expected === undefined || index.documents === expected) &&
    Array.isArray(index.terms) &&
    Array.isArray(index.postingShards) &&
    index.recordsPerShard > 0 &&
    index.lengths?.length === index.documents
  );
}

/**
 * Search over `chunks`, or over the build's serialized index and its record shards: with a usable `data` nothing
 * is tokenized and nothing is decoded up front — a term's postings on its first query, a record shard when one of
 * its chunks is a result.
 */
export function createSimpleSearch(
  chunks: readonly SearchChunk[] | null,
  data?: SearchIndexData | null,
  shards?: IndexShardReader,
): SimpleSearch {
  const lazy = usableIndex(data, chunks?.length) && shards ? data : null;
  if (!lazy && !chunks) throw new Error("createSimpleSearch needs the chunks, or a serialized index and its records");
  const built = lazy ? null : indexChunks(chunks!);
  const size = lazy ? lazy.documents : chunks!.length;
  const lengths = lazy ? lazy.lengths : built!.lengths;
  const vocabulary = lazy ? lazy.terms : built!.terms;
  const postingTexts = new Map<number, string[]>();
  const shardOf = (at: number) => bisect(lazy!.postingShards, at + 1) - 1;
  /** Reads the postings shards of terms `from` to `to` (exclusive) that are not in memory yet. */
  const loadPostings = async (from: number, to: number) => {
    if (!lazy || from >= to) return;
    const wanted: number[] = [];
    for (let shard = shardOf(from); shard <= shardOf(to - 1); shard++) if (!postingTexts.has(shard)) wanted.push(shard);
    await Promise.all(
      wanted.map(async (shard) => {
        const texts = await shards!.postings(shard);
        if (!texts) throw new Error(`search postings shard ${shard} is missing: rebuild the site`);
        postingTexts.set(shard, texts);
      }),
    );
  };
  const postingsAt = (at: number) => {
    if (!lazy) return built!.postings[at];
    const shard = shardOf(at);
    return decodePostings(postingTexts.get(shard)![at - lazy.postingShards[shard]]);
  };
  const recordShards = new Map<number, Promise<SearchChunk[]>>();
  const chunkAt = async (doc: number): Promise<SearchChunk> => {
    if (chunks) return chunks[doc];
    const per = lazy!.recordsPerShard;
    const shard = Math.floor(doc / per);
    let records = recordShards.get(shard);
    if (!records) {
      records = shards!.records(shard).then((found) => {
        if (!found) throw new Error(`search record shard ${shard} is missing: rebuild the site`);
        return found;
      });
      recordShards.set(shard, records);
      records.catch(() => recordShards.delete(shard));
    }
    return (await records)[doc % per];
  };
  let total = 0;
  for (const length of lengths) total += length;
  const average = total / Math.max(1, lengths.length);
  // BM25's length normalisation of each chunk, computed once rather than per posting and query.
  const norms = new Float64Array(size);
  for (let doc = 0; doc < size; doc++) norms[doc] = bm25LengthNorm(lengths[doc] / average);
  // Each queried term's BM25 weight per chunk depends on nothing but the index: computed on its first query.
  const impacts = new Map<number, TermImpacts>();
  const impactsAt = (at: number): TermImpacts => {
    let found = impacts.get(at);
    if (!found) impacts.set(at, (found = termImpacts(postingsAt(at), size, norms)));
    return found;
  };
  // One score table for every query, zeroed again before anything is awaited (`rank` is synchronous), so queries in
  // flight together never see each other's scores.
  const scratch = rankScratch(size);

  return {
    size,
    async search(query, options = {}) {
      const terms = [...new Set(tokenize(query))];
      // The postings shards of every query term (and of a prefix's completions) are read first, together.
      await Promise.all(
        terms.map((term) => {
          const at = bisect(vocabulary, term);
          if (vocabulary[at] === term) return loadPostings(at, at + 1);
          if (term.length < 3) return undefined;
          let end = at;
          while (end < vocabulary.length && vocabulary[end].startsWith(term)) end++;
          return loadPostings(at, end);
        }),
      );
      const lists: TermImpacts[] = [];
      for (const term of terms) {
        const at = bisect(vocabulary, term);
        const found = vocabulary[at] === term ? impactsAt(at) : prefixImpacts(vocabulary, at, term, impactsAt);
        if (found) lists.push(found);
      }
      const limit = options.limit ?? 10;
      const { filter } = options;
      const boost = (named: number) => headingMatchFactor(named, terms.length);
      // A filter decides afterwards how many of the ranking it needs.
      const ranked = rank(lists, boost, scratch, filter ? Number.POSITIVE_INFINITY : limit);
      if (!filter) {
        const found = await Promise.all(ranked.docs.map(chunkAt));
        return ranked.docs.map((doc, i) => ({ chunk: found[i], score: ranked.scores[i] }));
      }
      const hits: SearchHit[] = [];
      for (let i = 0; i < ranked.docs.length; i++) {
        const chunk = await chunkAt(ranked.docs[i]);
        if (!filter(chunk)) continue;
        hits.push({ chunk, score: ranked.scores[i] });
        if (hits.length === limit) break;
      }
      return hits;
    },
  };
}

/** First index whose term is ≥ `term` (sorted by UTF-16 code unit, as the build sorts). */
function bisect<T extends string | number>(vocabulary: readonly T[], term: T): number {
  let low = 0;
  let high = vocabulary.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (vocabulary[mid] < term) low = mid + 1;
    else high = mid;
  }
  return low;
}

function termImpacts(list: ArrayLike<number>, size: number, norms: Float64Array): TermImpacts {
  const n = list.length / 2;
  const idf = bm25Idf(size, n);
  const docs = new Int32Array(n);
  const weights = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const count = list[2 * i + 1];
    docs[i] = list[2 * i];
    const weight = bm25WeightNormed(idf, termFrequency(count), norms[docs[i]]);
    weights[i] = namedInHeading(count) ? -weight : weight;
  }
  return { docs, weights };
}

/**
 * The last query word is often half-typed: when it has no postings of its own, the terms it begins (of 3 letters or
 * more) count half their weight each, and a heading naming any of them names the word.
 */
function prefixImpacts(
  vocabulary: readonly string[],
  from: number,
  term: string,
  impactsAt: (at: number) => TermImpacts,
): TermImpacts | undefined {
  if (term.length < 3) return undefined;
  const summed = new Map<number, number>();
  const named = new Set<number>();
  for (let at = from; at < vocabulary.length && vocabulary[at].startsWith(term); at++) {
    const { docs, weights } = impactsAt(at);
    for (let i = 0; i < docs.length; i++) {
      summed.set(docs[i], (summed.get(docs[i]) ?? 0) + Math.abs(weights[i]) * 0.5);
      if (weights[i] < 0) named.add(docs[i]);
    }
  }
  if (summed.size === 0) return undefined;
  const docs = Int32Array.from(summed.keys()).sort();
  const weights = new Float64Array(docs.length);
  docs.forEach((doc, i) => (weights[i] = named.has(doc) ? -summed.get(doc)! : summed.get(doc)!));
  return { docs, weights };
}
