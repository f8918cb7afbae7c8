/**
 * rehype-pretty-code, run over a page's code alone.
 *
 * The plugin walks the whole page twice with `unist-util-visit` (to find the languages to load, then to highlight),
 * and that package makes a closure, a name string and a property for every node it passes (walk.ts). On 100
 * code-heavy pages those walks allocated ~250 MB and took ~3% of the build. The blocks and inline code the plugin
 * acts on are few, so this gives it a root holding only those elements: each code block (a `pre` whose one child is a
 * `code` element) and each inline `code` that ends in a language (`{:ts}`), the element it sits in being an element
 * other than `pre`, as the plugin requires, stood in for by a bare `span`. The plugin changes the elements in place,
 * so the page has them changed when it returns, in the same order and with the same results as if it had walked
 * the page (the snapshot suite compares every fixture's `dist/` byte for byte).
 */
import type { Element, ElementContent, Root } from "hast";
import type { Options } from "rehype-pretty-code";
import { CODE_BLOCK_PROPERTY } from "./mdx-code-html.ts";
import { SKIP, walk } from "./walk.ts";

/** rehype-pretty-code's language suffix of inline code (`const a = 1{:js}`), escaped or not. */
const INLINE_LANGUAGE = /\{:[a-zA-Z.-]+\}$/;

type Transform = (tree: Root) => Promise<void>;

/**
 * The plugin is loaded at the first page that has code for it. Most sites' blocks are all code-blocks.ts's, and the
 * plugin brings rehype-parse and parse5: ~40 ms of a build's start, in each thread that builds pages.
 */
export function rehypePrettyCodeOnCode(options: Options) {
  let transform: Promise<Transform> | undefined;
  return async (tree: Root) => {
    const code = codeOf(tree);
    if (code.children.length === 0) return;
    transform ??= import("rehype-pretty-code").then(({ default: plugin }) => plugin(options) as unknown as Transform);
    await (await transform)(code);
  };
}

/** A root of the elements rehype-pretty-code would change, in document order. */
function codeOf(tree: Root): Root {
  const children: ElementContent[] = [];
  walk<Element>(tree, "element", (element, _, parent) => {
    // A block code-blocks.ts highlighted: its `pre` holds Shiki's lines, nothing the plugin would change.
    if (element.tagName === "figure" && CODE_BLOCK_PROPERTY in element.properties) return SKIP;
    if (isBlockCode(element)) {
      children.push(element);
      return SKIP;
    }
    const inline =
      element.tagName === "inlineCode" ||
      (element.tagName === "code" && parent?.type === "element" && (parent as Element).tagName !== "pre");
    const text = element.children[0];
    if (inline && text?.type === "text" && INLINE_LANGUAGE.test(text.value))
      children.push({ type: "element", tagName: "span", properties: {}, children: [element] });
  });
  return { type: "root", children };
}

/** A code block as rehype-pretty-code finds it: a `pre` whose one child is a `code` element. */
export function isBlockCode(element: Element): boolean {
  const only = element.children.length === 1 ? element.children[0] : undefined;
  return element.tagName === "pre" && only?.type === "element" && only.tagName === "code";
}
