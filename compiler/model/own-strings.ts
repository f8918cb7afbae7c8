/**
 * Issue 11 (memory): a page record owns its strings, so that holding it holds its own characters and nothing more.
 * A `docs build` holds every record from the pages pass to the emitters, and a string can keep much more alive:
 *
 * - A cut of 13 characters or more (V8's `SlicedString::kMinLength`) is a view into the string it was cut from, and
 *   keeps all of it. A heading's text, a link's target and a search section's title are cut from the page's text, the
 *   agent chunks' sections from its agent Markdown. On 1,000 real-profile pages with this thread building about half
 *   of them, those cuts held each page's parse text and agent Markdown: 480 of each, ~25 MB (a heap snapshot after
 *   the pages pass), after the record's own copy of the Markdown had gone to the spool (shelve-page.ts).
 * - A string built piece by piece is a rope, with a cell for every `+`, that keeps each piece until something reads its
 *   characters.
 * - A string cut from a two-byte string (a source with any character past Latin-1) is two-byte too, even when every
 *   character in it would fit in one byte; a page's HTML came to ~2× its length.
 *
 * A structured clone (a record sent from a page worker) copies cuts and ropes, but keeps a two-byte string two-byte.
 */
const BEYOND_LATIN1 = /[^\u0000-\u00ff]/;
/**
 * V8 copies a cut shorter than this, and joins shorter strings into a flat one: such a string is its own already, and
 * a word the code writes (a link's kind) stays one string that every record shares.
 */
const SHARED_BELOW = 13;

/**
 * `text` as a flat string that keeps nothing else alive, one byte per character when its characters allow: a copy,
 * unless it is shorter than 13 characters.
 */
export function ownString(text: string): string {
  if (text.length < SHARED_BELOW) return text;
  // The rope " " + text is flattened into a new string when cut, and the cut is a view of that copy alone. The copy
  // comes first because a regex keeps the last text it matched (`RegExp.input`), which must not be `text`.
  const copy = ` ${text}`.slice(1);
  return BEYOND_LATIN1.test(copy) ? copy : Buffer.from(copy, "latin1").toString("latin1");
}

/**
 * Replaces, in place, every string of `value` (a record: plain objects, arrays, strings, numbers and the like) with
 * its `ownString`, and returns `value`. Objects of other classes (a frontmatter `Date`) and frozen objects (a
 * long-lived cache's records) are left as they are.
 */
export function ownStrings<T>(value: T): T {
  const seen = new Set<object>();
  const own = (item: unknown): unknown => {
    if (typeof item === "string") return ownString(item);
    if (typeof item !== "object" || item === null || seen.has(item) || Object.isFrozen(item)) return item;
    seen.add(item);
    if (Array.isArray(item)) {
      for (let i = 0; i < item.length; i++) item[i] = own(item[i]);
      return item;
    }
    const prototype = Object.getPrototypeOf(item);
    if (prototype !== Object.prototype && prototype !== null) return item;
    const record = item as Record<string, unknown>;
    for (const key of Object.keys(record)) record[key] = own(record[key]);
    return item;
  };
  return own(value) as T;
}
