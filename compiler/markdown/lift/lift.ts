/**
 * Plain blocks built here, not by micromark, to the tree micromark would build.
 *
 * micromark reads a paragraph three times: as flow (trying every block construct at each line), as content, and as
 * text, where every character is offered to each inline construct that could start there. Most of a docs page is
 * plain: paragraphs of prose with code spans and links, headings, fenced code, short lists. So before parsing,
 * `liftBlocks` takes out each block that blocks.ts or table.ts can read with certainty, builds its node, and leaves
 * a one-line HTML comment in its place. micromark parses the rest, and `restoreBlocks` puts the nodes back where the
 * comments are and moves every other node's position to where it is in the page.
 *
 * What decides that a block may be lifted is the page's lines around it:
 * - a paragraph, only where a block starts fresh (after a blank line, the page's start, a lifted heading or code
 *   block) and up to the next blank line, each line plain prose that no block construct can start at (blocks.ts):
 *   wherever micromark stands there, those lines are one paragraph;
 * - a heading or a fenced code block at the first column, anywhere: both interrupt a paragraph and end a list or a
 *   quote, as the comment does (an HTML comment is CommonMark's second kind of HTML block);
 * - a list, only after a blank line that follows a block known to leave no list open (the page's start, a lifted
 *   block, a heading), so it cannot join a list before it;
 * - a table (table.ts), where a block starts fresh, and up to a blank line;
 * - in a container directive (`:::tip`), a block right after the opening line, or one its closing line ends, only
 *   if micromark puts the comment in a container opened, or closed, on those very lines.
 * Lines inside fenced code and inside the HTML blocks that run past blank lines are not looked at. And the tree is
 * used only when micromark gives back every comment as an HTML node of its own, at its line's start, in a node
 * that holds blocks; otherwise (a fence this reading missed, a comment the author wrote the same way) the page is
 * parsed whole. A page with carriage returns, NUL or a byte order mark is left to micromark whole.
 *
 * In MDX the placeholder is an expression holding a comment, text with braces and a paragraph opening with `import`
 * or `export` stay with micromark, and the positions moved include JSX attributes' and every estree location's.
 * `lift.test.ts` compares both parses, positions and estree included, on every fixture page, on inputs built to sit
 * at the edges, and on pages put together at random.
 */
import type { Nodes, Root, RootContent } from "mdast";
import type { Point } from "unist";
import {
  BLANK,
  type ContainerCloser,
  FENCE_CLOSE,
  fencedCodeAt,
  headingAt,
  type LiftedBlock,
  listAt,
  type PageLines,
  paragraphAt,
} from "./blocks.ts";
import { tableAt } from "./table.ts";

/**
 * What holds a lifted block's place: an HTML comment in Markdown; in MDX, which has no HTML, an expression holding
 * a comment. Either one is a block of its own line that interrupts a paragraph and ends a list or a quote.
 */
const PLACEHOLDER = { md: "<!--quire:lifted-->", mdx: "{/*quire:lifted*/}" };
/** The placeholder as micromark gives it back: its node's type and value. */
const PLACEHOLDER_NODE = {
  md: { type: "html", value: PLACEHOLDER.md },
  mdx: { type: "mdxFlowExpression", value: "/*quire:lifted*/" },
};

/** A page's text with its plain blocks lifted out, and what it takes to put them back. */
export interface LiftedPage {
  syntax: "md" | "mdx";
  /** The text micromark parses: the page's, with a placeholder line for each lifted block. */
  text: string;
  /** The lifted blocks, in order, positioned in the page's text. */
  blocks: RootContent[];
  /** For each line of `text` (index: line − 1), the line of the page's text it is. */
  sourceLines: number[];
  /** For each line of `text`, what to add to an offset on it to make it the page's. */
  offsetShifts: number[];
  /** For each line of `text`, the lifted block its placeholder stands for, or −1. */
  placeholders: number[];
  /** For each lifted block, the container directive micromark must have put it in (lines of the page), if any. */
  containers: Array<ExpectedContainer | undefined>;
}

