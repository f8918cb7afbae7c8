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
  return editedSlices(text, edits)(0, text.length) ?? text;
}

/**
 * Parts of `text` with the edits inside them applied, as `applyTextEdits` applies them to the whole: `slice(start,
 * end)` is undefined when an applied edit crosses `start` or `end`.
 */
export function editedSlices(
  text: string,
  edits: readonly TextEdit[],
): (start: number, end: number) => string | undefined {
  const applied: TextEdit[] = [];
  let at = 0;
  for (const edit of [...edits].sort((a, b) => a.start - b.start || a.end - b.end)) {
    if (edit.start < at || edit.end < edit.start || edit.end > text.length) continue;
    applied.push(edit);
    at = edit.end;
  }
  return (start, end) => {
    let out = "";
    let from = start;
    for (const edit of applied) {
      if (edit.start > end) break;
      if (edit.start < start || edit.end > end) {
        if (edit.end <= start || edit.start >= end) continue;
        return undefined;
      }
      out += text.slice(from, edit.start) + edit.text;
      from = edit.end;
    }
    return out + text.slice(from, end);
  };
}
