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
import type { TextSpool } from "../write/text-spool.ts";
import type { Page, PageResult } from "./types.ts";

/** Shorter texts stay as they are: the accessor and its place cost about what a short string does. */
const SPOOLED_CHARS = 256;

/** A page result with its page (`spoolPage`) and its chunks' packed term counts in the spool. */
export function spoolPageResult(result: PageResult, spool: TextSpool): PageResult {
  if (!result.page) return result;
  const page = spoolPage(result.page, spool);
  if (result.terms) for (const packed of [result.terms.human, result.terms.agent]) spoolTexts(packed, spool);
  return { ...result, page };
}

export function spoolPage(page: Page, spool: TextSpool): Page {
  spoolText(page, "html", spool);
  spoolText(page, "agentBody", spool);
  for (const chunk of page.chunks.human) spoolText(chunk, "content", spool);
  for (const chunk of page.chunks.agent) spoolText(chunk, "content", spool);
  return page;
}

/** Each long text of an array, in place (a frozen array stays as it is). */
function spoolTexts(texts: string[], spool: TextSpool): void {
  for (let i = 0; i < texts.length; i++) spoolText(texts as unknown as Record<string, string>, String(i), spool);
}

function spoolText<Key extends string>(record: { [key in Key]: string }, key: Key, spool: TextSpool): void {
  const text = record[key];
  // A frozen record is one a long-lived page cache hands out (`docs build --watch`): it stays as it is.
  if (typeof text !== "string" || text.length < SPOOLED_CHARS || Object.isFrozen(record)) return;
  const where = spool.put(text);
  Object.defineProperty(record, key, {
    get: () => spool.read(where),
    // An assignment makes it a plain property again, holding the new text.
    set(this: typeof record, value: string) {
      Object.defineProperty(this, key, { value, writable: true, enumerable: true, configurable: true });
    },
    enumerable: true,
    configurable: true,
  });
}
