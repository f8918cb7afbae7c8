/**
 * The static search index under `_docs/search/` (issue 12, SPEC 2.14): the search dialog's index on a host that
 * runs no runtime. Built from the public (human) chunks only, so `<Agent>` text never reaches it. BM25 weights are
 * computed here with the runtime's own tokenizer and formula, so the static and runtime rankings agree; the client
 * fetches `index.json`, the term shards of its query words and the document shards of its top results.
 */
import { createHash } from "node:crypto";
import {
  STATIC_SEARCH_FORMAT,
  STATIC_SEARCH_INDEX_FILE,
  STATIC_SEARCH_TEXT_CHARS,
  staticSearchDocumentShardFile,
  staticSearchTermShardFile,
  type SearchChunk,
  type StaticSearchDocument,
  type StaticSearchIndex,
  type StaticSearchTermShard,
} from "../../runtime/contract/index.ts";
import {
  bm25Idf,
  bm25Weight,
  HEADING_MATCH_BOOST,
  indexChunks,
  namedInHeading,
  termFrequency,
} from "../../runtime/search/simple.ts";
import { collapseWhitespace } from "../../runtime/search/whitespace.ts";
import type { EmitContext } from "./context.ts";
import { oncePerRecord } from "../cache/per-record.ts";
import { inSearchScope, localeSearchScopes } from "../i18n/locale-search.ts";

/**
 * Documents per document shard: a top-10 answer reads at most 10 of them (~6 KB each). Measured on the 1,000-page
 * corpus (bench/search.ts): 64 per shard and 48 KB term shards fetched 356 KB for a median query.
 */
export const DOCUMENT_SHARD_SIZE = 16;
/** A term shard is closed once its JSON passes this many characters: a query fetches one per word. */
const TERM_SHARD_CHARS = 16_000;
/**
 * A term keeps its best-weighted postings only: a word in most chunks ranks nothing, and its full list would make
 * every query that uses it fetch hundreds of kilobytes on a 5,000-page site. Postings whose heading names the term
 * are kept apart and more of them, because the heading boost lifts exactly those: on the 5,000-page bench corpus one
 * shared cap of 1,000 kept section recall@5 at 0.56 against the runtime's 0.86; 500 + 4,000 matches the runtime at
 * about the same bytes per query (bench/search.ts).
 */
export const MAX_BODY_POSTINGS_PER_TERM = 500;
export const MAX_HEADING_POSTINGS_PER_TERM = 4_000;

export function emitStaticSearch(context: EmitContext): void {
  if (!context.config.surfaces.search.enabled) return;
  // Issue 14: one index per locale (a site without locales has one scope: every page, at the usual place).
  for (const scope of localeSearchScopes(context.site, context.config)) {
    const chunks = scope.pages.flatMap((page) => page.chunks.human);
    for (const [file, contents] of buildStaticSearch(chunks))
      context.files.set(inSearchScope(file, scope.dir), contents);
  }
}

