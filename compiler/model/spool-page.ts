/**
 * Moves a page record's long texts — its HTML, its agent Markdown, its search chunks' text and their packed term
 * counts — into a `TextSpool` (write/text-spool.ts), in place: each becomes a property that reads its text back
 * from the spool when asked. The record still reads, serializes (`JSON.stringify`, `v8.serialize`) and compares as
 * before, key order included, and what a `docs build` holds in memory between the pages pass and the emitters is the
 * rest of each record (issue 11: at 10,000 pages, ~290 MB less main-thread heap for the page texts, ~80 MB for the
 * term counts).
 *
 * A spooled text is decoded on every read, so code that reads one in a loop should keep it in a variable; spreading
 * a spooled record (`{ ...page }`) reads every text into the copy.
 */
import type { SearchChunk } from "../../runtime/contract/index.ts";
import { spooledCopy, spoolProperty, type TextSpool } from "../write/text-spool.ts";
import type { Page, PageResult } from "./types.ts";

/** A page result with its page (`spoolPage`) and its chunks' packed term counts in the spool. */
export function spoolPageResult(result: PageResult, spool: TextSpool): PageResult {
  if (!result.page) return result;
  const page = spoolPage(result.page, spool);
  if (result.terms) for (const packed of [result.terms.human, result.terms.agent]) spoolTexts(packed, spool);
  return { ...result, page };
}

export function spoolPage(page: Page, spool: TextSpool): Page {
  spoolProperty(page, "html", spool);
  spoolProperty(page, "agentBody", spool);
  // Chunks are copied rather than changed in place, which keeps them fast objects (write/text-spool.ts); a chunk in
  // both lists stays one object.
  const copies = new Map<SearchChunk, SearchChunk>();
  for (const chunks of [page.chunks.human, page.chunks.agent])
    chunks.forEach((chunk, i) => {
      let copy = copies.get(chunk);
      if (!copy) copies.set(chunk, (copy = spooledCopy(chunk, "content", spool)));
      // A frozen record (a long-lived page cache's) is left as it is: its chunks are not copied either.
      if (copy !== chunk) chunks[i] = copy;
    });
  return page;
}

/** Each long text of an array, in place. */
function spoolTexts(texts: string[], spool: TextSpool): void {
  for (let i = 0; i < texts.length; i++) spoolProperty(texts as unknown as Record<string, string>, String(i), spool);
}
