import type { Root } from "mdast";
import type { MdxJsxFlowElement } from "mdast-util-mdx-jsx";
import { toString } from "mdast-util-to-string";
import { describe, expect, it } from "vitest";
import { lowerAdmonitions } from "./admonitions.ts";
import { staticAttribute } from "./jsx-attributes.ts";
import { parseBody } from "./parse.ts";

function lower(source: string, syntax: "md" | "mdx" = "md") {
  const { tree, file } = parseBody(source, syntax, `page.${syntax}`, `docs/page.${syntax}`);
  if (!tree) throw new Error("does not parse");
  const result = lowerAdmonitions(tree, String(file.value), `docs/page.${syntax}`);
  const callouts = (tree.children as Root["children"]).filter(
    (n): n is MdxJsxFlowElement => n.type === "mdxJsxFlowElement",
  );
  return {
    tree,
    result,
    callouts: callouts.map((c) => ({
      type: staticAttribute(c, "type"),
      title: staticAttribute(c, "title"),
      text: toString(c).trim(),
    })),
  };
}

describe("admonitions become Callout elements", () => {
  it("reads directives with a label, with a title attribute and without either", () => {
    const { callouts, result } = lower(
      ':::tip[Pick a *port*]\nBody one.\n:::\n\n:::note{title="From attr"}\nBody two.\n:::\n\n:::danger\nBody three.\n:::\n',
    );
    expect(callouts).toEqual([
      { type: "tip", title: "Pick a port", text: "Body one." },
      { type: "note", title: "From attr", text: "Body two." },
      { type: "danger", title: undefined, text: "Body three." },
    ]);
    expect(result.changed).toBe(true);
  });

  it("reads VitePress containers with a space and a bare title, but not inside code fences", () => {
    const { callouts, tree } = lower(
      "::: warning Back up [first]\nText.\n:::\n\n```md\n::: tip Not a container\n```\n\n::: details\nHidden.\n:::\n",
    );
    expect(callouts).toEqual([
      { type: "warning", title: "Back up [first]", text: "Text." },
      { type: "details", title: undefined, text: "Hidden." },
    ]);
    expect(tree.children.find((n) => n.type === "code")).toMatchObject({ value: "::: tip Not a container" });
  });

  it("reads GitHub alerts in any case, with a title after the marker, and leaves other quotes alone", () => {
    const { callouts, tree } = lower(
      "> [!NOTE]\n> Read *this*.\n\n> [!caution] Careful now\n> Second.\n\n> Just a quote.\n\n> [!BOGUS]\n> Stays a quote.\n",
    );
    expect(callouts).toEqual([
      { type: "note", title: undefined, text: "Read this." },
      { type: "caution", title: "Careful now", text: "Second." },
    ]);
    expect(tree.children.filter((n) => n.type === "blockquote")).toHaveLength(2);
  });

  it("maps the other tools' names onto Callout types", () => {
    const names = ["info", "important", "warn", "hint", "error", "success"];
    const { callouts } = lower(names.map((n) => `:::${n}\nx\n:::\n`).join("\n"));
    expect(callouts.map((c) => c.type)).toEqual(["info", "important", "warning", "tip", "error", "success"]);
  });

  it("works in MDX pages too", () => {
    expect(lower(":::tip[In MDX]\nText with {1 + 1}.\n:::\n", "mdx").callouts).toEqual([
      { type: "tip", title: "In MDX", text: "Text with 1 + 1." },
    ]);
  });

  it("puts text that only looked like a directive back as it was written", () => {
    const { tree, result } = lower("Meet at 10:30, see Note:this and :abbr[HTML]{title=x}.\n\n::leaf[x]\n");
    expect(toString(tree)).toBe("Meet at 10:30, see Note:this and :abbr[HTML]{title=x}.::leaf[x]");
    expect(result.changed).toBe(false);
  });

  it("warns about an unknown container at its position, with the closest name, and keeps its content", () => {
    const { result, tree, callouts } = lower("Intro.\n\n:::tipp\nKept.\n:::\n");
    expect(callouts).toEqual([]);
    expect(toString(tree)).toContain("Kept.");
    expect(result.messages).toEqual([
      expect.objectContaining({
        rule: "markdown/unknown-admonition",
        severity: "warning",
        line: 3,
        column: 1,
        reason: expect.stringContaining("did you mean `tip`?"),
      }),
    ]);
  });
});
