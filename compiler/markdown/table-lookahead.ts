/**
 * GFM's table construct, tried only where a table can start: on a line followed by a delimiter row.
 *
 * micromark tries the table construct at the start of every block line. Before it can fail, it reads the whole line
 * as a header row (any line of one or more words passes), then reads the next line as a delimiter row. So every
 * line of prose is read twice, and the attempt's tokens are made and thrown away: on 100 real pages that cost a
 * sixth of the parse (1.13 s without the table construct, 1.35 s with it; parse alone, warm), and the header-row
 * state allocated 72 of the 2,404 MB a whole build of them allocated (sampled), third among functions.
 *
 * A delimiter row (`| --- | :-: |`, `--|--`, `:-`) holds only `-`, `:`, `|`, spaces and tabs, with a `:` or a `|`,
 * behind its containers' `>` markers and indentation (micromark-extension-gfm-table: anything else, or a lazy line,
 * fails the table). So `tablesBeforeDelimiterRows` wraps the construct: when the line after the attempt's line
 * cannot be one, the attempt fails at once, as it would have after reading both lines. Rows after a table's head go
 * to the construct as before. The construct learns the source it is parsing from `parsingSource`; without it every
 * attempt goes through.
 */
import type { Code, Construct, Effects, State, TokenizeContext } from "micromark-util-types";
import type { Processor } from "unified";

/** The lines of the source being parsed, split as micromark counts them (`\r\n`, `\r`, `\n`). */
let lines: string[] | undefined;
let source: string | undefined;

/** Runs a synchronous parse of `text` with the table construct able to look at the line after its own. */
export function parsingSource<T>(text: string, parse: () => T): T {
  source = text;
  lines = undefined;
  try {
    return parse();
  } finally {
    source = lines = undefined;
  }
}

/** A line that may be a delimiter row: its characters, after containers' markers, and a `:` or `|` among them. */
const DELIMITER_ROW_CHARACTERS = /^[ \t>|:-]*$/;
const DELIMITER_ROW_MARK = /[|:]/;

/**
 * Whether the line after line `line` (counted from 1, as micromark's points are) could be a delimiter row; true when
 * the source's lines are unknown. Lines rather than offsets: micromark's offsets skip a leading byte order mark.
 */
export function nextLineMayDelimit(sourceLines: readonly string[] | undefined, line: number): boolean {
  if (sourceLines === undefined) return true;
  const next = sourceLines[line];
  return next !== undefined && DELIMITER_ROW_CHARACTERS.test(next) && DELIMITER_ROW_MARK.test(next);
}

function linesOfSource(): string[] | undefined {
  if (source !== undefined) lines ??= source.split(/\r\n?|\n/);
  return lines;
}

/** Whether the construct is asked to continue a table (the last block token is its head or a row). */
function continuesTable(context: TokenizeContext): boolean {
  for (let index = context.events.length - 1; index > -1; index--) {
    const type: string = context.events[index][1].type;
    if (type !== "lineEnding" && type !== "linePrefix") return type === "tableHead" || type === "tableRow";
  }
  return false;
}

function withLookahead(table: Construct): Construct {
  return {
    ...table,
    tokenize(this: TokenizeContext, effects: Effects, ok: State, nok: State): State {
      return (code: Code) =>
        continuesTable(this) || nextLineMayDelimit(linesOfSource(), this.now().line)
          ? table.tokenize.call(this, effects, ok, nok)(code)
          : nok(code);
    },
  };
}

type ConstructSlot = Construct | Construct[] | undefined;

/**
 * A unified plugin, used after remark-gfm: its table construct tries only lines followed by a possible delimiter
 * row. Throws when it finds no table construct to wrap.
 */
export function tablesBeforeDelimiterRows(this: Processor): void {
  const data = this.data();
  let wrapped = 0;
  const wrap = (slot: ConstructSlot): ConstructSlot => {
    if (Array.isArray(slot)) return slot.map((construct) => wrap(construct) as Construct);
    if (slot?.name !== "table") return slot;
    wrapped += 1;
    return withLookahead(slot);
  };
  const extensions = (data.micromarkExtensions ?? []).flat().map((extension) => {
    const flow = extension.flow as Record<string, ConstructSlot> | undefined;
    if (!flow) return extension;
    return { ...extension, flow: Object.fromEntries(Object.entries(flow).map(([code, slot]) => [code, wrap(slot)])) };
  });
  if (wrapped !== 1) throw new Error(`tablesBeforeDelimiterRows: expected one table construct, found ${wrapped}`);
  data.micromarkExtensions = extensions;
}
