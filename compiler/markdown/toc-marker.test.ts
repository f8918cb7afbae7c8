import { describe, expect, it } from "vitest";
import { parseBody } from "./parse.ts";
import { dropTocMarkers } from "./toc-marker.ts";

const parsed = (source: string, syntax: "md" | "mdx" = "md") =>
  parseBody(source, syntax, "page.md", "docs/page.md").tree!;

describe("dropTocMarkers", () => {
  it("drops VitePress's [[toc]] line, in Markdown and MDX", () => {
    for (const syntax of ["md", "mdx"] as const) {
      const tree = parsed("# Title\n\n[[toc]]\n\n## One\n", syntax);
      expect(dropTocMarkers(tree)).toBe(true);
      expect(tree.children.map((n) => n.type)).toEqual(["heading", "heading"]);
    }
  });

  it("keeps [[toc]] inside a sentence, in code, or anywhere else than a line of its own", () => {
    const tree = parsed("See [[toc]] here.\n\n`[[toc]]`\n\n```md\n[[toc]]\n```\n\n> [[toc]]\n");
    expect(dropTocMarkers(tree)).toBe(false);
    expect(tree.children.map((n) => n.type)).toEqual(["paragraph", "paragraph", "code", "blockquote"]);
  });
});
