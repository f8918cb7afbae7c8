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
    const all: Posting[] = []; // in document order
    let namedCount = 0;
    for (let i = 0; i < list.length; i += 2) {
      const weight = Math.max(
        1,
        Math.round(100 * bm25Weight(idf, termFrequency(list[i + 1]), lengths[list[i]] / average)),
      );
      const named = namedInHeading(list[i + 1]);
      if (named) namedCount++;
      all.push({ doc: list[i], weight: named ? -weight : weight });
    }
    const kept =
      all.length - namedCount <= MAX_BODY_POSTINGS_PER_TERM && namedCount <= MAX_HEADING_POSTINGS_PER_TERM
        ? all
        : [
            ...best(
              all.filter(({ weight }) => weight > 0),
              MAX_BODY_POSTINGS_PER_TERM,
            ),
            ...best(
              all.filter(({ weight }) => weight < 0),
              MAX_HEADING_POSTINGS_PER_TERM,
            ),
          ].sort((a, b) => a.doc - b.doc);
    const flat: number[] = [];
    let previous = 0;
    for (const { doc, weight } of kept) {
      flat.push(doc - previous, weight);
      previous = doc;
    }
    if (shardChars === 0) firstTerms.push(term);
    shard[term] = flat;
    shardChars += term.length + flat.join(",").length + 6;
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

/** One posting of the static index: `weight` is negative where the document's heading names the term. */
interface Posting {
  doc: number;
  weight: number;
}

/** The `limit` postings of highest |weight| (ties: lower document first), in any order. */
function best(postings: Posting[], limit: number): Posting[] {
  if (postings.length <= limit) return postings;
  return postings.sort((a, b) => Math.abs(b.weight) - Math.abs(a.weight) || a.doc - b.doc).slice(0, limit);
}

const documentOf = oncePerRecord((chunk: SearchChunk): StaticSearchDocument => {
  const text = chunk.content.replace(/\s+/g, " ").trim();
  if (text.length <= STATIC_SEARCH_TEXT_CHARS) return [chunk.url, chunk.title, chunk.section, text];
  const cut = text.lastIndexOf(" ", STATIC_SEARCH_TEXT_CHARS);
  return [chunk.url, chunk.title, chunk.section, `${text.slice(0, cut > 0 ? cut : STATIC_SEARCH_TEXT_CHARS)}…`];
});
