/**
 * What rehype-pretty-code does to a code block, done from Shiki's tree. The plugin asks Shiki for each block's HTML and
 * parses it back with parse5; with skeletons (code-skeleton.ts) that parse, the plugin's walks and the skeleton's
 * own HTML were still ~7% of a page worker on code-heavy pages. This plugin runs first and builds the same elements
 * without HTML: a block it handles becomes a `figure`, which rehype-pretty-code then passes by. It handles the blocks
 * a skeleton fits (no `/word/` or `"word"` highlighting, no transformer that post-processes HTML); the others, and
 * inline code with a language (`{:ts}`), are still rehype-pretty-code's.
 *
 * The HTML is byte for byte what rehype-pretty-code 0.14 writes (code-blocks.test.ts runs both on every fence shape,
 * and the snapshot suite compares whole sites): its meta syntax (`title="…"`, `caption="…"`, `{1,3-4}`,
 * `{2}#id`, `showLineNumbers{7}`), its attributes and their order, a space in each empty line (its `grid` option)
 * and the elements of Shiki's HTML as parse5 reads them back (`hastscript` makes them from the same attributes).
 */
import type { Element, ElementContent, Properties, Root } from "hast";
import { h } from "hastscript";
import parseNumericRange from "parse-numeric-range";
import type { CodeToHastOptions, Highlighter, ShikiTransformer } from "shiki";
import { hasCodeNotation } from "./code-fences.ts";
import { isEmpty, skeletonFits } from "./code-skeleton.ts";
import { innerHtmlFits } from "./mdx-code-html.ts";
import { isBlockCode } from "./pretty-code-on-code.ts";
import { tokensAsHtml } from "./token-html.ts";
import { SKIP, walk } from "./walk.ts";

export interface CodeBlockOptions {
  /** Theme names by color scheme (rehype-pretty-code's `theme` object). */
  themes: { light: string; dark: string };
  /** Shiki transformers for notation comments (`// [!code ++]`): given only to blocks that hold one. */
  transformers: ShikiTransformer[];
  /** The language of a fence without one. */
  defaultLanguage: string;
  highlighter: () => Promise<Highlighter>;
  /**
   * Each line's tokens as one HTML node (token-html.ts), except in a block inside a JSX element named in `keptIn`
   * (a site component, which reads the elements it is given); false: every token stays an element.
   */
  tokensAsHtml?: { keptIn: readonly string[] } | false;
}

export function rehypeCodeBlocks(options: CodeBlockOptions) {
  const themeNames = [options.themes.light, options.themes.dark];
  return async (tree: Root) => {
    const blocks: { pre: Element; fence: Fence }[] = [];
    walk<Element>(tree, "element", (element) => {
      const fence = isBlockCode(element) ? fenceOf(element, options) : undefined;
      if (fence) blocks.push({ pre: element, fence });
      return fence ? SKIP : undefined;
    });
    if (blocks.length === 0) return;
    const highlighter = await options.highlighter();
    // As rehype-pretty-code does before it highlights: every language the page's blocks name, loaded if it can be.
    const loaded = new Set(highlighter.getLoadedLanguages());
    const missing = [...new Set(blocks.map((block) => block.fence.lang))].filter((lang) => !loaded.has(lang));
    await Promise.allSettled(missing.map(async (lang) => highlighter.loadLanguage(lang as never)));
    const asElements = options.tokensAsHtml ? blocksInside(tree, options.tokensAsHtml.keptIn) : undefined;
    for (const { pre, fence } of blocks) {
      // The `figure` it becomes has the `pre`'s properties (mdx-code-html.ts writes it as HTML only if they fit).
      const asHtml = asElements !== undefined && !asElements.has(pre) && innerHtmlFits(pre);
      highlightBlock(pre, fence, highlighter, options, themeNames, asHtml);
    }
  };
}

