/**
 * Parsing a page without GFM's autolink literals when it has none, with the same tree as a parse with them.
 *
 * GFM links bare `www.example.com`, `https://example.com` and `someone@example.com`. micromark tries the email
 * literal at the start of every word, reads the word, and gives it back when no `@` follows; mdast-util-gfm then
 * searches every text node again with four regular expressions. That made about a fifth of a page's parse (100 real
 * pages: 3.22 → 2.51 s; 1,000 generated pages: 9.07 → 6.92 s; parse alone, warm), for pages that mostly have no
 * such literal at all. So a page is first parsed with both halves turned off (`withoutAutolinkLiterals`), and parsed
 * again in full only when the tree shows a place one could be (`mayHoldAutolinkLiterals`).
 *
 * Why the first tree is then the full parse's tree: a literal needs a trigger, `@` or `www.` or `http://` /
 * `https://` (in any case), in text that micromark tokenizes as text. Nothing else in the parser reacts to `@`, and
 * nothing to the characters of `www.` or `http(s)://`, and the characters from a word's start to its `@` (letters,
 * digits, `+-._`) cannot open a code span, a tag or an expression, so both parses agree up to the first literal,
 * and its trigger sits in a text node (or an image's `alt`, which micromark also reads as text) of the first tree.
 * A tree with no trigger in those places has no literal in the full parse either, and flow (blocks) never depends
 * on text constructs. `autolink-literals.test.ts` compares the two parses on every fixture page and on inputs built
 * to sit at the edges.
 *
 * Which pages skip the first parse: the source is looked at first (`likelyHoldsAutolinkLiterals`), and a page with a
 * trigger outside what plainly is code, a link's destination or a tag is parsed in full at once, so a page that has
 * a literal is not parsed twice in the common case.
 */
import type { Nodes, Root } from "mdast";
import type { Extension as FromMarkdownExtension } from "mdast-util-from-markdown";
import type { Processor } from "unified";

/** micromark's names for the three literal constructs of micromark-extension-gfm-autolink-literal. */
const LITERAL_CONSTRUCTS = ["emailAutolink", "wwwAutolink", "protocolAutolink"];
/** The mdast-util-gfm-autolink-literal transform that finds the literals micromark leaves in text. */
const LITERAL_TRANSFORM = "transformGfmAutolinkLiterals";

/** What starts a literal, in micromark's constructs and in mdast-util-gfm's search alike. */
const TRIGGER = /@|www\.|https?:\/\//i;

type ExtensionList = Array<FromMarkdownExtension | FromMarkdownExtension[]>;

/**
 * A unified plugin, used after remark-gfm: the parser leaves autolink literals as text. Throws when remark-gfm was
 * not used before it or no longer names the construct's transform as it did, rather than parse with literals on.
 */
export function withoutAutolinkLiterals(this: Processor): void {
  const data = this.data();
  let removed = 0;
  const strip = (extension: FromMarkdownExtension | FromMarkdownExtension[]): typeof extension => {
    if (Array.isArray(extension)) return extension.map((inner) => strip(inner) as FromMarkdownExtension);
    const transforms = extension.transforms?.filter((transform) => transform.name !== LITERAL_TRANSFORM);
    if (!transforms || transforms.length === extension.transforms?.length) return extension;
    removed += (extension.transforms?.length ?? 0) - transforms.length;
    return { ...extension, transforms };
  };
  data.fromMarkdownExtensions = ((data.fromMarkdownExtensions ?? []) as ExtensionList).map(strip);
  if (removed !== 1) throw new Error(`withoutAutolinkLiterals: expected one ${LITERAL_TRANSFORM}, found ${removed}`);
  data.micromarkExtensions = [...(data.micromarkExtensions ?? []), { disable: { null: LITERAL_CONSTRUCTS } }];
}

/** Whether the full parse could differ from this tree, made without autolink literals. */
export function mayHoldAutolinkLiterals(tree: Root): boolean {
  const stack: Nodes[] = [tree];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (node.type === "text" && TRIGGER.test(node.value)) return true;
    if ((node.type === "image" || node.type === "imageReference") && node.alt && TRIGGER.test(node.alt)) return true;
    if ("children" in node) for (const child of node.children) stack.push(child as Nodes);
  }
  return false;
}

/** Where a trigger plainly is not text: fenced code, code spans, link destinations and definitions, tags, imports. */
const NOT_TEXT = new RegExp(
  [
    String.raw`^[ \t]*(\`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:^[ \t]*\1[\`~]*[ \t]*$|(?![\s\S]))`, // fenced code
    String.raw`(\`+)[^\`]*?\2`, // code spans
    String.raw`\]\([^)\s]*`, // link destinations
    String.raw`^[ \t]*\[[^\]\n]+\]:[ \t]*\S+`, // definitions
    String.raw`<[^<>]*>`, // tags and autolinks
    String.raw`^(?:import|export)\b.*$`, // MDX imports and exports
  ].join("|"),
  "gm",
);

/** A guess from the source alone: whether a trigger shows outside what plainly is not text. Never decides the tree. */
export function likelyHoldsAutolinkLiterals(source: string): boolean {
  return TRIGGER.test(source) && TRIGGER.test(source.replace(NOT_TEXT, ""));
}
