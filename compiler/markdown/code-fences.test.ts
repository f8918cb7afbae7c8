import type { Code } from "mdast";
import { describe, expect, it } from "vitest";
import type { BuildMessage } from "../diagnostics.ts";
import { firstUsePerLanguage, prepareCodeFences, stripCodeNotation } from "./code-fences.ts";
import { parseBody } from "./parse.ts";

function fences(source: string) {
  const { tree } = parseBody(source, "md", "page.md", "docs/page.md");
  const prepared = prepareCodeFences(tree!, "docs/page.md");
  return { tree: tree!, prepared, codes: tree!.children.filter((n): n is Code => n.type === "code") };
}

describe("code fences", () => {
  it("splits highlight ranges glued to the language into the meta", () => {
    const { codes } = fences('```js{1,3-5}\nx\n```\n\n```ts{2} title="a.ts"\ny\n```\n\n```ts {1}\nz\n```\n');
    expect(codes.map((c) => [c.lang, c.meta])).toEqual([
      ["js", "{1,3-5}"],
      ["ts", '{2} title="a.ts"'],
      ["ts", "{1}"],
    ]);
  });

  it("warns once per unknown language in a page, at its first fence, with the closest known name", () => {
    const { prepared } = fences(
      "```text\nplain\n```\n\n```markdoc\na\n```\n\n```markdoc\nb\n```\n\n```yml\nok: 1\n```\n",
    );
    expect(prepared.messages).toEqual([
      expect.objectContaining({
        rule: "code/unknown-language",
        line: 5,
        column: 1,
        reason: expect.stringContaining("`markdoc` — did you mean `markdown`?"),
      }),
    ]);
  });

  it("keeps only the first report of a language across pages", () => {
    const report = (file: string, lang: string): BuildMessage => ({
      severity: "warning",
      rule: "code/unknown-language",
      file,
      line: 1,
      reason: `unknown code language \`${lang}\``,
    });
    const other: BuildMessage = { severity: "error", rule: "mdx/invalid", file: "docs/b.mdx", reason: "x" };
    expect(
      firstUsePerLanguage([
        report("docs/a.md", "dot"),
        other,
        report("docs/b.md", "dot"),
        report("docs/b.md", "markdoc"),
      ]),
    ).toEqual([report("docs/a.md", "dot"), other, report("docs/b.md", "markdoc")]);
  });

  it("notices notation comments and removes them, in any comment style, for the agent copy", () => {
    const { tree, prepared } = fences(
      "```ts\nconst a = 1; // [!code ++]\nconst b = 2; // [!code --]\nrun(); // [!code focus]\n```\n\n```sh\necho hi # [!code highlight]\n```\n\n```html\n<p>x</p> <!-- [!code ++] -->\n```\n",
    );
    expect(prepared.notation).toBe(true);
    stripCodeNotation(tree);
    expect(tree.children.map((c) => (c as Code).value)).toEqual([
      "const a = 1;\nconst b = 2;\nrun();",
      "echo hi",
      "<p>x</p>",
    ]);
  });
});
