/**
 * The agent Markdown keeps the author's text wherever the agent is shown exactly what the author wrote. A plain page's
 * `.md` is its source with the tree's edits applied (model/authored-body.ts). A page with a component, an audience
 * block, an admonition or code notation needs its tree lowered, and was re-serialized whole: every other block came
 * out in the serializer's style (`_emphasis_`, `-` bullets, escapes), and serializing took ~8% of a page worker on
 * code-heavy pages. Now only the blocks that need lowering are serialized; the rest are taken as written, block by
 * block (agent-markdown.ts joins the two).
 *
 * A block is taken as written when nothing of the agent projection reaches inside it: it holds only CommonMark and
 * GFM nodes, no JSX or expression, no raw HTML inside a paragraph (which the agent copy turns into Markdown), no
 * audience tag, no code notation, and it has its place in the source. In MDX, where indented code does not exist, a
 * line indented by four columns is a paragraph's text that a Markdown reader would take for code, so a block with
 * such a line outside its fenced code is serialized too.
 */
import type { Code, Parent, Root, RootContent } from "mdast";
import { editedSlices, type TextEdit } from "../content/text-edits.ts";
import { PROTECTED_BRACE } from "../links/custom-heading-ids.ts";
import { isAudienceHtml } from "./audience.ts";
import { hasCodeNotation } from "./code-fences.ts";
import { walk } from "./walk.ts";

export interface WrittenBlocks {
  /** The block as written, with the page's edits, or undefined when it has to be serialized from the tree. */
  text(node: RootContent): string | undefined;
  /** The source between two blocks taken as written, when it is only white space; else undefined. */
  between(left: RootContent, right: RootContent): string | undefined;
}

/** Nodes a block taken as written may hold. */
const WRITTEN_TYPES = new Set([
  "blockquote",
  "break",
  "code",
  "definition",
  "delete",
  "emphasis",
  "footnoteDefinition",
  "footnoteReference",
  "heading",
  "html",
  "image",
  "imageReference",
  "inlineCode",
  "link",
  "linkReference",
  "list",
  "listItem",
  "paragraph",
  "strong",
  "table",
  "tableCell",
  "tableRow",
  "text",
  "thematicBreak",
]);

/** Parents whose `html` children are inline tags (inline-html.ts lowers `<a>` and `<code>` among them). */
const PHRASING_PARENTS = new Set(["paragraph", "heading", "tableCell", "emphasis", "strong", "delete", "link"]);

/** JSX whose children the agent projection may lift to the top (audience wrappers; any element, to be safe). */
const LIFTING_PARENTS = new Set(["mdxJsxFlowElement", "mdxJsxTextElement"]);

/**
 * Call on the tree as `prepareAuthoredBody` left it, before the agent projection changes it: `source` is the text it
 * was parsed from and `edits` that function's edits of it. The projection keeps node positions, which are the keys.
 */
export function writtenBlocks(
  tree: Root,
  source: string,
  edits: readonly TextEdit[],
  syntax: "md" | "mdx",
): WrittenBlocks {
  const written = new Set<string>();
  const visit = (parent: Parent) => {
    for (const child of parent.children as RootContent[]) {
      if (LIFTING_PARENTS.has(child.type)) visit(child as Parent);
      else if (asWritten(child, source, syntax)) written.add(keyOf(child)!);
    }
  };
  visit(tree);
  const slice = editedSlices(source, edits);
  return {
    text(node) {
      const key = keyOf(node);
      if (key === undefined || !written.has(key)) return undefined;
      const text = slice(startOf(node, source), node.position!.end.offset!);
      // A heading id's protected brace (links/custom-heading-ids.ts) that no edit took out is not the author's text.
      return text?.includes(PROTECTED_BRACE) ? undefined : text;
    },
    between(left, right) {
      const start = left.position?.end.offset;
      if (start === undefined || keyOf(right) === undefined) return undefined;
      const end = startOf(right, source);
      if (end < start) return undefined;
      const gap = source.slice(start, end);
      return /^[ \t]*\r?\n[ \t\r\n]*$/.test(gap) ? gap : undefined;
    },
  };
}

