import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Root } from "mdast";
import remarkDirective from "remark-directive";
import remarkGfm from "remark-gfm";
import remarkMdx from "remark-mdx";
import remarkParse from "remark-parse";
import { unified } from "unified";
import { VFile } from "vfile";
import { describe, expect, it } from "vitest";
import { likelyHoldsAutolinkLiterals, mayHoldAutolinkLiterals, withoutAutolinkLiterals } from "./autolink-literals.ts";
import { normalizeContainerSyntax } from "./container-syntax.ts";
import { parseBody } from "./parse.ts";

/** The parse every page had before: autolink literals always on. */
const fullParsers = {
  md: unified().use(remarkParse).use(remarkGfm).use(remarkDirective),
  mdx: unified().use(remarkParse).use(remarkMdx).use(remarkGfm).use(remarkDirective),
};
const literalFree = unified().use(remarkParse).use(remarkGfm).use(remarkDirective).use(withoutAutolinkLiterals);

function fullTree(body: string, syntax: "md" | "mdx"): Root {
  return fullParsers[syntax].parse(new VFile({ value: normalizeContainerSyntax(body) })) as Root;
}

function expectSameTree(body: string, syntax: "md" | "mdx" = "md") {
  const { tree, messages } = parseBody(body, syntax, "page", "docs/page");
  expect(messages).toEqual([]);
  expect(tree).toEqual(fullTree(body, syntax));
}

/** Pages built to sit where a literal starts, or nearly does. */
const EDGES: Array<[string, "md" | "mdx"]> = [
  ["Write to someone@example.com today.", "md"],
  ["See www.example.com/path, HTTPS://EXAMPLE.COM and Www.Example.org.", "md"],
  ["`someone@example.com` in code.\n\n```sh\ncurl https://example.com -u a@b.co\n```\n", "md"],
  ["~~~\nwww.example.com\n~~~\n\n    indented a@b.co\n", "md"],
  ['[link](https://example.com) and [ref].\n\n[ref]: https://example.com/a@b "www.title"\n', "md"],
  ["![alt naming a@b.co](image.png) and ![www.example.com][img]\n\n[img]: i.png\n", "md"],
  ["_a@b.co_ and a_b@c.de and *x*@y.zz and a.@b.cc", "md"],
  ['<https://auto.link> and <a@b.co> and <span title="a@b.co">x</span>', "md"],
  ["<not a tag b@c.de> is text.", "md"],
  [':abbr[HTML]{title="https://x.y"} and :::note[www.example.com]\nbody\n:::\n', "md"],
  ["mailto:a@b.co and xmpp:a@b.co/res and @mention and trailing@", "md"],
  ["| a | b |\n|---|---|\n| www.x.com | `c@d.ee` |\n", "md"],
  ["Footnote[^1].\n\n[^1]: at www.example.com\n", "md"],
  ["> quote with http://x.y\n\n- item https://z.w\n  - nested a@b.co\n", "md"],
  ["http:/not.a.link and ftp://other.example and wwwx.example", "md"],
  ['import x from "@scope/pkg";\n\n{"a@b.co"} and <Card href="https://x.y">text</Card>\n', "mdx"],
  ['<Card\n  href="https://x.y"\n>\n  Inside www.example.com\n</Card>\n', "mdx"],
  ["{/* https://comment.example */}\n\nPlain text.\n", "mdx"],
];

describe("parsing without autolink literals", () => {
  it("gives the full parse's tree at the edges", () => {
    for (const [body, syntax] of EDGES) expectSameTree(body, syntax);
  });

  it("gives the full parse's tree on every fixture page", () => {
    const root = path.resolve(import.meta.dirname, "../../fixtures");
    const pages = readdirSync(root, { recursive: true, encoding: "utf8" }).filter((f) => /\.mdx?$/.test(f));
    expect(pages.length).toBeGreaterThan(100);
    for (const page of pages) {
      const body = readFileSync(path.join(root, page), "utf8").replace(/^---\n[\s\S]*?\n---\n/, "");
      const syntax = page.endsWith(".mdx") ? "mdx" : "md";
      if (parseBody(body, syntax, page, page).messages.length > 0) continue; // fixtures/broken
      expectSameTree(body, syntax);
    }
  });

  it("leaves literals as text, so the tree has to be checked", () => {
    const tree = literalFree.parse("Write to someone@example.com.") as Root;
    expect(JSON.stringify(tree)).not.toContain('"link"');
    expect(mayHoldAutolinkLiterals(tree)).toBe(true);
    expect(JSON.stringify(fullTree("Write to someone@example.com.", "md"))).toContain('"link"');
  });

  it("finds a trigger in text and image descriptions, not in code, destinations or tags", () => {
    const holds = (body: string) => mayHoldAutolinkLiterals(literalFree.parse(body) as Root);
    expect(holds("a www.example.com b")).toBe(true);
    expect(holds("*HTTP://x.y*")).toBe(true);
    expect(holds("![a@b.co](i.png)")).toBe(true);
    expect(holds('`a@b.co` [x](https://x.y) <span title="www.x"></span>\n\n```\nhttp://x.y\n```')).toBe(false);
  });

  it("guesses from the source which pages to parse in full at once", () => {
    expect(likelyHoldsAutolinkLiterals("No trigger here.")).toBe(false);
    expect(likelyHoldsAutolinkLiterals("```sh\nnpm i @scope/pkg\n```\n\nSee [docs](https://x.y), `a@b`.")).toBe(false);
    expect(likelyHoldsAutolinkLiterals('import x from "@scope/pkg";\n\n<A href="https://x.y" />')).toBe(false);
    expect(likelyHoldsAutolinkLiterals("Mail a@b.co.")).toBe(true);
    expect(likelyHoldsAutolinkLiterals("```\nx\n```\n\nGo to https://x.y")).toBe(true);
  });

  it("refuses to run without remark-gfm's autolink transform", () => {
    expect(() => unified().use(remarkParse).use(withoutAutolinkLiterals).freeze()).toThrow(
      /transformGfmAutolinkLiterals/,
    );
  });
});
