/**
 * A line's tokens written as HTML (token-html.ts) are what hast-util-to-html writes for the same elements, with the
 * settings rehype-stringify gives it; a line with anything but plain tokens keeps its elements.
 */
import type { Element, ElementContent, Root } from "hast";
import { toHtml } from "hast-util-to-html";
import { describe, expect, it } from "vitest";
import { tokensAsHtml } from "./token-html.ts";

const token = (value: string, style = "--shiki-light:#D73A49;--shiki-dark:#F97583"): Element => ({
  type: "element",
  tagName: "span",
  properties: { style },
  children: [{ type: "text", value }],
});
const line = (children: ElementContent[]): Root => ({
  type: "root",
  children: [{ type: "element", tagName: "span", properties: { className: ["line"] }, children }],
});
/** The line written with its tokens as elements, and with them as one raw node. */
const bothWays = (tokens: ElementContent[]) => {
  const expected = toHtml(line(tokens), { allowDangerousHtml: true });
  const actual = toHtml(line(tokensAsHtml(structuredClone(tokens))), { allowDangerousHtml: true });
  return { expected, actual };
};

describe("tokensAsHtml", () => {
  it("writes each token as hast-util-to-html does, whatever its text holds", () => {
    const texts = [
      "const",
      " ",
      "<T>",
      "a && b",
      "x > 1",
      '"quoted"',
      "'single'",
      "`tick`",
      "&amp;",
      "🚀 é ß",
      "\t",
      "",
    ];
    for (const text of texts) {
      const { expected, actual } = bothWays([
        token(text),
        token(` ${text} `, "--shiki-light:#6A737D;font-style:italic"),
      ]);
      expect(actual, text).toBe(expected);
    }
    // Every character from U+0000 to U+00FF, and a lone surrogate, in one token.
    const all = String.fromCharCode(...Array.from({ length: 256 }, (_, i) => i)) + "\ud800";
    expect(bothWays([token(all)]).actual).toBe(bothWays([token(all)]).expected);
  });

  it("makes one raw node of a line of plain tokens and text", () => {
    const written = tokensAsHtml([token("let"), { type: "text", value: " a < b" }]);
    expect(written).toEqual([
      { type: "raw", value: '<span style="--shiki-light:#D73A49;--shiki-dark:#F97583">let</span> a &#x3C; b' },
    ]);
  });

  it("keeps the elements of a line holding anything else", () => {
    const odd: ElementContent[][] = [
      [token("a", 'url("x")')],
      [token("a", "color:red&blue")],
      [{ ...token("a"), properties: { style: "color:red", className: ["x"] } }],
      [{ ...token("a"), tagName: "b" }],
      [{ ...token("a"), children: [token("nested")] }],
      [{ ...token("a"), children: [] }],
      [token("fine"), { type: "comment", value: "c" }],
    ];
    for (const tokens of odd) expect(tokensAsHtml(tokens)).toBe(tokens);
    expect(tokensAsHtml([])).toEqual([]);
  });
});
