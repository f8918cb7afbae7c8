import type { Root } from "mdast";
import remarkMdx from "remark-mdx";
import remarkParse from "remark-parse";
import { unified } from "unified";
import { describe, expect, it } from "vitest";
import { applyTextEdits } from "./text-edits.ts";
import { takePageTitle } from "./page-title.ts";

const parse = (text: string, mdx = false) =>
  (mdx ? unified().use(remarkParse).use(remarkMdx) : unified().use(remarkParse)).parse(text) as Root;

function title(text: string, frontmatterTitle?: string, mdx = false) {
  const tree = parse(text, mdx);
  const result = takePageTitle(tree, frontmatterTitle, "docs/a.md");
  return {
    ...result,
    blocks: tree.children.map((n) => n.type),
    text: result.edit ? applyTextEdits(text, [result.edit]).trim() : text.trim(),
  };
}

describe("takePageTitle", () => {
  it("takes the title from the leading # heading and removes it from tree and text", () => {
    const result = title("# Install *Lantern*\n\nBody.\n");
    expect(result).toMatchObject({ title: "Install Lantern", blocks: ["paragraph"], text: "Body.", messages: [] });
  });

  it("skips imports, exports and comments before the heading, and reads a setext H1", () => {
    expect(title(`import X from "./x.tsx"\n\n# Setup\n\nBody.\n`, undefined, true)).toMatchObject({
      title: "Setup",
      blocks: ["mdxjsEsm", "paragraph"],
    });
    expect(title("<!-- migrated -->\n\nSetup\n=====\n\nBody.\n")).toMatchObject({
      title: "Setup",
      blocks: ["html", "paragraph"],
    });
  });

  it("removes a leading H1 that says the frontmatter title", () => {
    const same = title("# Guide\n\nBody.\n", "Guide");
    expect(same).toMatchObject({ title: "Guide", blocks: ["paragraph"], text: "Body." });
    expect(same.heading).toBeUndefined();
  });

  it("shows a leading H1 that says something else as the page's heading, as Docusaurus does", () => {
    expect(title("# Redux `FAQ`\n\nBody.\n", "FAQ Index")).toMatchObject({
      title: "FAQ Index",
      heading: "Redux FAQ",
      blocks: ["paragraph"],
      text: "Body.",
    });
  });

  it("does not take a heading that follows content, or a deeper one", () => {
    expect(title("Intro.\n\n# Later\n", "T")).toMatchObject({ blocks: ["paragraph", "heading"] });
    expect(title("## Section\n").messages.map((m) => [m.rule, m.line, m.column])).toEqual([["content/no-title", 1, 1]]);
  });

  it("fails a page with neither a title nor a leading heading", () => {
    const result = title("Just text.\n");
    expect(result.title).toBeUndefined();
    expect(result.messages).toEqual([
      expect.objectContaining({ severity: "error", rule: "content/no-title", file: "docs/a.md" }),
    ]);
  });
});
