/**
 * A `docs build` keeps each page result on disk, in its `TextSpool` (write/text-spool.ts), from the moment the page is
 * built until every page is (issue 11: memory). That is when a build's memory peaks: the page lanes' heaps are all
 * alive, and the main thread's heap grows with each result it holds. Shelved, a result is one place in the spool.
 *
 * `shelvePageResult` puts each long text of the result in the spool (the page's HTML and agent Markdown, its search
 * chunks' text, their packed term counts) and the rest, serialized, after them. `unshelvePageResult` reads the rest
 * back and leaves each long text where it is, as a property that reads it when asked (`placeProperty`): the record
 * reads, serializes and compares as it did, key order included, and a chunk in both audiences' lists stays one object.
 * What a build holds between the pages pass and the emitters is the rest of each record, as before.
 *
 * A spooled text is decoded on every read, so code that reads one in a loop should keep it in a variable; spreading
 * a record (`{ ...page }`) reads every text into the copy.
 */
import { deserialize, serialize } from "node:v8";
import type { SearchChunk } from "../../runtime/contract/index.ts";
import { placedCopy, placeProperty, type SpooledText, spoolable, type TextSpool } from "../write/text-spool.ts";
import type { PageResult, PageTerms } from "./types.ts";

/**
 * How a pages pass keeps each result it builds until every page is built (`keep`), and gives it back then (`take`);
 * `hold` is for a result that is not waited on (one taken from the page cache).
 */
export interface ResultShelf<Kept> {
  keep(result: PageResult): Kept;
  take(kept: Kept): PageResult;
  hold(result: PageResult): PageResult;
}

/** Results kept as they are: `docs dev`, whose records stay in memory for the next build. */
export const inMemory: ResultShelf<PageResult> = {
  keep: (result) => result,
  take: (result) => result,
  hold: (result) => result,
};

/** Results kept in `spool`, out of the heap. */
export function inSpool(spool: TextSpool): ResultShelf<ShelvedPageResult> {
  return {
    keep: (result) => shelvePageResult(result, spool),
    take: (shelved) => unshelvePageResult(shelved, spool),
    // What `take` would give, without the serializing: the long texts go to the spool, the rest stays. A frozen
    // record (a long-lived page cache's) is left as it is.
    hold: (result) =>
      result.page && Object.isFrozen(result.page) ? result : placeTexts(result, spoolTexts(result, spool), spool),
  };
}

/** A page result in a spool: where its serialized record went. */
export interface ShelvedPageResult {
  shelved: SpooledText;
}

/** Where each long text of a result went; a short text has no place and stays in the record. */
interface TextPlaces {
  html?: SpooledText;
  agentBody?: SpooledText;
  /** Per distinct chunk, human list first, in order. */
  contents: (SpooledText | undefined)[];
  terms?: { human: (SpooledText | undefined)[]; agent: (SpooledText | undefined)[] };
}

/** What is serialized: the result with each long text left empty, and where each of those texts went. */
interface Shelf extends TextPlaces {
  result: PageResult;
}

export function shelvePageResult(result: PageResult, spool: TextSpool): ShelvedPageResult {
  const places = spoolTexts(result, spool);
  const shelf: Shelf = { ...places, result: { ...result } };
  const page = result.page;
  if (page) {
    let next = 0;
    const blanked = distinctChunks((chunk) => (places.contents[next++] ? { ...chunk, content: "" } : chunk));
    shelf.result.page = {
      ...page,
      html: places.html ? "" : page.html,
      agentBody: places.agentBody ? "" : page.agentBody,
      chunks: { human: page.chunks.human.map(blanked), agent: page.chunks.agent.map(blanked) },
    };
  }
  if (result.terms && places.terms) {
    const { human, agent } = places.terms;
    const left = (packed: string[], at: (SpooledText | undefined)[]) => packed.map((text, i) => (at[i] ? "" : text));
    shelf.result.terms = { human: left(result.terms.human, human), agent: left(result.terms.agent, agent) };
  }
  return { shelved: spool.putBytes(serialize(shelf)) };
}

export function unshelvePageResult({ shelved }: ShelvedPageResult, spool: TextSpool): PageResult {
  const { result, ...places } = deserialize(spool.readBytes(shelved)) as Shelf;
  return placeTexts(result, places, spool);
}

/** Puts each long text of `result` in `spool`, and says where each went. */
function spoolTexts(result: PageResult, spool: TextSpool): TextPlaces {
  const place = (text: string) => (spoolable(text) ? spool.put(text) : undefined);
  const places: TextPlaces = { contents: [] };
  const { page, terms } = result;
  if (page) {
    places.html = place(page.html);
    places.agentBody = place(page.agentBody);
    const visit = distinctChunks((chunk) => (places.contents.push(place(chunk.content)), chunk));
    page.chunks.human.forEach(visit);
    page.chunks.agent.forEach(visit);
  }
  if (terms) places.terms = { human: terms.human.map(place), agent: terms.agent.map(place) };
  return places;
}

/**
 * `result`, each of whose long texts is read from the place `places` gives it (`placeProperty`), in place; a chunk
 * becomes a copy, which keeps it a fast object (write/text-spool.ts `spooledCopy`).
 */
function placeTexts(result: PageResult, places: TextPlaces, spool: TextSpool): PageResult {
  const { page, terms } = result;
  if (page) {
    if (places.html) placeProperty(page, "html", places.html, spool);
    if (places.agentBody) placeProperty(page, "agentBody", places.agentBody, spool);
    let next = 0;
    const placed = distinctChunks((chunk) => {
      const content = places.contents[next++];
      return content ? placedCopy(chunk, "content", content, spool) : chunk;
    });
    page.chunks.human = page.chunks.human.map(placed);
    page.chunks.agent = page.chunks.agent.map(placed);
  }
  if (terms && places.terms)
    for (const audience of ["human", "agent"] as const)
      places.terms[audience].forEach((place, i) => place && placeProperty(terms[audience], String(i), place, spool));
  return result;
}

/**
 * `change` applied once per distinct chunk, in the order met: a chunk in both audiences' lists (the same object)
 * stays one object.
 */
function distinctChunks(change: (chunk: SearchChunk) => SearchChunk): (chunk: SearchChunk) => SearchChunk {
  const changed = new Map<SearchChunk, SearchChunk>();
  return (chunk) => {
    let result = changed.get(chunk);
    if (!result) changed.set(chunk, (result = change(chunk)));
    return result;
  };
}