/**
 * Takes the source position off each top-level block holding one of `rewritten` (nodes whose children a lowering
 * step changed), so the block is serialized rather than taken as written.
 */
export function forgetPlaces(tree: Root, rewritten: ReadonlySet<Root | RootContent>): void {
  for (const block of tree.children) {
    let holds = false;
    walk<Root | RootContent>(block, (node) => {
      holds ||= rewritten.has(node);
    });
    if (holds) delete block.position;
  }
}

/** Text as written without blank lines before it or white space after: its first line keeps its indentation. */
export function trimBlankLines(text: string): string {
  return text.replace(/^(?:[ \t]*\r?\n)+/, "").trimEnd();
}

function keyOf(node: RootContent): string | undefined {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  return start === undefined || end === undefined ? undefined : `${node.type}:${start}:${end}`;
}

/**
 * Where a block's text starts: at the start of its line when only white space comes before it there, so that a
 * list's or a lifted block's indentation stays the same on every line.
 */
function startOf(node: RootContent, source: string): number {
  const start = node.position!.start.offset!;
  const lineStart = source.lastIndexOf("\n", start - 1) + 1;
  return /^[ \t]*$/.test(source.slice(lineStart, start)) ? lineStart : start;
}

function asWritten(block: RootContent, source: string, syntax: "md" | "mdx"): boolean {
  if (keyOf(block) === undefined || isSetextHeading(block, source)) return false;
  const code: Code[] = [];
  const plain = (node: RootContent, parent: RootContent | undefined): boolean => {
    if (!WRITTEN_TYPES.has(node.type)) return false;
    if (node.type === "html" && (isAudienceHtml(node) || (parent && PHRASING_PARENTS.has(parent.type)))) return false;
    if (node.type === "code") {
      if (hasCodeNotation(node.value) || keyOf(node) === undefined || !infoAsParsed(node, source)) return false;
      code.push(node);
    }
    return !("children" in node) || (node.children as RootContent[]).every((child) => plain(child, node));
  };
  if (!plain(block, undefined)) return false;
  return syntax === "md" || !hasIndentedLine(source, block, code);
}

/**
 * A heading underlined with `===` or `---`. The agent search splits a page's Markdown into sections at `##` and `###`
 * lines (model/chunks.ts), so such a heading is serialized, as `## Title`.
 */
function isSetextHeading(block: RootContent, source: string): boolean {
  if (block.type !== "heading") return false;
  const end = block.position!.end.offset!;
  const lastLine = source.slice(source.lastIndexOf("\n", end - 1) + 1, end);
  return /^ {0,3}(?:=+|-+)[ \t]*\r?$/.test(lastLine);
}

/** Whether a fence's info string is its language and meta as the tree has them (code-fences.ts splits `ts{1,3}`). */
function infoAsParsed(node: Code, source: string): boolean {
  const start = node.position!.start.offset!;
  const newline = source.indexOf("\n", start);
  const line = source.slice(start, newline === -1 ? undefined : newline);
  const fence = /^(?:`{3,}|~{3,})/.exec(line);
  if (!fence) return node.lang == null && node.meta == null;
  const info = line.slice(fence[0].length).trim().replace(/\s+/g, " ");
  return info === [node.lang, node.meta].filter(Boolean).join(" ").replace(/\s+/g, " ");
}

/** Whether a line of `block` outside its code starts with four columns of white space (a tab counts as four). */
function hasIndentedLine(source: string, block: RootContent, code: readonly Code[]): boolean {
  const end = block.position!.end.offset!;
  for (let at = startOf(block, source); at < end; ) {
    const next = source.indexOf("\n", at);
    const lineEnd = next === -1 || next > end ? end : next;
    const inCode = code.some((c) => c.position!.start.offset! < at && at < c.position!.end.offset!);
    if (!inCode && /^(?: {4}| {0,3}\t)/.test(source.slice(at, Math.min(lineEnd, at + 4)))) return true;
    at = lineEnd + 1;
  }
  return false;
}
