/** The agent Markdown takes blocks as written where it may, and says the same as the whole tree serialized. */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Root } from "mdast";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import { unified } from "unified";
import { describe, expect, it } from "vitest";
import { parseFrontmatter } from "../content/frontmatter.ts";
import { pageBodyText } from "../model/body-text.ts";
import { toAgentMarkdown } from "./agent-markdown.ts";
import { projectAudience } from "./audience.ts";
import { lowerForeignSyntax } from "./foreign-syntax.ts";
import { parseBody } from "./parse.ts";
import { writtenBlocks } from "./written-blocks.ts";

/** The page's agent Markdown serialized whole, and with its blocks taken as written where they may be. */
function agentMarkdown(source: string, syntax: "md" | "mdx" = "mdx") {
  const file = `docs/page.${syntax}`;
  const body = pageBodyText({ syntax }, parseFrontmatter(source, file).body);
  const parsed = parseBody(body, syntax, file, file);
  if (!parsed.tree) throw new Error(parsed.messages.map((m) => m.reason).join("\n"));
  lowerForeignSyntax(parsed.tree, parsed.file, syntax, file);
  const written = writtenBlocks(parsed.tree, String(parsed.file.value), [], syntax);
  return {
    whole: toAgentMarkdown(projectAudience(parsed.tree, "agent")),
    kept: toAgentMarkdown(projectAudience(parsed.tree, "agent"), {}, written),
  };
}

const reader = unified().use(remarkParse).use(remarkGfm);

/** What a Markdown reader makes of a text: its tree without positions. */
function read(markdown: string): unknown {
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (!value || typeof value !== "object") return value;
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => key !== "position")
        .map(([key, v]) => [key, strip(v)]),
    );
  };
  return strip(reader.parse(markdown));
}

const topTypes = (markdown: string) => (reader.parse(markdown) as Root).children.map((node) => node.type);

