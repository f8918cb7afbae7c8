import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkStringify, { type Options } from "remark-stringify";
import { unified } from "unified";
import { describe, expect, it } from "vitest";
import { textWithFewerPatterns } from "./text-handler.ts";

const OPTIONS: Options = { bullet: "-", emphasis: "_", rule: "-", fences: true, listItemIndent: "one" };
const parser = unified().use(remarkParse).use(remarkGfm);
const plain = unified().use(remarkStringify, OPTIONS).use(remarkGfm);
const fewer = unified()
  .use(remarkStringify, { ...OPTIONS, handlers: { text: textWithFewerPatterns } })
  .use(remarkGfm);

/** Texts that need escapes: every ASCII punctuation character at a line start, mid-word, around spaces and ends. */
function punctuationTexts(): string[] {
  const marks = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";
  const texts: string[] = [];
  for (const mark of marks) {
    texts.push(`${mark} starts`, `mid${mark}word`, `ends ${mark}`, `${mark}${mark}double${mark}${mark}`);
    texts.push(`1${mark} item`, `a ${mark} b  `, `\t${mark}tab`, `word_${mark}_word`, `http://x.example/${mark}`);
  }
  return texts;
}

/** Text nodes the way the serializer meets them: in paragraphs, headings, list items, table cells and links. */
function treesOf(text: string) {
  const cell = text.replaceAll("|", "\\|");
  return [
    { type: "root", children: [{ type: "paragraph", children: [{ type: "text", value: text }] }] },
    { type: "root", children: [{ type: "heading", depth: 2, children: [{ type: "text", value: text }] }] },
    parser.parse(`- ${text}\n- [${text}](/x)\n\n| a | b |\n| - | - |\n| ${cell} | _${cell}_ |\n`),
  ];
}

describe("textWithFewerPatterns", () => {
  it("escapes every text as the serializer's own handler does", () => {
    let escaped = 0;
    for (const text of punctuationTexts()) {
      for (const tree of treesOf(text)) {
        const expected = plain.stringify(tree as never);
        expect(fewer.stringify(tree as never), JSON.stringify(text)).toBe(expected);
        if (expected.includes("\\") || expected.includes("&#")) escaped++;
      }
    }
    // Most of those texts needed escapes, so the comparison covers them.
    expect(escaped).toBeGreaterThan(200);
  });

  it("writes every fixture page's Markdown as the serializer's own handler does", () => {
    const fixtures = path.resolve(import.meta.dirname, "../../fixtures");
    const pages: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const file = path.join(dir, name);
        if (name === "node_modules" || name === "dist") continue;
        if (statSync(file).isDirectory()) walk(file);
        else if (name.endsWith(".md")) pages.push(file);
      }
    };
    walk(fixtures);
    expect(pages.length).toBeGreaterThan(50);
    for (const page of pages) {
      const tree = parser.parse(readFileSync(page, "utf8"));
      expect(fewer.stringify(structuredClone(tree)), page).toBe(plain.stringify(tree));
    }
  });
});
