import { describe, expect, it } from "vitest";
import { htmlCommentsAsMdx } from "./mdx-comments.ts";
import { parseBody } from "./parse.ts";

describe("htmlCommentsAsMdx", () => {
  it("writes comments as MDX comments of the same length, across lines too", () => {
    const text = "Text <!-- a note --> more.\n\n<!--\nA paragraph put aside.\n-->\n\n<!-- truncate -->\n";
    const rewritten = htmlCommentsAsMdx(text);
    expect(rewritten).toBe("Text {/*  a note */} more.\n\n{/* \nA paragraph put aside.\n*/}\n\n{/*  truncate */}\n");
    expect(rewritten.length).toBe(text.length);
  });

  it("leaves an HTML comment inside an MDX comment alone, on one line or across lines", () => {
    const text = "A {/* old: <!-- x --> */} b.\n\n{/*\n<!-- kept -->\n*/}\n\nThen <!-- y --> c.\n";
    expect(htmlCommentsAsMdx(text)).toBe(
      "A {/* old: <!-- x --> */} b.\n\n{/*\n<!-- kept -->\n*/}\n\nThen {/*  y */} c.\n",
    );
    expect(parseBody(text, "mdx", "page.mdx", "docs/page.mdx").messages).toEqual([]);
  });

  it("leaves comments in fenced code and code spans alone", () => {
    const text = [
      "Write `<!-- x -->` or ``a `<!--` b``.",
      "",
      "```html",
      "<!-- fenced -->",
      "```",
      "",
      "~~~",
      "<!-- tilde -->",
      "~~~",
    ].join("\n");
    expect(htmlCommentsAsMdx(text)).toBe(text);
  });

  it("lets an MDX page with HTML comments parse, its nodes where they were written", () => {
    const body = "# Title\n\n<!-- hidden\n\nstill hidden -->\n\nShown <!-- inline --> here.\n";
    const parsed = parseBody(body, "mdx", "page.mdx", "docs/page.mdx");
    expect(parsed.messages).toEqual([]);
    const paragraph = parsed.tree!.children.find((node) => node.type === "paragraph")!;
    expect(paragraph.position?.start).toEqual({ line: 7, column: 1, offset: body.indexOf("Shown") });
    expect(parsed.tree!.children.map((node) => node.type)).toEqual(["heading", "mdxFlowExpression", "paragraph"]);
    // A `.md` page keeps its comments as HTML.
    expect(parseBody(body, "md", "page.md", "docs/page.md").tree!.children.map((node) => node.type)).toEqual([
      "heading",
      "html",
      "paragraph",
    ]);
  });
});