describe("blocks taken as written", () => {
  it("keeps the author's text around a component, and lowers only the component", () => {
    const source = [
      "Run *this* first, with **care**:",
      "",
      "* one",
      "* two",
      "",
      '<Callout type="tip">Lowered.</Callout>',
      "",
      "| a | b |",
      "|---|:-:|",
      "| 1 | 2 |",
      "",
    ].join("\n");
    const { whole, kept } = agentMarkdown(source);
    expect(kept).toBe(
      "Run *this* first, with **care**:\n\n* one\n* two\n\n> **Tip:** Lowered.\n\n| a | b |\n|---|:-:|\n| 1 | 2 |",
    );
    expect(whole).toContain("Run _this_ first");
    expect(read(kept)).toEqual(read(whole));
  });

  it("keeps the white space between two blocks as written, and a blank line around serialized ones", () => {
    const { kept } = agentMarkdown("## Title\nText under it.\n\n\n\nAfter three blank lines.\n\n<Steps />\n\nEnd.\n");
    expect(kept).toBe("## Title\nText under it.\n\n\n\nAfter three blank lines.\n\nEnd.");
  });

  it("serializes a list that would run into the list a component lowers to", () => {
    const source = '<Cards>\n  <Card title="A" href="/a" />\n</Cards>\n\n- one\n- two\n\nAfter.\n';
    const { whole, kept } = agentMarkdown(source);
    expect(topTypes(kept)).toEqual(["list", "list", "paragraph"]);
    expect(read(kept)).toEqual(read(whole));
  });

  it("serializes a list that a component's list follows", () => {
    const source = '- one\n- two\n\n<Cards>\n  <Card title="A" href="/a" />\n</Cards>\n';
    const { whole, kept } = agentMarkdown(source);
    expect(topTypes(kept)).toEqual(["list", "list"]);
    expect(read(kept)).toEqual(read(whole));
  });

  it("serializes an MDX paragraph indented by four spaces, which Markdown would read as code", () => {
    const { whole, kept } = agentMarkdown("Intro.\n\n    Not code in MDX.\n\n<Steps />\n");
    expect(topTypes(kept)).toEqual(["paragraph", "paragraph"]);
    expect(read(kept)).toEqual(read(whole));
  });

  it("keeps the indentation of every line of an indented block", () => {
    const { whole, kept } = agentMarkdown("<Steps />\n\nFirst.\n\n  - a\n  - b\n    - c\n", "md");
    expect(kept).toContain("  - a\n  - b\n    - c");
    expect(read(kept)).toEqual(read(whole));
  });

  it("serializes a heading underlined with === or ---, so the agent search still splits sections there", () => {
    const { whole, kept } = agentMarkdown("Install\n-------\n\nRun *it*.\n\n<Steps />\n");
    expect(kept).toBe("## Install\n\nRun *it*.");
    expect(read(kept)).toEqual(read(whole));
  });

  it("keeps the indentation of a first block that is indented", () => {
    const { whole, kept } = agentMarkdown("  - a\n  - b\n    - c\n\n:::tip\nLowered.\n:::\n", "md");
    expect(kept).toBe("  - a\n  - b\n    - c\n\n> **Tip:** Lowered.");
    expect(read(kept)).toEqual(read(whole));
  });

  it("takes the blocks inside an agent block, and leaves out a human block, in plain Markdown", () => {
    const source =
      "<Human>\n\nOnly *people* read this.\n\n</Human>\n\n<Agent>\n\nOnly *agents* read this.\n\n</Agent>\n";
    const { whole, kept } = agentMarkdown(source, "md");
    expect(kept).toBe("Only *agents* read this.");
    expect(read(kept)).toEqual(read(whole));
  });

  it("serializes what the projection changes: notation, inline HTML, glued fence meta", () => {
    const source = [
      "```ts",
      "const a = 1; // [!code ++]",
      "```",
      "",
      'See <a href="https://example.com">the site</a>.',
      "",
      "```ts{1}",
      "const b = 2;",
      "```",
      "",
      "<Steps />",
      "",
    ].join("\n");
    const { whole, kept } = agentMarkdown(source, "md");
    expect(kept).toBe(whole);
    expect(kept).not.toContain("[!code");
  });

  it("applies the page's edits inside a block, and serializes a block an edit crosses", () => {
    const source = "See [the guide](./guide.md).\n\nNext.\n\n<Steps />\n";
    const file = "docs/page.mdx";
    const parsed = parseBody(source, "mdx", file, file);
    const text = String(parsed.file.value);
    const link = text.indexOf("./guide.md");
    const guide = { start: link, end: link + "./guide.md".length, text: "/docs/guide.md" };
    const across = { start: text.indexOf("Next") - 2, end: text.indexOf("Next") + 1, text: "\n\nN" };
    const withEdit = toAgentMarkdown(
      projectAudience(parsed.tree!, "agent"),
      {},
      writtenBlocks(parsed.tree!, text, [guide], "mdx"),
    );
    expect(withEdit).toBe("See [the guide](/docs/guide.md).\n\nNext.");
    const crossing = writtenBlocks(parsed.tree!, text, [across], "mdx");
    expect(crossing.text(parsed.tree!.children[1])).toBeUndefined();
    expect(crossing.text(parsed.tree!.children[0])).toBe("See [the guide](./guide.md).");
  });
});

/** Every page of every fixture site: the Markdown a reader gets is the same either way. */
describe("blocks taken as written, on every fixture page", () => {
  const fixtures = path.resolve(import.meta.dirname, "../../fixtures");
  const pages = readdirSync(fixtures, { recursive: true, encoding: "utf8" })
    .filter((file) => /\.mdx?$/.test(file) && !file.includes("node_modules") && !/(^|\/)dist\//.test(file))
    .filter((file) => !file.startsWith("broken/"));

  it("finds fixture pages", () => {
    expect(pages.length).toBeGreaterThan(100);
  });

  it("reads the same as the serialized tree", () => {
    let taken = 0;
    for (const page of pages) {
      const source = readFileSync(path.join(fixtures, page), "utf8");
      const syntax = page.endsWith(".mdx") ? "mdx" : "md";
      let texts: { whole: string; kept: string };
      try {
        texts = agentMarkdown(source, syntax);
      } catch {
        continue; // a page made to fail (bad MDX) has no agent Markdown
      }
      expect(read(texts.kept), page).toEqual(read(texts.whole));
      if (texts.kept !== texts.whole) taken++;
      // A page saved with CRLF line endings keeps them in its blocks as written, and reads the same.
      const crlf = agentMarkdown(source.replace(/\r?\n/g, "\r\n"), syntax);
      expect(read(crlf.kept), `${page} (CRLF)`).toEqual(read(crlf.whole));
    }
    // Most pages have some block the serializer would write differently.
    expect(taken).toBeGreaterThan(20);
  });
});
