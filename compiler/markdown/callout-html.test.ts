import type { Root } from "mdast";
import { h, type ComponentChildren } from "preact";
import { describe, expect, it } from "vitest";
import { lowerAdmonitions } from "./admonitions.ts";
import { calloutsToHtml } from "./callout-html.ts";
import { builtInComponents } from "./components/index.ts";
import { parseBody } from "./parse.ts";

function lowered(source: string): Root {
  const { tree, file } = parseBody(source, "md", "page.md", "docs/page.md");
  lowerAdmonitions(tree!, String(file.value), "docs/page.md");
  return tree!;
}

const html = (tree: Root) => tree.children.filter((n) => n.type === "html").map((n) => (n as { value: string }).value);

describe("admonitions in .md pages render through the site's Callout", () => {
  it("wraps the Markdown content in the built-in Callout's markup, leaving the tree it was given alone", () => {
    const tree = lowered(":::tip[Port]\nThe **port**.\n:::\n");
    const out = calloutsToHtml(tree, builtInComponents);
    const [open, close] = html(out);
    expect(open).toMatch(
      /^<div class="q-callout" data-type="tip" role="note">.*<p class="q-callout-title">Port<\/p><div class="q-callout-content">$/,
    );
    expect(close).toBe("</div></div></div>");
    expect(out.children[1]).toMatchObject({ type: "paragraph" });
    expect(tree.children[0]).toMatchObject({ type: "mdxJsxFlowElement", name: "Callout" });
  });

  it("uses a Callout the config replaces, and nests callouts", () => {
    const Custom = ({ type, title, children }: { type?: string; title?: string; children?: ComponentChildren }) =>
      h("aside", { class: `mine-${type}` }, h("b", null, title ?? "untitled"), children);
    const out = calloutsToHtml(lowered("::::warning[Outer]\n:::note\nInner.\n:::\n::::\n"), {
      ...builtInComponents,
      Callout: Custom,
    });
    expect(html(out)).toEqual([
      `<aside class="mine-warning"><b>Outer</b>`,
      `<aside class="mine-note"><b>untitled</b>`,
      "</aside>",
      "</aside>",
    ]);
  });

  it("keeps the content after the box when a replacement Callout drops its children", () => {
    const out = calloutsToHtml(lowered(":::info\nStill shown.\n:::\n"), { Callout: () => h("hr", null) });
    expect(html(out)).toEqual(["<hr/>"]);
    expect(out.children.map((child) => child.type)).toEqual(["html", "paragraph"]);
  });
});
