/** A short window of a search chunk around the first query word it contains, so results stay small. */
import { collapseWhitespace } from "./whitespace.ts";

export const EXCERPT_CHARS = 280;

export function excerpt(content: string, query: string, maxChars = EXCERPT_CHARS): string {
  const text = collapseWhitespace(content).trim();
  if (text.length <= maxChars) return text;
  const lower = text.toLowerCase();
  const words = query.toLowerCase().match(/[\p{L}\p{N}_]{3,}/gu) ?? [];
  const hit =
    words
      .map((word) => lower.indexOf(word))
      .filter((index) => index >= 0)
      .sort((a, b) => a - b)[0] ?? 0;
  // Start a little before the hit, on a word boundary, so the match has context.
  let start = Math.max(0, hit - Math.floor(maxChars / 4));
  if (start > 0) start = text.indexOf(" ", start) + 1 || start;
  let end = Math.min(text.length, start + maxChars);
  if (end < text.length) end = text.lastIndexOf(" ", end) > start ? text.lastIndexOf(" ", end) : end;
  return `${start > 0 ? "…" : ""}${text.slice(start, end).trim()}${end < text.length ? "…" : ""}`;
}