/** The code blocks (`pre`) inside a JSX element named in `names`. */
function blocksInside(tree: Root, names: readonly string[]): Set<Element> {
  const blocks = new Set<Element>();
  if (names.length === 0) return blocks;
  walk(tree, (node) => {
    const name = (node as { name?: string | null }).name;
    if ((node.type !== "mdxJsxFlowElement" && node.type !== "mdxJsxTextElement") || !name || !names.includes(name))
      return;
    walk<Element>(node, "element", (element) => {
      if (isBlockCode(element)) blocks.add(element);
    });
    return SKIP;
  });
  return blocks;
}

/** What rehype-pretty-code reads of a fence: its language, meta (less title and caption), title, caption, code. */
interface Fence {
  lang: string;
  meta: string;
  title: string | null;
  caption: string | null;
  code: string;
}

/** The fence of a block this plugin handles; undefined for one left to rehype-pretty-code. */
function fenceOf(pre: Element, options: CodeBlockOptions): Fence | undefined {
  const code = pre.children[0] as Element;
  let meta = String((code.data as { meta?: string } | undefined)?.meta ?? code.properties.metastring ?? "");
  const title = /title="([^"]*)"/.exec(meta);
  meta = meta.replace(title?.[0] ?? "", "");
  const caption = /caption="([^"]*)"/.exec(meta);
  meta = meta.replace(caption?.[0] ?? "", "");
  const className = code.properties.className;
  const first = Array.isArray(className) ? className[0] : undefined;
  const lang =
    typeof first === "string" && first.startsWith("language-")
      ? first.replace("language-", "")
      : options.defaultLanguage;
  const text = code.children[0];
  if (!lang || lang === "math" || text?.type !== "text" || !skeletonFits(meta, options.transformers)) return undefined;
  return { lang, meta, title: title?.[1] ?? null, caption: caption?.[1] ?? null, code: text.value.replace(/\n$/, "") };
}

function highlightBlock(
  pre: Element,
  fence: Fence,
  highlighter: Highlighter,
  options: CodeBlockOptions,
  themeNames: string[],
  tokensAsHtmlHere: boolean,
): void {
  const shikiOptions = (lang: string): CodeToHastOptions => ({
    lang,
    meta: { __raw: fence.meta },
    // Each walks every line's comments; a block without the notation's marker gives them nothing to find.
    transformers: hasCodeNotation(fence.code) ? options.transformers : [],
    defaultColor: false,
    themes: options.themes,
  });
  let shiki: Root;
  try {
    shiki = highlighter.codeToHast(fence.code, shikiOptions(fence.lang));
  } catch {
    shiki = highlighter.codeToHast(fence.code, shikiOptions("plaintext"));
  }
  const shikiPre = shiki.children[0];
  if (shikiPre?.type !== "element") return;
  const block = asParsed(shikiPre);
  const code = block.children[0];
  if (code?.type !== "element") return;
  const lineDigits = markLines(code, fence.meta);
  if (tokensAsHtmlHere)
    for (const line of code.children) if (line.type === "element") line.children = tokensAsHtml(line.children);

  const themes = themeNames.join(" ");
  const className = block.properties.className;
  if (Array.isArray(className) && className.includes("shiki")) {
    const kept = className.filter(
      (c) => c !== "shiki" && c !== "shiki-themes" && (typeof c !== "string" || !themeNames.includes(c)),
    );
    block.properties.className = kept.length > 0 ? kept : undefined;
  }
  block.properties["data-language"] = fence.lang;
  block.properties["data-theme"] = themes;
  code.properties["data-language"] = fence.lang;
  code.properties["data-theme"] = themes;
  code.data = (pre.children[0] as Element).data;
  code.properties.style = `${code.properties.style ?? ""}display: grid;`;
  if (Object.hasOwn(code.properties, "data-line-numbers"))
    code.properties["data-line-numbers-max-digits"] = lineDigits.toString().length;

  pre.tagName = "figure";
  pre.properties["data-rehype-pretty-code-figure"] = "";
  const label = (name: string, tagName: string, text: string): Element => ({
    type: "element",
    tagName,
    properties: { [name]: "", "data-language": fence.lang, "data-theme": themes },
    children: [{ type: "text", value: text }],
  });
  pre.children = [
    ...(fence.title ? [label("data-rehype-pretty-code-title", fence.caption ? "div" : "figcaption", fence.title)] : []),
    block,
    ...(fence.caption ? [label("data-rehype-pretty-code-caption", "figcaption", fence.caption)] : []),
  ];
}

