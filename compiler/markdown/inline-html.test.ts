import { describe, expect, it } from "vitest";
import { applyTextEdits } from "../content/text-edits.ts";
import { toAgentMarkdown } from "./agent-markdown.ts";
import { inlineHtmlEdits } from "./inline-html.ts";
import { parseBody } from "./parse.ts";

function tree(source: string) {
  const { tree, messages } = parseBody(source, "md", "page.md", "docs/page.md");
  if (!tree) throw new Error(messages.map((m) => m.reason).join("\n"));
  return tree;
}

/** The agent Markdown of a re-serialized page, and the edited source of a plain one: both must say the same. */
const serialized = (source: string) => toAgentMarkdown(tree(source));
const edited = (source: string) => applyTextEdits(source, inlineHtmlEdits(tree(source), source)).trim();

describe("inline raw HTML in a .md page's agent Markdown", () => {
  it("writes an <a> inside a sentence as a Markdown link, in the sentence", () => {
    const source = `Read the <a href="/docs/guide" title="The guide">guide</a> first.\n`;
    expect(serialized(source)).toBe(`Read the [guide](/docs/guide "The guide") first.`);
    expect(edited(source)).toBe(`Read the [guide](/docs/guide "The guide") first.`);
  });

  it("writes <code> as inline code, and a link inside it as a link around the code", () => {
    expect(serialized(`Set <code>port</code> or <code><a href="/docs/cfg">root</a></code>.\n`)).toBe(
      "Set `port` or [`root`](/docs/cfg).",
    );
    expect(edited(`Set <code>port</code> now.\n`)).toBe("Set `port` now.");
  });

  it("keeps other inline tags inline instead of splitting the paragraph into blocks", () => {
    expect(serialized(`Press <kbd>Ctrl</kbd>+<kbd>C</kbd> or see <a href="/x">x</a>.\n`)).toBe(
      "Press <kbd>Ctrl</kbd>+<kbd>C</kbd> or see [x](/x).",
    );
  });

  it("leaves an <a> without href, an unclosed one and block HTML as written", () => {
    const source = `An <a name="top">anchor</a> and <a href="/x">open.\n\n<div><a href="/y">block</a></div>\n`;
    expect(edited(source)).toBe(source.trim());
    expect(serialized(source)).toContain(`<a name="top">anchor</a>`);
    expect(serialized(source)).toContain(`<div><a href="/y">block</a></div>`);
  });

  it("puts a destination with spaces in angle brackets", () => {
    expect(edited(`See <a href="/my page">it</a>.\n`)).toBe("See [it](</my page>).");
  });
});
