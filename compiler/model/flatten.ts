/**
 * Issue 11 (memory): how a page record's strings sit in V8's heap.
 *
 * - A string built piece by piece is a rope, with a cell for every `+`, that keeps each piece alive until something
 *   reads its characters; reading one makes V8 flatten it in place, and the pieces are garbage.
 * - A string cut from a two-byte string (a source file with any character past Latin-1) is two-byte too, even when
 *   every character in it would fit in one byte; a structured clone from a page worker keeps it that way.
 *
 * A page's HTML came to ~2× its length both ways; these make a record built on this thread, or sent from a worker,
 * take what its characters need.
 */
const BEYOND_LATIN1 = /[^\u0000-\u00ff]/;

/** Flattens ropes in place. */
export function flatten(...texts: (string | null | undefined)[]): void {
  for (const text of texts) text?.charCodeAt(0);
}

/** `text` as a flat string of one byte per character when its characters allow, else flattened. */
export function compact(text: string): string {
  if (BEYOND_LATIN1.test(text)) {
    flatten(text);
    return text;
  }
  return Buffer.from(text, "latin1").toString("latin1");
}
