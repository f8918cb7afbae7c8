import remarkDirective from "remark-directive";
import remarkGfm from "remark-gfm";
import remarkMdx from "remark-mdx";
import remarkParse from "remark-parse";
import { unified } from "unified";
import { describe, expect, it } from "vitest";
import { nextLineMayDelimit, parsingSource, tablesBeforeDelimiterRows } from "./table-lookahead.ts";

const plain = {
  md: unified().use(remarkParse).use(remarkGfm).use(remarkDirective),
  mdx: unified().use(remarkParse).use(remarkMdx).use(remarkGfm).use(remarkDirective),
};
const looking = {
  md: plain.md().use(tablesBeforeDelimiterRows),
  mdx: plain.mdx().use(tablesBeforeDelimiterRows),
};

/** Tables and near-tables, in containers, with each kind of line ending. */
const EDGES: Array<[string, "md" | "mdx"]> = [
  ["| a | b |\n| --- | :-: |\n| 1 | 2 |\n3 | 4\n\nafter", "md"],
  ["a\n:-\nb", "md"],
  ["para\nb | c\n--|--\nd | e", "md"],
  ["1. a | b\n   --|--\n2. c | d\n- e | f\n- --|--", "md"],
  ["a | b\n--|--\nc | d", "md"],
  ["> | a | b |\n> |---|---|\n> | c | d |\n>\n> quote", "md"],
  ["- item\n\n  | a | b |\n  |---|---|\n  | 1 | 2 |\n- next | x\n  -|-", "md"],
  ["a b c\n---\n\nd | e\n---", "md"],
  ["a | b\n- list\n\na | b\n|", "md"],
  ["| a |\r\n| - |\r\n| b |", "md"],
  ["a | b\r--|--\rc | d", "md"],
  ["> a | b\n--|--\n\n> a | b\n> --|--", "md"],
  ["a | b", "md"],
  ["a | b\n", "md"],
  ["| a | b |\n|---|---|\nnot a row\n\n| x |\n|:-|", "md"],
  ["a|b\n\t--|--\n\n    a|b\n    --|--", "md"],
  ["\uFEFFintro\n\na | b\n--|--\nc | d\n", "md"],
  ["\uFEFFa | b\r\n--|--", "md"],
  ["| a | b |\n| -- | -- | -- |\n\n| a |\n|-x-|", "md"],
  [":::note\n| a | b |\n|---|---|\n| 1 | 2 |\n:::\n", "md"],
  ["<Tabs>\n| a | b |\n|---|---|\n| 1 | 2 |\n</Tabs>\n\n{x} | y\n-|-", "mdx"],
];

describe("tables looked for only above a possible delimiter row", () => {
  it("parses every edge as the table construct alone does", () => {
    for (const [body, syntax] of EDGES) {
      const tree = parsingSource(body, () => looking[syntax].parse(body));
      expect(tree, body).toEqual(plain[syntax].parse(body));
    }
  });

  it("asks the source for the next line", () => {
    const body = "a | b\n--|--";
    expect(JSON.stringify(looking.md.parse(body))).toContain('"table"');
    // Told that the next line is prose, the construct does not try.
    expect(JSON.stringify(parsingSource("a | b\nxx|xx", () => looking.md.parse(body)))).not.toContain('"table"');
  });

  it("reads a delimiter row's characters behind container markers", () => {
    const mayDelimit = (text: string, line: number) => nextLineMayDelimit(text.split(/\r\n?|\n/), line);
    expect(mayDelimit("a\n| --- | :-: |", 1)).toBe(true);
    expect(mayDelimit("a\r\n> > :-\r\nb", 1)).toBe(true);
    expect(mayDelimit("x\ra\r\t--|--", 2)).toBe(true);
    expect(mayDelimit("a\n---", 1)).toBe(false);
    expect(mayDelimit("a\n| b |", 1)).toBe(false);
    expect(mayDelimit("a | b", 1)).toBe(false);
    expect(nextLineMayDelimit(undefined, 1)).toBe(true);
  });

  it("refuses to run without remark-gfm's table", () => {
    expect(() => unified().use(remarkParse).use(tablesBeforeDelimiterRows).freeze()).toThrow(/table construct/);
  });
});