/**
 * Numbers, highlights and fills the lines of a block's `code` as rehype-pretty-code does; returns the count its
 * `data-line-numbers-max-digits` is the length of (the lines, plus the start of the numbering less one).
 */
function markLines(code: Element, meta: string): number {
  const highlighted = [...meta.matchAll(/\B\{(.*?)\}\B/g)].flatMap((match) =>
    match[1] ? parseNumericRange(match[1]) : [],
  );
  const numbering = lineNumbering(meta);
  let digits = 0;
  if (numbering) {
    code.properties["data-line-numbers"] = "";
    if (numbering.startAt !== null) {
      digits = numbering.startAt - 1;
      code.properties.style = `counter-set: line ${numbering.startAt - 1};`;
    }
  }
  let line = 0;
  for (const child of code.children) {
    const className = child.type === "element" ? child.properties.className : undefined;
    if (child.type !== "element" || !Array.isArray(className) || className[0] !== "line") continue;
    if (isEmpty(child)) child.children = [{ type: "text", value: " " }];
    const rest = className.filter((c) => c !== "line");
    child.properties.className = rest.length > 0 ? rest : undefined;
    child.properties["data-line"] = "";
    line++;
    if (highlighted.includes(line)) {
      child.properties["data-highlighted-line"] = "";
      const id = lineId(line, meta);
      if (id) child.properties["data-highlighted-line-id"] = id;
    }
    digits++;
  }
  return digits;
}

/** `showLineNumbers` or `showLineNumbers{7}` as a word of the meta. */
function lineNumbering(meta: string): { startAt: number | null } | undefined {
  const match = /(?:^|\s)showLineNumbers(?:\{(\d+)\})?(?=\s|$)/.exec(meta);
  return match ? { startAt: match[1] ? Number(match[1]) : null } : undefined;
}

/** The id of `{2,4}#id` that holds the line. */
function lineId(line: number, meta: string): string | undefined {
  for (const segment of meta.match(/\{[^}]+\}#[a-zA-Z0-9]+/g) ?? []) {
    const [range, id] = segment.split("#");
    const capture = range && id ? /\{(.*?)\}/.exec(range)?.[1] : undefined;
    if (capture && parseNumericRange(capture).includes(line)) return id;
  }
  return undefined;
}

/**
 * Shiki's `pre`, `code` and lines as parse5 reads them from Shiki's HTML: each made by `hastscript` from its
 * attributes (`class="a b"` → `className: ["a", "b"]`, `tabindex="0"` → `tabIndex: 0`), as hast-util-from-parse5
 * makes them. A line's tokens are Shiki's own, as in a restored skeleton; an empty line's are replaced anyway.
 */
function asParsed(pre: Element): Element {
  const code = pre.children[0];
  const children =
    code?.type === "element"
      ? [
          element(
            code,
            code.children.map((line) => (line.type === "element" ? element(line, line.children) : line)),
          ),
        ]
      : pre.children;
  return element(pre, children);
}

function element(node: Element, children: ElementContent[]): Element {
  const made = h(node.tagName, attributes(node.properties));
  made.children = children;
  return made;
}

/** Properties as the attributes hast-util-to-html writes for them. */
function attributes(properties: Properties): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(properties)) {
    if (value === undefined || value === null || value === false || Number.isNaN(value as number)) continue;
    out[name] = value === true ? "" : Array.isArray(value) ? value.join(" ") : String(value);
  }
  return out;
}
