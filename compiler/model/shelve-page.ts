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

/** How a pages pass keeps each result until every page is built (`keep`), and gives it back then (`take`). */
export interface ResultShelf<Kept> {
  keep(result: PageResult): Kept;
  take(kept: Kept): PageResult;
}

/** Results kept as they are: `docs dev`, whose records stay in memory for the next build. */
export const inMemory: ResultShelf<PageResult> = { keep: (result) => result, take: (result) => result };

/** Results kept in `spool`, out of the heap. */
export function inSpool(spool: TextSpool): ResultShelf<ShelvedPageResult> {
  return {
    keep: (result) => shelvePageResult(result, spool),
    take: (shelved) => unshelvePageResult(shelved, spool),
  };
}

/** A page result in a spool: where its serialized record went. */
export interface ShelvedPageResult {
  shelved: SpooledText;
}

/** What is serialized: the result with each long text left empty, and where each of those texts went. */
interface Shelf {
  result: PageResult;
  html?: SpooledText;
  agentBody?: SpooledText;
  /** Per distinct chunk, human list first, in order. */
  contents: (SpooledText | undefined)[];
  terms?: { human: (SpooledText | undefined)[]; agent: (SpooledText | undefined)[] };
}

export function shelvePageResult(result: PageResult, spool: TextSpool): ShelvedPageResult {
  const place = (text: string) => (spoolable(text) ? spool.put(text) : undefined);
  const shelf: Shelf = { result: { ...result }, contents: [] };
  const page = result.page;
  if (page) {
    shelf.html = place(page.html);
    shelf.agentBody = place(page.agentBody);
    const copies = new Map<SearchChunk, SearchChunk>();
    const shelved = (chunk: SearchChunk) => {
      let copy = copies.get(chunk);
      if (!copy) {
        const content = place(chunk.content);
        shelf.contents.push(content);
        copies.set(chunk, (copy = content ? { ...chunk, content: "" } : chunk));
      }
      return copy;
    };
    shelf.result.page = {
      ...page,
      html: shelf.html ? "" : page.html,
      agentBody: shelf.agentBody ? "" : page.agentBody,
      chunks: { human: page.chunks.human.map(shelved), agent: page.chunks.agent.map(shelved) },
    };
  }
  if (result.terms) {
    const places = { human: result.terms.human.map(place), agent: result.terms.agent.map(place) };
    shelf.terms = places;
    const left = (packed: string[], at: (SpooledText | undefined)[]) => packed.map((text, i) => (at[i] ? "" : text));
    shelf.result.terms = {
      human: left(result.terms.human, places.human),
      agent: left(result.terms.agent, places.agent),
    };
  }
  return { shelved: spool.putBytes(serialize(shelf)) };
}

export function unshelvePageResult({ shelved }: ShelvedPageResult, spool: TextSpool): PageResult {
  const shelf = deserialize(spool.readBytes(shelved)) as Shelf;
  const { result } = shelf;
  const page = result.page;
  if (page) {
    if (shelf.html) placeProperty(page, "html", shelf.html, spool);
    if (shelf.agentBody) placeProperty(page, "agentBody", shelf.agentBody, spool);
    // A copy rather than a change in place keeps a chunk a fast object (write/text-spool.ts `spooledCopy`).
    const copies = new Map<SearchChunk, SearchChunk>();
    let next = 0;
    const placed = (chunk: SearchChunk) => {
      let copy = copies.get(chunk);
      if (!copy) {
        const content = shelf.contents[next++];
        copies.set(chunk, (copy = content ? placedCopy(chunk, "content", content, spool) : chunk));
      }
      return copy;
    };
    page.chunks.human = page.chunks.human.map(placed);
    page.chunks.agent = page.chunks.agent.map(placed);
  }
  if (result.terms && shelf.terms) placeTerms(result.terms, shelf.terms, spool);
  return result;
}

function placeTerms(terms: PageTerms, places: NonNullable<Shelf["terms"]>, spool: TextSpool): void {
  for (const audience of ["human", "agent"] as const)
    places[audience].forEach((place, i) => place && placeProperty(terms[audience], String(i), place, spool));
}
