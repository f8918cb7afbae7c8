/**
 * The blocks lift.ts builds itself, each read from a page's lines to the node micromark would make: a paragraph of
 * plain prose, an ATX heading, a fenced code block, a tight list of one-line items. A reader gives up (undefined)
 * on anything it cannot read with certainty; the block is then left to micromark.
 */
import type { Code, Heading, List, ListItem, Paragraph, RootContent } from "mdast";
import { plainPhrasing } from "./phrasing.ts";
import { PointReader } from "./points.ts";

/** A page's lines (split at `\n`; lift.ts takes no page with `\r`), the offset each starts at, and its syntax. */
export interface PageLines {
  lines: readonly string[];
  offsets: readonly number[];
  mdx: boolean;
}

/** A block read from lines [start, end) of the page. */
export interface LiftedBlock {
  node: RootContent;
  end: number;
  /** Whether the line at `end` ended it by closing the container directive around it. */
  closedByContainer?: boolean;
}

/** Whether a line closes the container directive the block stands in (none: always false). */
export type ContainerCloser = (line: string) => boolean;

/** A blank line as micromark reads one: spaces and tabs only (JavaScript's `trim` takes more). */
export const BLANK = /^[ \t]*$/;

/**
 * How a line of plain text starts, at its first column: a letter, a digit, a quote, a parenthesis, a bracket, a
 * backtick not followed by another, or any non-ASCII character. No block construct starts so, unless digits open an
 * ordered list.
 */
