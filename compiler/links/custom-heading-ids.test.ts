import type { Heading, Root } from "mdast";
import remarkMdx from "remark-mdx";
import remarkParse from "remark-parse";
import { toString } from "mdast-util-to-string";
import { unified } from "unified";
import { describe, expect, it } from "vitest";
import { applyTextEdits } from "../content/text-edits.ts";
import { assignHeadingIds } from "../markdown/headings.ts";
import { protectHeadingIds, takeCustomHeadingIds } from "./custom-heading-ids.ts";

function headings(text: string, mdx = false) {
  const source = mdx ? protectHeadingIds(text) : text;
  const tree = (mdx ? unified().use(remarkParse).use(remarkMdx) : unified().use(remarkParse)).parse(source) as Root;
  const edits = takeCustomHeadingIds(tree, source);
  const toc = assignHeadingIds(tree, 3);
  const list = tree.children
    .filter((n): n is Heading => n.type === "heading")
    .map((h) => [toString(h), h.data?.hProperties?.id]);
  return { list, toc, text: applyTextEdits(source, edits) };
}

describe("{#custom-id} headings", () => {
  it("takes the id out of the text into the heading id, TOC and .md text", () => {
    const result = headings("## Install the CLI {#install}\n\n## Options\n\n### `--port` {#port}\n");
    expect(result.list).toEqual([
      ["Install the CLI", "install"],
      ["Options", "options"],
      ["--port", "port"],
    ]);
    expect(result.toc).toEqual([
      { depth: 2, text: "Install the CLI", id: "install" },
      { depth: 2, text: "Options", id: "options" },
      { depth: 3, text: "--port", id: "port" },
    ]);
    expect(result.text).toBe("## Install the CLI\n\n## Options\n\n### `--port`\n");
  });

  it("keeps generated slugs from repeating a custom id", () => {
    expect(headings("## Setup\n\n## Other {#setup}\n").list).toEqual([
      ["Setup", "setup-1"],
      ["Other", "setup"],
    ]);
  });

  it("parses in MDX, where {#id} would be an expression, but not inside code fences", () => {
    const result = headings("## Keys {#keys}\n\n```md\n## Example {#not-an-id}\n```\n", true);
    expect(result.list).toEqual([["Keys", "keys"]]);
    expect(result.text).toBe("## Keys\n\n```md\n## Example {#not-an-id}\n```\n");
  });

  it("leaves other braces alone", () => {
    expect(headings("## Use {#} and {x}\n").list).toEqual([["Use {#} and {x}", "use--and-x"]]);
  });
});