/** dist-relative path → contents of every file of the static index. Pure. */
export function buildStaticSearch(chunks: SearchChunk[]): Map<string, string> {
  const { lengths, terms, postings } = indexChunks(chunks);
  const average = lengths.reduce((a, b) => a + b, 0) / Math.max(1, lengths.length);

  const termShards: StaticSearchTermShard[] = [];
  const firstTerms: string[] = [];
  let shard: StaticSearchTermShard = {};
  let shardChars = 0;
  terms.forEach((term, t) => {
    const list = postings[t];
    const idf = bm25Idf(chunks.length, list.length / 2);
    const count = list.length / 2;
    const weights = new Int32Array(count); // negative where a heading names the term
    for (let i = 0; i < count; i++) {
      const weight = Math.max(
        1,
        Math.round(100 * bm25Weight(idf, termFrequency(list[2 * i + 1]), lengths[list[2 * i]] / average)),
      );
      weights[i] = namedInHeading(list[2 * i + 1]) ? -weight : weight;
    }
    const kept = keptPostings(weights);
    const flat: number[] = [];
    let previous = 0;
    for (let i = 0; i < count; i++) {
      if (kept && !kept[i]) continue;
      flat.push(list[2 * i] - previous, weights[i]);
      previous = list[2 * i];
    }
    if (shardChars === 0) firstTerms.push(term);
    shard[term] = flat;
    shardChars += term.length + joinedLength(flat) + 6;
    if (shardChars >= TERM_SHARD_CHARS) {
      termShards.push(shard);
      shard = {};
      shardChars = 0;
    }
  });
  if (shardChars > 0) termShards.push(shard);

  const files = new Map<string, string>();
  termShards.forEach((terms, i) => files.set(staticSearchTermShardFile(i), JSON.stringify(terms)));
  for (let start = 0; start < chunks.length; start += DOCUMENT_SHARD_SIZE) {
    const documents = chunks.slice(start, start + DOCUMENT_SHARD_SIZE).map(documentOf);
    files.set(staticSearchDocumentShardFile(start / DOCUMENT_SHARD_SIZE), JSON.stringify(documents));
  }
  const hash = createHash("sha256");
  for (const file of [...files.keys()].sort()) hash.update(file).update(files.get(file)!);
  const index: StaticSearchIndex = {
    format: STATIC_SEARCH_FORMAT,
    documents: chunks.length,
    documentShardSize: DOCUMENT_SHARD_SIZE,
    termShards: firstTerms,
    headingMatchBoost: HEADING_MATCH_BOOST,
    version: hash.digest("hex").slice(0, 12),
  };
  files.set(STATIC_SEARCH_INDEX_FILE, JSON.stringify(index));
  return files;
}

/**
 * Which postings of one term to keep (null: all of them): the MAX_BODY_POSTINGS_PER_TERM body postings and the
 * MAX_HEADING_POSTINGS_PER_TERM heading ones of highest |weight|, ties to the lower document. Weights are small
 * integers, so each side's cut-off is found by counting, not sorting.
 */
function keptPostings(weights: Int32Array): Uint8Array | null {
  let named = 0;
  for (const weight of weights) if (weight < 0) named++;
  if (weights.length - named <= MAX_BODY_POSTINGS_PER_TERM && named <= MAX_HEADING_POSTINGS_PER_TERM) return null;
  const kept = new Uint8Array(weights.length);
  for (const sign of [1, -1]) {
    const limit = sign > 0 ? MAX_BODY_POSTINGS_PER_TERM : MAX_HEADING_POSTINGS_PER_TERM;
    // How many postings of this side have each |weight|.
    const counts = new Map<number, number>();
    for (const weight of weights)
      if (Math.sign(weight) === sign) counts.set(weight * sign, (counts.get(weight * sign) ?? 0) + 1);
    // The cut-off: every posting above it is kept, and the first `atCutoff` (in document order) of those at it.
    let cutoff = 0;
    let atCutoff = Number.POSITIVE_INFINITY;
    let above = 0;
    for (const weight of [...counts.keys()].sort((a, b) => b - a)) {
      const here = counts.get(weight)!;
      if (above + here >= limit) {
        cutoff = weight;
        atCutoff = limit - above;
        break;
      }
      above += here;
    }
    for (let i = 0; i < weights.length; i++) {
      const size = weights[i] * sign;
      if (size <= 0 || size < cutoff) continue;
      if (size === cutoff) {
        if (atCutoff === 0) continue;
        atCutoff--;
      }
      kept[i] = 1;
    }
  }
  return kept;
}

/** `numbers.join(",").length`, without making the string. */
function joinedLength(numbers: readonly number[]): number {
  let length = Math.max(0, numbers.length - 1);
  for (const number of numbers) {
    let digits = number < 0 ? 2 : 1;
    for (let rest = Math.abs(number); rest >= 10; rest = Math.floor(rest / 10)) digits++;
    length += digits;
  }
  return length;
}

const documentOf = oncePerRecord((chunk: SearchChunk): StaticSearchDocument => {
  const text = collapseWhitespace(chunk.content).trim();
  if (text.length <= STATIC_SEARCH_TEXT_CHARS) return [chunk.url, chunk.title, chunk.section, text];
  const cut = text.lastIndexOf(" ", STATIC_SEARCH_TEXT_CHARS);
  return [chunk.url, chunk.title, chunk.section, `${text.slice(0, cut > 0 ? cut : STATIC_SEARCH_TEXT_CHARS)}…`];
});