const PROSE_START = /^(?:[A-Za-z0-9("'[\u0080-\uffff]|`(?!`))/;
/** An MDX import or export, which reads as prose to this module. */
const MDX_ESM = /^(?:import|export)\b/;
const ORDERED_LIST_START = /^\d+[.)]/;
const TRAILING_SPACE = /[ \t]$/;

/** Whether `line` can be a line of a plain paragraph: nothing can start at it, and no hard break ends it. */
export function proseLine(line: string): boolean {
  return PROSE_START.test(line) && !ORDERED_LIST_START.test(line) && !TRAILING_SPACE.test(line);
}

/**
 * The paragraph of the lines from `start` to the next blank line, the end, or a line that closes the container
 * around it, when each is plain prose.
 */
export function paragraphAt(page: PageLines, start: number, closes: ContainerCloser): LiftedBlock | undefined {
  const { lines } = page;
  if (page.mdx && MDX_ESM.test(lines[start]!)) return undefined;
  let end = start;
  let closedByContainer = false;
  while (end < lines.length && !BLANK.test(lines[end]!)) {
    if (end > start && closes(lines[end]!)) {
      closedByContainer = true;
      break;
    }
    if (!proseLine(lines[end]!)) return undefined;
    end++;
  }
  const source = end - start === 1 ? lines[start]! : lines.slice(start, end).join("\n");
  const points = new PointReader(source, start + 1, 1, page.offsets[start]!);
  const begin = points.at(0);
  const children = plainPhrasing(source, points, page.mdx);
  if (!children) return undefined;
  const node: Paragraph = { type: "paragraph", children, position: { start: begin, end: points.at(source.length) } };
  return { node, end, closedByContainer };
}

const ATX_HEADING = /^(#{1,6}) (?=[^ ])/;

/** An ATX heading, `## Title` at the first column, with plain text and no closing `#`s. */
export function headingAt(page: PageLines, index: number): LiftedBlock | undefined {
  const line = page.lines[index]!;
  const marker = ATX_HEADING.exec(line);
  if (!marker || TRAILING_SPACE.test(line) || line.endsWith("#")) return undefined;
  const depth = marker[1]!.length as Heading["depth"];
  const offset = page.offsets[index]!;
  const text = line.slice(depth + 1);
  const points = new PointReader(text, index + 1, depth + 2, offset + depth + 1);
  const children = plainPhrasing(text, points, page.mdx);
  if (!children) return undefined;
  const position = {
    start: { line: index + 1, column: 1, offset },
    end: { line: index + 1, column: line.length + 1, offset: offset + line.length },
  };
  const node: Heading = { type: "heading", depth, children, position };
  return { node, end: index + 1 };
}

const FENCE_OPEN = /^(`{3,}|~{3,})(.*)$/;
/** A closing fence as CommonMark reads one: up to three spaces, the fence, white space. */
export const FENCE_CLOSE = /^ {0,3}(`{3,}|~{3,})[ \t]*$/;
/** A container directive's fence, which may close the container around the block even inside its code. */
const CONTAINER_FENCE = /^ {0,3}:{3,}/;
/** An info string lift.ts reads: a language, then optional meta after spaces; no escapes, references or tabs. */
const INFO = /^ *([^ \t\\&]*)(?: +([^\t\\&]*[^ \t\\&]))? *$/;

/** A fenced code block opening at the first column and closed by a fence alone on its line. */
export function fencedCodeAt(page: PageLines, index: number): LiftedBlock | undefined {
  const { lines, offsets } = page;
  const open = FENCE_OPEN.exec(lines[index]!);
  if (!open) return undefined;
  const fence = open[1]!;
  const info = open[2]!;
  if (fence[0] === "`" && info.includes("`")) return undefined;
  const parts = INFO.exec(info);
  if (!parts) return undefined;
  let close = index + 1;
  for (; close < lines.length; close++) {
    const line = lines[close]!;
    const closing = FENCE_CLOSE.exec(line)?.[1];
    if (closing && closing[0] === fence[0] && closing.length >= fence.length) break;
    if (CONTAINER_FENCE.test(line)) return undefined;
  }
  // Unclosed (the block runs to its container's end), or closed by a fence indented or followed by white space.
  if (close === lines.length || !/^(`{3,}|~{3,})$/.test(lines[close]!)) return undefined;
  const node: Code = {
    type: "code",
    lang: parts[1] || null,
    meta: parts[2] ?? null,
    value: close === index + 1 ? "" : lines.slice(index + 1, close).join("\n"),
    position: {
      start: { line: index + 1, column: 1, offset: offsets[index]! },
      end: { line: close + 1, column: lines[close]!.length + 1, offset: offsets[close]! + lines[close]!.length },
    },
  };
  return { node, end: close + 1 };
}

/** A list item's marker and the one space after it: a bullet, or a number of up to nine digits and `.` or `)`. */
const ITEM = /^(?:([-*+])|(0|[1-9]\d{0,8})([.)])) (?=[^ ])/;
/** Any line a list's item could continue on, or a list start on, after a blank line. */
const LIST_GOES_ON = /^(?:[ \t]|[-*+](?:[ \t]|$)|\d{1,9}[.)](?:[ \t]|$))/;
const TASK = /^\[[ xX]\]/;

/**
 * A tight list of one-line items with plain text, from `start` to a blank line, the end, or a line that closes the
 * container around it; and after the blank lines, nothing the list could go on with (an indented line, another
 * item). The caller knows that no list is open before it.
 */
export function listAt(page: PageLines, start: number, closes: ContainerCloser): LiftedBlock | undefined {
  const { lines, offsets } = page;
  const first = ITEM.exec(lines[start]!);
  if (!first) return undefined;
  const kind = first[1] ?? first[3]!;
  const items: ListItem[] = [];
  let end = start;
  for (; end < lines.length && !BLANK.test(lines[end]!) && !(end > start && closes(lines[end]!)); end++) {
    const line = lines[end]!;
    const marker = ITEM.exec(line);
    if (!marker || (marker[1] ?? marker[3]) !== kind) return undefined;
    const content = line.slice(marker[0].length);
    if (!proseLine(content) || TASK.test(content)) return undefined;
    const column = marker[0].length + 1;
    const offset = offsets[end]! + marker[0].length;
    const points = new PointReader(content, end + 1, column, offset);
    const begin = points.at(0);
    const children = plainPhrasing(content, points, page.mdx);
    if (!children) return undefined;
    const contentEnd = points.at(content.length);
    const paragraph: Paragraph = { type: "paragraph", children, position: { start: begin, end: contentEnd } };
    const itemStart = { line: end + 1, column: 1, offset: offsets[end]! };
    items.push({
      type: "listItem",
      spread: false,
      checked: null,
      children: [paragraph],
      position: { start: itemStart, end: { ...contentEnd } },
    });
  }
  const closedByContainer = end < lines.length && closes(lines[end]!);
  let after = end;
  while (after < lines.length && BLANK.test(lines[after]!)) after++;
  if (!closedByContainer && after < lines.length && (after === end || LIST_GOES_ON.test(lines[after]!))) {
    return undefined;
  }
  const node: List = {
    type: "list",
    ordered: first[1] === undefined,
    start: first[1] === undefined ? Number(first[2]) : null,
    spread: false,
    children: items,
    position: { start: { ...items[0]!.position!.start }, end: { ...items[items.length - 1]!.position!.end } },
  };
  return { node, end, closedByContainer };
}
