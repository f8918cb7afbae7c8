/**
 * A GFM table read to the nodes micromark-extension-gfm-table and mdast-util-gfm-table make, when it is plain: every
 * row opens and closes with a pipe, every row has the header's number of cells, each cell's text is plain
 * (phrasing.ts), and a blank line, the end or the close of the container around it follows.
 */
import type { AlignType, Table, TableCell, TableRow } from "mdast";
import { BLANK, type ContainerCloser, type LiftedBlock, type PageLines } from "./blocks.ts";
import { plainPhrasing } from "./phrasing.ts";
import { PointReader } from "./points.ts";

const ROW = /^\|[^\t]*\|$/;
const DELIMITER_ROW = /^\|(?: *:?-+:? *\|)+$/;
const PIPE = 124;
const SPACE = 32;

/** The table whose header row is line `start`. The caller knows a block starts fresh there. */
export function tableAt(page: PageLines, start: number, closes: ContainerCloser): LiftedBlock | undefined {
  const { lines } = page;
  if (start + 1 >= lines.length || !ROW.test(lines[start]!) || !DELIMITER_ROW.test(lines[start + 1]!)) return undefined;
  const align = lines[start + 1]!.slice(1, -1).split("|").map(alignOf);
  const rows: TableRow[] = [];
  let end = start;
  let closedByContainer = false;
  for (; end < lines.length && !BLANK.test(lines[end]!); end++) {
    if (end === start + 1) continue;
    if (end > start + 1 && closes(lines[end]!)) {
      closedByContainer = true;
      break;
    }
    const row = rowAt(page, end, align.length);
    if (!row) return undefined;
    rows.push(row);
  }
  const node: Table = {
    type: "table",
    align,
    children: rows,
    position: { start: { ...rows[0]!.position!.start }, end: { ...rows[rows.length - 1]!.position!.end } },
  };
  return { node, end, closedByContainer };
}

function alignOf(cell: string): AlignType {
  const text = cell.trim();
  const left = text.startsWith(":");
  const right = text.endsWith(":");
  return left && right ? "center" : left ? "left" : right ? "right" : null;
}

/** Line `index` as a row of `cells` cells, each spanning from its pipe to the next (the last to the line's end). */
function rowAt(page: PageLines, index: number, cells: number): TableRow | undefined {
  const line = page.lines[index]!;
  if (!ROW.test(line)) return undefined;
  const offset = page.offsets[index]!;
  const pipes: number[] = [];
  for (let at = line.indexOf("|"); at !== -1; at = line.indexOf("|", at + 1)) pipes.push(at);
  if (pipes.length !== cells + 1) return undefined;
  const children: TableCell[] = [];
  for (let cell = 0; cell < cells; cell++) {
    const from = pipes[cell]!;
    const to = pipes[cell + 1]!;
    let textStart = from + 1;
    let textEnd = to;
    while (textStart < textEnd && line.charCodeAt(textStart) === SPACE) textStart++;
    while (textEnd > textStart && line.charCodeAt(textEnd - 1) === SPACE) textEnd--;
    const text = line.slice(textStart, textEnd);
    const content =
      text === ""
        ? []
        : plainPhrasing(text, new PointReader(text, index + 1, textStart + 1, offset + textStart), page.mdx);
    if (!content) return undefined;
    const end = cell === cells - 1 ? line.length : to;
    children.push({
      type: "tableCell",
      children: content,
      position: {
        start: { line: index + 1, column: from + 1, offset: offset + from },
        end: { line: index + 1, column: end + 1, offset: offset + end },
      },
    });
  }
  const position = {
    start: { line: index + 1, column: 1, offset },
    end: { line: index + 1, column: line.length + 1, offset: offset + line.length },
  };
  return { type: "tableRow", children, position };
}
