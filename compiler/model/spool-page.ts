/**
 * Moves a page record's long texts — its HTML, its agent Markdown and its search chunks' text — into a `TextSpool`
 * (write/text-spool.ts), in place: each becomes a property that reads its text back from the spool when asked. The
 * record still reads, serializes (`JSON.stringify`, `v8.serialize`) and compares as before, key order included, and
 * what a `docs build` holds in memory between the pages pass and the emitters is the rest of each record (issue 11:
 * at 10,000 pages, ~290 MB less main-thread heap).
 *
 * A spooled text is decoded on every read, so code that reads one in a loop should keep it in a variable; spreading
 * a spooled record (`{ ...page }`) reads every text into the copy.
 */
import type { TextSpool } from "../write/text-spool.ts";
import type { Page } from "./types.ts";

/** Shorter texts stay as they are: the accessor and its place cost about what a short string does. */
const SPOOLED_CHARS = 256;

export function spoolPage(page: Page, spool: TextSpool): Page {
  spoolText(page, "html", spool);
  spoolText(page, "agentBody", spool);
  for (const chunk of page.chunks.human) spoolText(chunk, "content", spool);
  for (const chunk of page.chunks.agent) spoolText(chunk, "content", spool);
  return page;
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
