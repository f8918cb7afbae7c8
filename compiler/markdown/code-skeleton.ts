/**
 * rehype-pretty-code asks Shiki for each code block as HTML and parses that HTML back into a tree (parse5), one
 * `<span>` per token: on code-heavy pages the serializing and re-parsing of the tokens was ~5% of a page worker's
 * time. Of a block's tree the plugin reads its elements, whether each line has text and, for `/word/` highlighting,
 * the tokens.
 *
 * So the highlighter facade (highlighter.ts) gives it a skeleton: Shiki's tree with each line's tokens replaced by
 * one character, and the tokens kept here under an id that the `<code>` element carries (`data-quire-tokens`). The
 * plugin parses, numbers, marks and wraps the skeleton as it would the whole; `rehypeRestoreTokens`, the next plugin,
 * puts each line's tokens back in place of that character and drops the id. The HTML is byte for byte what the whole
 * tree gave (code-skeleton.test.ts compares both on every fence shape the plugin reads). A block whose meta asks for
 * highlighted characters (`/word/`, `"word"`), and any transformer that post-processes HTML, get the whole HTML.
 *
 * The blocks a skeleton fits are now built straight from Shiki's tree before the plugin runs (code-blocks.ts); what
 * the plugin still asks for as skeletons is inline code with a language (`const x = 1{:ts}`).
 */
import type { Element, ElementContent, Root } from "hast";
import { hastToHtml } from "shiki";
import { SKIP, walk } from "./walk.ts";

/** The attribute on a skeleton's `<code>`, and the property name rehype-parse gives it. */
const TOKENS_ATTRIBUTE = "data-quire-tokens";
const TOKENS_PROPERTY = "dataQuireTokens";

/** Tokens of each line of a skeleton by id; `undefined` for a line without text, which the plugin fills itself. */
const parked = new Map<string, (ElementContent[] | undefined)[]>();
let nextId = 0;
/**
 * A page that fails between the two plugins leaves its blocks parked; past this many the oldest go. No page has that
 * many blocks in flight, and a skeleton whose tokens are gone fails its page rather than lose its colours.
 */
const MAX_PARKED = 50_000;

/** Whether rehype-pretty-code may be given a skeleton for a block with this meta (after `title`/`caption`). */
export function skeletonFits(meta: string | undefined, transformers: readonly { postprocess?: unknown }[] = []) {
  // The plugin's character highlighting matches `/…/` and `"…"` in the meta and splits the tokens they fall in.
  return !/["/]/.test(meta ?? "") && !transformers.some((transformer) => transformer.postprocess);
}

/** The HTML of Shiki's tree for a code block with each line's tokens parked; the tree is changed in place. */
export function skeletonHtml(tree: Root): string {
  const code = codeOf(tree);
  if (!code) return hastToHtml(tree);
  const lines: (ElementContent[] | undefined)[] = [];
  for (const line of code.children) {
    if (line.type !== "element") continue;
    // The plugin gives a line with no text a space (its `grid` option); such a line keeps its own children. Of
    // another line's text it reads only that there is some, so one character stands in for it: parse5 then reads a
    // character a line rather than the code.
    const empty = isEmpty(line);
    lines.push(empty ? undefined : line.children);
    if (!empty) line.children = [LINE_STAND_IN];
  }
  const id = String(nextId++);
  parked.set(id, lines);
  if (parked.size > MAX_PARKED) parked.delete(parked.keys().next().value!);
  code.properties[TOKENS_ATTRIBUTE] = id;
  return hastToHtml(tree);
}

/** The rehype plugin after rehype-pretty-code: every skeleton's lines get their tokens back. */
export function rehypeRestoreTokens() {
  return (tree: Root) => {
    walk(tree, "element", (node: Element) => {
      const id = node.tagName === "code" ? node.properties[TOKENS_PROPERTY] : undefined;
      if (id === undefined) return;
      delete node.properties[TOKENS_PROPERTY];
      const lines = parked.get(String(id));
      parked.delete(String(id));
      const elements = node.children.filter((child): child is Element => child.type === "element");
      if (!lines || lines.length !== elements.length)
        throw new Error(`code block ${String(id)}: ${elements.length} lines, ${lines?.length ?? "none"} parked`);
      elements.forEach((line, index) => {
        const tokens = lines[index];
        if (tokens) line.children = tokens;
      });
      return SKIP;
    });
  };
}

function codeOf(tree: Root): Element | undefined {
  const pre = tree.children[0];
  const code = pre?.type === "element" && pre.tagName === "pre" ? pre.children[0] : undefined;
  return code?.type === "element" && code.tagName === "code" ? code : undefined;
}

/** What a skeleton's line with text holds in place of its tokens. */
const LINE_STAND_IN: ElementContent = { type: "text", value: "x" };

/** Whether a node holds no text (a code line that rehype-pretty-code fills with a space). */
export function isEmpty(node: ElementContent): boolean {
  if (node.type === "text") return node.value === "";
  if (node.type !== "element") return true;
  return node.children.every(isEmpty);
}
