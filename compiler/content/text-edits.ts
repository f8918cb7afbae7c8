/**
 * Edits of a page's source text by offset, for the agent Markdown of plain pages, which is the author's text as
 * written (DESIGN "one site model"): the same changes the tree got (title heading taken out, `{#id}` removed,
 * relative links rewritten) are applied to the text at the places the parser reported.
 */
export interface TextEdit {
  /** Offsets into the text the tree was parsed from (0-based, end exclusive). */
  start: number;
  end: number;
  text: string;
}

/** Applies non-overlapping edits; an edit overlapping an earlier one is skipped. */
export function applyTextEdits(text: string, edits: readonly TextEdit[]): string {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  let out = "";
  let at = 0;
  for (const edit of sorted) {
    if (edit.start < at || edit.end < edit.start || edit.end > text.length) continue;
    out += text.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  return out + text.slice(at);
}
