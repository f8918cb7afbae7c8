import { describe, expect, it } from "vitest";
import { assignHeadingIds } from "./headings.ts";
import { parseBody } from "./parse.ts";

describe("assignHeadingIds", () => {
  it("slugs headings GitHub-style and lists depth 2 to the TOC depth", () => {
    const { tree } = parseBody("## Install it\n\n### Install it\n\n#### Deep\n", "md", "page.md", "docs/page.md");
    expect(assignHeadingIds(tree!, 3)).toEqual([
      { depth: 2, text: "Install it", id: "install-it" },
      { depth: 3, text: "Install it", id: "install-it-1" },
    ]);
  });

  it("names a heading made only of components after their title or label, not an empty entry", () => {
    const { tree } = parseBody(
      `### <LinkCard title="Setup guide" href="/docs/setup" />\n\n## <Badge label="beta" />\n`,
      "mdx",
      "page.mdx",
      "docs/page.mdx",
    );
    expect(assignHeadingIds(tree!, 3)).toEqual([
      { depth: 3, text: "Setup guide", id: "setup-guide" },
      { depth: 2, text: "beta", id: "beta" },
    ]);
  });
});
