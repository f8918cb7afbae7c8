/**
 * mdast-util-to-markdown makes each text safe by running every unsafe pattern of the syntax (~50 with GFM: `*`, `_`,
 * `#` at a line start, `|` in a table, …) as a regular expression over it, after checking the pattern's scope. A
 * pattern matches at its `character` only, so one whose character the text does not hold cannot match: on the agent
 * Markdown of code-heavy pages those checks and searches were ~3% of a page's build.
 *
 * This `text` handler hands the serializer only the patterns whose character occurs in the text and the characters
 * around it, then calls the package's own handler: the same escapes in the same order, fewer searches.
 */
import type { Text } from "mdast";
import { defaultHandlers, type Handle, type State, type Unsafe } from "mdast-util-to-markdown";

export const textWithFewerPatterns: Handle = (node: Text, parent, state: State, info) => {
  const all = state.unsafe;
  const value = `${info.before}${node.value}${info.after}`;
  state.unsafe = all.filter((pattern) => mayMatch(pattern, value));
  try {
    return defaultHandlers.text(node, parent, state, info);
  } finally {
    state.unsafe = all;
  }
};

/** False only when the pattern's single character is not in `value`. */
function mayMatch(pattern: Unsafe, value: string): boolean {
  return pattern.character.length !== 1 || value.includes(pattern.character);
}
