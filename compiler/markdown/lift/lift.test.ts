import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Root } from "mdast";
import { VFile } from "vfile";
import { describe, expect, it } from "vitest";
import { normalizeContainerSyntax } from "../container-syntax.ts";
import { htmlCommentsAsMdx } from "../mdx-comments.ts";
import { micromarkTree } from "../parse.ts";
import { liftBlocks, restoreBlocks } from "./lift.ts";

type Syntax = "md" | "mdx";

const whole = (text: string, syntax: Syntax): Root => micromarkTree(new VFile({ value: text }), syntax);

/** The tree with lifted blocks, or undefined when nothing was lifted or micromark did not confirm the places. */
function lifted(text: string, syntax: Syntax): Root | undefined {
  const page = liftBlocks(text, syntax);
  return page && restoreBlocks(whole(page.text, syntax), page);
}

/**
 * Lifts `text`, and expects the same tree, positions, MDX attributes, estree and key order included, as micromark's
 * alone. A page that is not valid MDX fails both ways.
 */
function expectSameTree(text: string, syntax: Syntax = "md"): Root | undefined {
  let expected: string;
  try {
    expected = JSON.stringify(whole(text, syntax));
  } catch {
    return undefined; // parse.ts parses such a page whole, for the error's place
  }
  const tree = lifted(text, syntax);
  if (tree) expect(JSON.stringify(tree), text).toBe(expected);
  return tree;
}

function pageFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.mdx?$/.test(entry.name) && !entry.parentPath.includes("node_modules"))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The README of each package in node_modules (scoped ones too): Markdown written by many hands, for GitHub. */
function installedReadmes(): string[] {
  const packages = readdirSync("node_modules").flatMap((name) =>
    name.startsWith("@") ? readdirSync(path.join("node_modules", name)).map((inner) => `${name}/${inner}`) : [name],
  );
  return packages.flatMap((name) => {
    const folder = path.join("node_modules", name);
    try {
      const readme = readdirSync(folder).find((file) => /^readme\.md$/i.test(file));
      return readme ? [path.join(folder, readme)] : [];
    } catch {
      return []; // a file, not a package folder
    }
  });
}