/**
 * A container directive a lifted block stands in, which micromark must confirm: the block follows the line that
 * opens it (`start`), or the line after the block closes it (`end`).
 */
interface ExpectedContainer {
  start?: number;
  end?: number;
}

/** An opening fence up to three spaces in, which lift.ts follows to its close without lifting what it holds. */
const FENCE_OPEN = /^( {0,3})(`{3,}|~{3,})(.*)$/;
/** HTML blocks that run past blank lines (CommonMark's kinds 1 to 5), with what ends each. */
const HTML_BLOCKS: Array<[RegExp, RegExp]> = [
  [/^ {0,3}<(?:script|pre|style|textarea)(?:[ \t>]|$)/i, /<\/(?:script|pre|style|textarea)>/i],
  [/^ {0,3}<!--/, /-->/],
  [/^ {0,3}<\?/, /\?>/],
  [/^ {0,3}<![A-Za-z]/, />/],
  [/^ {0,3}<!\[CDATA\[/, /\]\]>/],
];
/** A heading at the first column, which ends any list or quote before it. */
const HEADING_LINE = /^#{1,6}(?:[ \t]|$)/;
/** A container directive's opening and closing fences (remark-directive), at the first column. */
const CONTAINER_OPEN = /^(:{3,})[A-Za-z0-9]/;
const CONTAINER_CLOSE = /^(:{3,})[ \t]*$/;
const HASH = 35;
const BACKTICK = 96;
const TILDE = 126;
const PIPE = 124;
const UNLIFTABLE_PAGE = /[\r\0]/;

/** The page's text with its plain blocks lifted out, or undefined when there are none to lift. */
export function liftBlocks(text: string, syntax: "md" | "mdx"): LiftedPage | undefined {
  if (UNLIFTABLE_PAGE.test(text) || text.charCodeAt(0) === 0xfeff) return undefined;
  const lines = text.split("\n");
  const offsets = new Array<number>(lines.length);
  for (let index = 0, offset = 0; index < lines.length; index++) {
    offsets[index] = offset;
    offset += lines[index]!.length + 1;
  }
  const page: PageLines = { lines, offsets, mdx: syntax === "mdx" };
  const out: string[] = [];
  const lifted: LiftedPage = {
    syntax,
    text: "",
    blocks: [],
    sourceLines: [],
    offsetShifts: [],
    placeholders: [],
    containers: [],
  };
  let outOffset = 0;
  const emit = (line: string, index: number, block: number) => {
    lifted.sourceLines.push(index + 1);
    lifted.offsetShifts.push(offsets[index]! - outOffset);
    lifted.placeholders.push(block);
    out.push(line);
    outOffset += line.length + 1;
  };
  let fence: { marker: string; atStart: boolean } | undefined;
  let htmlEnd: RegExp | undefined;
  /** Whether a block starts fresh here: after a blank line, the page's start, or a lifted heading or code block. */
  let fresh = true;
  /** Whether no list can be open: at the start, after a lifted block or a heading (blank lines between). */
  let noListOpen = true;
  /** The colons of each container directive open here, as this reading sees them (micromark confirms them). */
  const containers: number[] = [];
  /** The line (counted from 1) of a container's opening fence just before this line, or 0. */
  let openedOn = 0;
  const closes: ContainerCloser = (line) =>
    containers.length > 0 && (CONTAINER_CLOSE.exec(line)?.[1]?.length ?? 0) >= containers[containers.length - 1]!;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    if (fence) {
      const close = FENCE_CLOSE.exec(line)?.[1];
      if (close && close[0] === fence.marker[0] && close.length >= fence.marker.length) {
        noListOpen = fence.atStart;
        fence = undefined;
      }
      emit(line, index, -1);
      continue;
    }
    if (htmlEnd) {
      if (htmlEnd.test(line)) htmlEnd = undefined;
      emit(line, index, -1);
      continue;
    }
    if (BLANK.test(line)) {
      fresh = true;
      openedOn = 0;
      emit(line, index, -1);
      continue;
    }
    // Right after a container's opening line no list is open inside it; micromark confirms the container.
    const block = blockAt(page, index, fresh, noListOpen || openedOn !== 0, closes);
    if (block) {
      emit(PLACEHOLDER[syntax], index, lifted.blocks.length);
      lifted.blocks.push(block.node);
      const container: ExpectedContainer = {};
      if (openedOn) container.start = openedOn;
      if (block.closedByContainer) container.end = block.end + 1;
      lifted.containers.push(openedOn || block.closedByContainer ? container : undefined);
      openedOn = 0;
      index = block.end - 1;
      fresh = block.node.type === "heading" || block.node.type === "code";
      noListOpen = true;
      continue;
    }
    emit(line, index, -1);
    fresh = false;
    noListOpen = HEADING_LINE.test(line);
    openedOn = 0;
    const opener = CONTAINER_OPEN.exec(line);
    if (opener) {
      // Not known to open a container until micromark says so: a line that only looks like one may be the lazy
      // continuation of a list item, whose list the next item after a blank line would go on.
      containers.push(opener[1]!.length);
      openedOn = index + 1;
      fresh = true;
      continue;
    }
    if (closes(line)) {
      containers.pop();
      continue;
    }
    const open = FENCE_OPEN.exec(line);
    if (open && !(open[2]![0] === "`" && open[3]!.includes("`"))) {
      fence = { marker: open[2]!, atStart: open[1] === "" };
      continue;
    }
    for (const [start, end] of HTML_BLOCKS) {
      const opened = start.exec(line);
      if (opened) {
        if (!end.test(line.slice(opened[0].length))) htmlEnd = end;
        break;
      }
    }
  }
  if (lifted.blocks.length === 0) return undefined;
  lifted.text = out.join("\n");
  return lifted;
}

/** The block lift.ts can build at line `index`, given what stands before it. */
function blockAt(
  page: PageLines,
  index: number,
  fresh: boolean,
  noListOpen: boolean,
  closes: ContainerCloser,
): LiftedBlock | undefined {
  const first = page.lines[index]!.charCodeAt(0);
  if (first === HASH) return headingAt(page, index);
  if (first === BACKTICK || first === TILDE) {
    return fencedCodeAt(page, index) ?? (fresh ? paragraphAt(page, index, closes) : undefined);
  }
  if (!fresh) return undefined;
  if (first === PIPE) return tableAt(page, index, closes);
  return paragraphAt(page, index, closes) ?? (noListOpen ? listAt(page, index, closes) : undefined);
}

/** Whether `parent` (its position already the page's) is the container directive a block was expected in. */
function inExpectedContainer(parent: Nodes, expected: ExpectedContainer | undefined): boolean {
  if (!expected) return true;
  if (parent.type !== "containerDirective" || !parent.position) return false;
  if (expected.start !== undefined && parent.position.start.line !== expected.start) return false;
  return expected.end === undefined || parent.position.end.line === expected.end;
}

/** Where a placeholder may stand: the nodes that hold blocks. */
const FLOW_PARENTS = new Set([
  "root",
  "blockquote",
  "listItem",
  "containerDirective",
  "footnoteDefinition",
  "mdxJsxFlowElement",
]);

/**
 * The tree micromark parsed from `lifted.text`, with the lifted blocks in their places and every position in
 * the page's text; undefined when a placeholder did not come back as an HTML node of its own on its line.
 */
export function restoreBlocks(tree: Root, lifted: LiftedPage): Root | undefined {
  const restored = new Array<boolean>(lifted.blocks.length).fill(false);
  const placeholder = PLACEHOLDER_NODE[lifted.syntax];
  const moved = new WeakSet<object>();
  let found = 0;
  const stack: Nodes[] = [tree];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (!("children" in node)) continue;
    const children = node.children as Nodes[];
    for (let index = 0; index < children.length; index++) {
      const child = children[index]!;
      if (child.type === placeholder.type && (child as { value?: string }).value === placeholder.value) {
        const block = lifted.placeholders[(child.position?.start.line ?? 0) - 1] ?? -1;
        if (block === -1 || restored[block] || !FLOW_PARENTS.has(node.type)) return undefined;
        if (child.position?.start.column !== 1 || !inExpectedContainer(node, lifted.containers[block]))
          return undefined;
        children[index] = lifted.blocks[block]!;
        restored[block] = true;
        found++;
        continue;
      }
      moveNode(child, lifted, moved);
      stack.push(child);
    }
  }
  if (found !== lifted.blocks.length) return undefined;
  moveNode(tree, lifted, moved);
  return tree;
}

/** Moves a node's position, and those of its MDX attributes and JavaScript (estree), to the page's text. */
function moveNode(node: Nodes, lifted: LiftedPage, moved: WeakSet<object>): void {
  if (node.position) {
    node.position = { start: movePoint(node.position.start, lifted), end: movePoint(node.position.end, lifted) };
  }
  if (node.type === "mdxJsxFlowElement" || node.type === "mdxJsxTextElement") {
    for (const attribute of node.attributes) {
      if (attribute.position) {
        const { start, end } = attribute.position;
        attribute.position = { start: movePoint(start, lifted), end: movePoint(end, lifted) };
      }
      if (attribute.type === "mdxJsxExpressionAttribute") moveEstree(attribute.data?.estree, lifted, moved);
      else if (typeof attribute.value === "object") moveEstree(attribute.value?.data?.estree, lifted, moved);
    }
  }
  const data = node.data as { estree?: unknown } | undefined;
  if (data?.estree) moveEstree(data.estree, lifted, moved);
}

/** A point of the parsed text as the page's: on a placeholder's line, the start or end of the block it holds. */
function movePoint(point: Point, lifted: LiftedPage): Point {
  const index = point.line - 1;
  const block = lifted.placeholders[index]!;
  if (block !== -1) {
    const position = lifted.blocks[block]!.position!;
    return { ...(point.column === 1 ? position.start : position.end) };
  }
  return {
    line: lifted.sourceLines[index]!,
    column: point.column,
    offset: point.offset === undefined ? undefined : point.offset + lifted.offsetShifts[index]!,
  };
}

/** An estree location as acorn gives it: lines from 1, columns from 0. */
interface EstreeLocated {
  start?: number;
  end?: number;
  range?: [number, number];
  loc?: { start: EstreePoint; end: EstreePoint };
}

/** micromark's MDX extensions add the offset to acorn's line and column. */
interface EstreePoint {
  line: number;
  column: number;
  offset?: number;
}

function moveEstreePoint(point: EstreePoint, lifted: LiftedPage, shift: number): EstreePoint {
  const moved = { ...point, line: lifted.sourceLines[point.line - 1] ?? point.line };
  if (point.offset !== undefined) moved.offset = point.offset + shift;
  return moved;
}

/** Moves every location in an MDX expression's or statement's estree (each object once) to the page's text. */
function moveEstree(value: unknown, lifted: LiftedPage, moved: WeakSet<object>): void {
  if (typeof value !== "object" || value === null || moved.has(value)) return;
  moved.add(value);
  if (Array.isArray(value)) {
    for (const item of value) moveEstree(item, lifted, moved);
    return;
  }
  const located = value as EstreeLocated;
  const { loc } = located;
  if (loc) {
    const startShift = lifted.offsetShifts[loc.start.line - 1] ?? 0;
    const endShift = lifted.offsetShifts[loc.end.line - 1] ?? 0;
    if (located.start !== undefined) located.start += startShift;
    if (located.end !== undefined) located.end += endShift;
    if (located.range) located.range = [located.range[0] + startShift, located.range[1] + endShift];
    located.loc = {
      ...loc,
      start: moveEstreePoint(loc.start, lifted, startShift),
      end: moveEstreePoint(loc.end, lifted, endShift),
    };
  }
  for (const [key, inner] of Object.entries(value)) if (key !== "loc") moveEstree(inner, lifted, moved);
}
