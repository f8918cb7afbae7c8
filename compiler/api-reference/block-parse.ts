/**
 * Issue 17 (large contracts): an operation page is a sequence of blocks joined by blank lines, and many of them
 * repeat across pages (a shared component's schema list, the same parameter table). Parsing Markdown is most of a
 * generated page's build time, so each distinct block is parsed once per worker and its mdast reused, cloned and
 * shifted to its place. The result equals parsing the whole body (block-parse.test.ts compares trees, positions
 * included). Contract text can make blocks depend on each other (a reference definition, an unclosed fence, an
 * HTML block, a list continued across a blank line, container directives); then the whole body is parsed as usual.
 */
import type { Root, RootContent } from "mdast";
import { VFile } from "vfile";
import { parseBody, type ParsedBody } from "../markdown/parse.ts";

/** Characters of distinct blocks kept per worker (their trees are some times larger); past it the oldest go. */
const MAX_CACHED_CHARS = 8_000_000;
const cache = new Map<string, RootContent[]>();
let cachedChars = 0;

/**
 * The mdast of a generated page's body. `blocks` are what the body ends with, joined by blank lines and followed
 * by a newline (before them only the blanked frontmatter).
 */
export function parseGeneratedBody(body: string, blocks: string[], path: string, sourcePath: string): ParsedBody {
  const joined = `${blocks.join("\n\n")}\n`;
  const start = body.length - joined.length;
  if (start < 0 || !body.endsWith(joined) || body.slice(0, start).trim() !== "" || !blocksStandAlone(blocks))
    return parseBody(body, "md", path, sourcePath);
  const children: RootContent[] = [];
  let offset = start;
  let line = lineCount(body.slice(0, start));
  for (const block of blocks) {
    for (const node of blockChildren(block, path, sourcePath)) children.push(shifted(node, offset, line));
    offset += block.length + 2;
    line += lineCount(block) + 2;
  }
  const lines = body.split("\n");
  const tree: Root = {
    type: "root",
    children,
    position: {
      start: { line: 1, column: 1, offset: 0 },
      end: { line: lines.length, column: lines[lines.length - 1].length + 1, offset: body.length },
    },
  };
  return { tree, file: new VFile({ path, value: body }), messages: [] };
}

function blockChildren(block: string, path: string, sourcePath: string): RootContent[] {
  let children = cache.get(block);
  if (!children) {
    children = parseBody(block, "md", path, sourcePath).tree?.children ?? [];
    for (const oldest of cache.keys()) {
      if (cachedChars + block.length <= MAX_CACHED_CHARS) break;
      cache.delete(oldest);
      cachedChars -= oldest.length;
    }
    if (block.length <= MAX_CACHED_CHARS) {
      cache.set(block, children);
      cachedChars += block.length;
    }
  }
  return children;
}

/** A deep copy of a node whose positions move `offset` characters and `lines` lines down (columns stay). */
function shifted<T>(node: T, offset: number, lines: number): T {
  if (Array.isArray(node)) return node.map((item) => shifted(item, offset, lines)) as T;
  if (node === null || typeof node !== "object") return node;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "position" && value) {
      const { start, end } = value as { start: Point; end: Point };
      copy.position = { start: moved(start, offset, lines), end: moved(end, offset, lines) };
    } else copy[key] = shifted(value, offset, lines);
  }
  return copy as T;
}

interface Point {
  line: number;
  column: number;
  offset?: number;
}
const moved = (point: Point, offset: number, lines: number): Point => ({
  line: point.line + lines,
  column: point.column,
  offset: (point.offset ?? 0) + offset,
});

/** Number of newline characters. */
function lineCount(text: string): number {
  let count = 0;
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) count++;
  return count;
}

const LIST_START = /^(?:[-+*]|\d{1,9}[.)])(?:[ \t]|$)/;
const DEPENDENT_LINE = /^ {0,3}(?:\[|<|:{3,})/m;
const FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/;

/**
 * Whether each block parses the same alone as within the page: it starts at the margin, is not a list item (which
 * would join a list ending the block before), holds no line that can reach other blocks (reference or footnote
 * definitions, HTML blocks, container directives), no carriage return, and closes every fence it opens.
 */
export function blocksStandAlone(blocks: string[]): boolean {
  return blocks.every(
    (block, index) =>
      block !== "" &&
      !/^\s/.test(block) &&
      !block.includes("\r") &&
      !(index > 0 && LIST_START.test(block)) &&
      !DEPENDENT_LINE.test(block) &&
      fencesClosed(block),
  );
}

function fencesClosed(block: string): boolean {
  let open: string | undefined;
  for (const line of block.split("\n")) {
    const fence = FENCE.exec(line);
    if (!fence) continue;
    if (!open) {
      // A backtick fence's info string cannot hold a backtick (then it is inline code, not a fence).
      if (fence[1][0] === "`" && fence[2].includes("`")) continue;
      open = fence[1];
    } else if (fence[1][0] === open[0] && fence[1].length >= open.length && fence[2].trim() === "") open = undefined;
  }
  return open === undefined;
}
