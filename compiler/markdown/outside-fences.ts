/** The lines of a Markdown source outside fenced code blocks, where lines of code are examples, not statements. */

const FENCE = /^[ \t]{0,3}(`{3,}|~{3,})/;

/**
 * A reader of a source's lines, given in order, that says whether each is fenced code or one of its fences. It keeps
 * the state across lines, for the passes that rewrite lines in place (container-syntax.ts, mdx-comments.ts).
 */
export function fencedLines(): (line: string) => boolean {
  let fence: string | undefined;
  return (line) => {
    const marker = FENCE.exec(line)?.[1];
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker)
        fence = undefined;
      return true;
    }
    if (marker) fence = marker;
    return marker !== undefined;
  };
}

/** Each line of `source` outside fenced code (the fences' own lines are left out). */
export function* linesOutsideFences(source: string): Generator<string> {
  const fenced = fencedLines();
  for (const line of source.split("\n")) if (!fenced(line)) yield line;
}
