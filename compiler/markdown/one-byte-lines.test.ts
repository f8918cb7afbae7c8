/** Grammars get every line that fits in one byte per character as a one-byte string, whatever it was cut from. */
import { serialize } from "node:v8";
import type { IGrammar } from "@shikijs/vscode-textmate";
import remarkParse from "remark-parse";
import { unified } from "unified";
import { VFile } from "vfile";
import { describe, expect, it } from "vitest";
import { makeTestConfig } from "../render/html/test-config.ts";
import { prepareHighlighter, siteLanguages } from "./highlighter.ts";
import { createHtmlRenderer } from "./html.ts";
import { oneByte, oneByteLines } from "./one-byte-lines.ts";

/** V8's serializer tags a one-byte string `"` and a two-byte one `c`, after its two header bytes. */
const width = (text: string) => (serialize(text)[2] === 0x22 ? 1 : 2);

/** `text` cut from a two-byte string, as a line of a page with one "—" in it is. */
const cutFromWide = (text: string) => `—${text}`.slice(1);

describe("oneByte", () => {
  it("copies text that fits in one byte per character into a one-byte string, and leaves other text as it is", () => {
    // What the copy is for: a line cut from a wider text is two bytes wide, though it needs one.
    expect(width(cutFromWide("const answer = 42;"))).toBe(2);
    for (const text of ["const answer = 42;", "café, naïve, ½ × 3 ÷ 4", "\u0000\u00ff", ""]) {
      const wide = cutFromWide(text);
      expect(oneByte(wide)).toBe(text);
      expect(width(oneByte(wide))).toBe(1);
    }
    for (const text of ["a → b", "// 你好", "emoji 🙂", "\u0100"]) {
      expect(oneByte(text)).toBe(text);
      expect(width(oneByte(text))).toBe(2);
    }
  });
});

describe("oneByteLines", () => {
  it("hands the grammar each line one byte wide where it fits, through both ways of tokenizing, and its answer", () => {
    const seen: string[] = [];
    const tokenize = (line: string) => {
      seen.push(line);
      return { line };
    };
    const grammar = { tokenizeLine: tokenize, tokenizeLine2: tokenize } as unknown as IGrammar;
    oneByteLines(grammar);
    oneByteLines(grammar);
    const ascii = cutFromWide("let x = 1;");
    expect(grammar.tokenizeLine(ascii, null)).toEqual({ line: "let x = 1;" });
    expect(grammar.tokenizeLine2(ascii, null)).toEqual({ line: "let x = 1;" });
    grammar.tokenizeLine2("let y = '→';", null);
    expect(seen).toEqual(["let x = 1;", "let x = 1;", "let y = '→';"]);
    expect(seen.map(width)).toEqual([1, 1, 2]);
  });

  it("leaves a page's highlighted code as it was, whether its Markdown is one byte wide or two", async () => {
    const markdown = '```ts\nconst greeting = "hello";\nfunction twice(n: number) {\n  return n * 2;\n}\n```\n';
    const config = makeTestConfig();
    await prepareHighlighter(config.theme, siteLanguages([{ sourcePath: "docs/a.md", source: markdown }]));
    const renderer = createHtmlRenderer(config);
    const render = async (source: string) => {
      const file = new VFile({ value: source, path: "page.md" });
      return await renderer.renderMarkdown(unified().use(remarkParse).parse(file), file, {});
    };
    const narrow = await render(`${markdown}\nSee the next page.\n`);
    const wide = await render(`${markdown}\nSee the next page — or the one after.\n`);
    expect(narrow).toContain("--shiki-light:");
    expect(wide.replace(" — or the one after", "")).toBe(narrow);
  });
});
