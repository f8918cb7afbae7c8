/** The lines of a Markdown source outside fenced code blocks, where lines of code are examples, not statements. */

/** Each line of `source` outside fenced code (the fences' own lines are left out). */
export function* linesOutsideFences(source: string): Generator<string> {
  let fence: string | undefined;
  for (const line of source.split("\n")) {
    const marker = /^[ \t]{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker)
        fence = undefined;
    } else if (marker) {
      fence = marker;
    } else {
      yield line;
    }
  }
}