describe("lifted blocks", () => {
  it("build the tree micromark builds on every fixture page", () => {
    const liftedPages = { md: 0, mdx: 0 };
    for (const file of pageFiles("fixtures")) {
      const syntax: Syntax = file.endsWith(".mdx") ? "mdx" : "md";
      const body = normalizeContainerSyntax(readFileSync(file, "utf8").replace(/^---\n[\s\S]*?\n---\n/, ""));
      if (expectSameTree(syntax === "mdx" ? htmlCommentsAsMdx(body) : body, syntax)) liftedPages[syntax]++;
    }
    expect(liftedPages.md).toBeGreaterThan(100);
    expect(liftedPages.mdx).toBeGreaterThan(30);
  });

  it("build the tree micromark builds on the READMEs of the installed packages", { timeout: 120_000 }, () => {
    let liftedPages = 0;
    for (const file of installedReadmes()) {
      const text = readFileSync(file, "utf8");
      if (text.length <= 8 * 1024 && expectSameTree(normalizeContainerSyntax(text))) liftedPages++;
    }
    expect(liftedPages).toBeGreaterThan(100);
  });

  it("are lifted where they are plain", () => {
    const text = [
      "# Title with `code`",
      "Prose right under it, with a [link](/docs/x#y) and `code`.",
      "A second line.",
      "",
      '```ts title="a.ts"',
      "const a = 1;",
      "",
      "```",
      "",
      "- one",
      "- [two](./two)",
      "",
      "| a | b |",
      "|:--|--:|",
      "| `x` |  |",
      "",
      ":::tip[Label]",
      "Inside a container.",
      ":::",
      "",
    ].join("\n");
    const page = liftBlocks(text, "md");
    expect(page?.blocks.map((block) => block.type)).toEqual([
      "heading",
      "paragraph",
      "code",
      "list",
      "table",
      "paragraph",
    ]);
    expect(expectSameTree(text)).toBeDefined();
  });

  it.each([
    ["a text directive (`3:8`, `a:b`)", "At 3:8 it stops.\n", "See a:b here.\n"],
    ["emphasis, escapes, references, tags", "Some *stress*.\n", "A \\* and &amp; and <b>x</b>.\n"],
    ["autolink literals", "Go to www.example.com now.\n", "Mail me@example.com or https://x.dev.\n"],
    ["images and footnotes", "An ![alt](a.png) image.\n", "A call[^1].\n\n[^1]: note\n"],
    ["reference links", "A [ref] and [text][ref].\n\n[ref]: /x\n", "[ref]: /x\n\nA [ref](/y).\n"],
    ["hard breaks", "Line one  \nline two\n", "Line\\\ntwo\n"],
    ["task items and nested lists", "- [ ] task\n- [x] done\n", "- 1. nested\n- b\n"],
    ["loose lists", "- a\n\n- b\n", "- a\n- b\n\n  more of b\n"],
    ["a list that goes on", "- a\n- b\n\n* c\n", "1. a\n2. b\n\n3. c\n"],
    ["setext headings", "Title\n=====\n", "Title\n---\n"],
    ["closing hashes and trailing spaces", "## Title ##\n", "## Title \n"],
    ["ordered-list-like starts", "1.5 seconds pass.\n", "2024) was a year.\n"],
    ["fence closers", "```\ncode\n  ```\n", "```\ncode\n```  \n\nAfter.\n"],
    ["unclosed fences", "```\ncode\n\nNot prose.\n", "~~~\n```\n\nStill code.\n"],
    ["info strings", '```js title="a b"\nx\n```\n', "~~~ `a` b\nx\n~~~\n"],
    ["tables that are not plain", "| a | b |\n|---|\n| c |\n", "| a |\n|---|\n| `x|y` |\n"],
    ["table rows that go on", "| a |\n|---|\n| b |\nmore\n", "| a | b |\n|---|---|\n| c |\n"],
    ["HTML blocks over blank lines", "<!--\n\nInside.\n\n-->\n\nAfter.\n", "<pre>\n\nInside.\n</pre>\n"],
    ["a placeholder written by the author", "<!--quire:lifted-->\n\nProse.\n", "Prose.\n\n<!--quire:lifted-->\n"],
    ["non-breaking-space lines", "\u00a0\nProse after.\n", "Prose.\n\u00a0\nMore.\n"],
    ["carriage returns", "Prose.\r\n\r\nMore.\r\n", "# A\r\nB\r\n"],
    ["wide characters", "Emoji 🎉 and `código` — [ünï](/ü).\n", "日本語の文。\n\n## 見出し\n"],
    ["a fence a list item opened", "- a\n\n  ```\n  x\n\nPara\n  ```\n\nLater.\n", "- a\n  ```\n\nP\n"],
    ["container directives", "::::tip\ntext\n:::\nmore\n::::\n", ":::tip\n:::note\ninner\n:::\nouter\n:::\n"],
    [
      "container openers that are not",
      ":::tip{bad\ntext\n:::\n",
      "text\n:::\n\nafter\n",
      "- x\n:::tip{bad\n\n- a\n- b\n",
    ],
    ["a container closed inside code", ":::tip\n```\n:::\n```\n:::\n", ":::tip\n- a\n:::\n"],
    ["blockquotes and lazy lines", "> quote\nlazy\n\nProse.\n", "> quote\n# Heading\nProse.\n"],
    ["indented code", "    code\n\nProse.\n", "Prose.\n    not code\n"],
  ])("match micromark on %s", (_name, ...texts) => {
    for (const text of texts) expectSameTree(text);
  });

  it.each([
    ["imports and exports", false, "import X from './x.js'\n\nProse.\n", "export const a = 1\n\n# Title\n"],
    ["expressions", false, "Prose {1 + 1} here.\n", "{\n\nProse inside.\n\n}\n\nAfter.\n"],
    [
      "JSX around prose",
      true,
      "<Tabs>\n\nProse.\n\n- a\n\n</Tabs>\n",
      '<Card title="x" {...rest}>\n\n## In\n\n</Card>\n',
    ],
    [
      "estree after lifted blocks",
      true,
      "# A\n\nProse.\n\n<Note kind={`x`} n={1}>\n  Text {a}\n</Note>\n\n{/* c */}\n",
      "P.\n\nexport const x = {\n  a: 1,\n}\n",
    ],
    ["a placeholder written by the author", false, "{/*quire:lifted*/}\n\nProse.\n", "Prose.\n\n{/*quire:lifted*/}\n"],
    ["heading ids", false, "## Title {#custom}\n\nProse.\n", "Prose {#x}.\n"],
  ])("match micromark in MDX on %s", (_name, lifts, ...texts) => {
    for (const text of texts) {
      const tree = expectSameTree(text, "mdx");
      if (lifts) expect(tree, text).toBeDefined();
    }
  });

  it("match micromark on pages put together at random", { timeout: 120_000 }, () => {
    const pieces = [
      "Plain prose with `code` and a [link](/a).",
      "More prose: a colon, then 1:1 and std::vector.",
      "# Heading",
      "## Heading with `code`",
      "```js",
      "```",
      "~~~",
      "code line",
      "- item",
      "* item",
      "1. item",
      "2) item",
      "  indented",
      "    four spaces",
      "| a | b |",
      "|---|:-:|",
      "| `c` | d |",
      ":::tip",
      ":::tip{bad",
      ":::note[Label]",
      ":::",
      "::::",
      "> quoted",
      "<!-- comment",
      "-->",
      "<div>",
      "---",
      "===",
      "[ref]: /x",
      "A [ref] here.",
      "Some *emphasis*.",
      "<Tabs>",
      "</Tabs>",
      '<Card title="t" n={2}>',
      "</Card>",
      "{/* note */}",
      "An {expression} in prose.",
      "import A from './a.js'",
      "",
      "",
      "",
    ];
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    let liftedPages = 0;
    for (let page = 0; page < 1200; page++) {
      const lines = Array.from({ length: 4 + Math.floor(random() * 14) }, () => {
        return pieces[Math.floor(random() * pieces.length)]!;
      });
      const text = `${lines.join("\n")}\n`;
      if (expectSameTree(text)) liftedPages++;
      expectSameTree(text, "mdx");
    }
    expect(liftedPages).toBeGreaterThan(300);
  });
});
