/**
 * Every run of whitespace (`\s`: spaces, tabs, line breaks, no-break and other Unicode spaces) as one space, the
 * same string as `text.replace(/\s+/g, " ")`. This pattern matches only what changes (a run of two or more, or one
 * whitespace character that is not a space), so prose, whose whitespace is mostly single spaces, is mostly left
 * alone: 0.9 against 4.7 µs on an 800-character search chunk. A search answer collapses ten of them.
 */
const CHANGING_WHITESPACE = /\s{2,}|[^\S ]/g;

export function collapseWhitespace(text: string): string {
  return text.replace(CHANGING_WHITESPACE, " ");
}
