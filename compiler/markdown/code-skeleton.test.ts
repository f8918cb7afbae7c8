/**
 * rehype-pretty-code given skeletons (code-skeleton.ts) writes the same HTML as given Shiki's whole HTML, for every
 * fence shape it reads: titles, captions, highlighted and numbered lines, line ids, empty and blank lines, notation
 * comments, character highlighting (which goes the whole way), inline code with a language or a token, an unknown
 * language, and text that HTML escapes.
 */
import { transformerNotationDiff, transformerNotationFocus, transformerNotationHighlight } from "@shikijs/transformers";
import type { Root } from "hast";
import rehypePrettyCode, { type Options } from "rehype-pretty-code";
import rehypeStringify from "rehype-stringify";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import type { Highlighter } from "shiki";
import { unified } from "unified";
import { beforeAll, describe, expect, it } from "vitest";
import { makeTestConfig } from "../render/html/test-config.ts";
import { rehypeRestoreTokens, skeletonFits, skeletonHtml } from "./code-skeleton.ts";
import { currentHighlighter, prepareHighlighter } from "./highlighter.ts";

const FENCES = [
  "```ts\nconst answer: number = 42;\nexport default answer;\n```",
  '```ts title="retry.ts"\nexport async function retry(times = 3) {\n  return times;\n}\n```',
  '```py caption="The worker loop"\nwhile True:\n    job = queue.get()\n```',
  "```js {1,3-4}\nconst a = 1;\nconst b = 2;\nconst c = 3;\nconst d = 4;\nconst e = 5;\n```",
  "```js {2}#added showLineNumbers\nlet x = 0;\nx += 1;\n```",
  "```bash showLineNumbers{7}\nnpm install\nnpm run build\n```",
  "```ts\nfunction empty() {\n\n  return;\n    \n}\n```",
  "```ts\nconst a = 1; // [!code ++]\nconst b = 2; // [!code --]\nconst c = 3; // [!code focus]\nconst d = 4; // [!code highlight]\n```",
  "```js /answer/ {1}\nconst answer = 42;\nconsole.log(answer);\n```",
  '```js "queue"#q\nconst queue = [];\nqueue.push(1);\n```',
  '```html\n<p class="a">1 &lt; 2 &amp;&amp; 3 > 2</p>\n<!-- a comment -->\n```',
  '```json\n{ "emoji": "🚀", "tab": "\t" }\n```',
  "```notalanguage\nshown as plain text\n```",
  "```\nno language at all\n```",
  "```yaml\n```",
  "Inline `const x = 1{:ts}`, a token `retry{:.entity.name.function}`, and plain `code`.",
];

let highlighter: Highlighter;
let facade: Highlighter;

beforeAll(async () => {
  highlighter = await prepareHighlighter(makeTestConfig().theme, ["bash", "html", "js", "json", "py", "ts", "yaml"]);
  facade = await currentHighlighter();
}, 30_000);

/** `highlighter` with its `codeToHtml` replaced. */
function withCodeToHtml(highlighter: Highlighter, codeToHtml: (code: string, options: object) => string): Highlighter {
  return new Proxy(highlighter, {
    get: (target, property) => (property === "codeToHtml" ? codeToHtml : target[property as keyof Highlighter]),
  });
}

/** Markdown → HTML through rehype-pretty-code with this highlighter and these plugins after it. */
function render(markdown: string, options: Options, after: (() => (tree: Root) => void)[]) {
  const processor = unified().use(remarkParse).use(remarkRehype).use(rehypePrettyCode, options);
  for (const plugin of after) processor.use(plugin);
  return processor.use(rehypeStringify).process(markdown).then(String);
}

describe("code skeletons", () => {
  const { codeBlock } = makeTestConfig().theme;
  const theme = { light: codeBlock.theme, dark: codeBlock.darkTheme };
  const transformers = [transformerNotationDiff(), transformerNotationFocus(), transformerNotationHighlight()];
  const base = { keepBackground: true, defaultLang: { block: "plaintext" }, transformers };

  it("give the same HTML as Shiki's whole output, fence by fence", async () => {
    const handed: string[] = [];
    const skeletons: Options = {
      ...base,
      theme: theme as Options["theme"],
      getHighlighter: async () =>
        withCodeToHtml(facade, (code, options) => {
          const html = facade.codeToHtml(code, options as never);
          handed.push(html);
          return html;
        }),
    };
    // rehype-pretty-code keeps one highlighter per JSON of its theme: a key of its own, the same themes.
    const wholeTheme = Object.defineProperty({ ...theme }, "toJSON", { value: () => "whole", enumerable: false });
    const whole: Options = {
      ...base,
      theme: wholeTheme as Options["theme"],
      // Shiki's own HTML, tokens and all: what rehype-pretty-code parsed before skeletons.
      getHighlighter: async () =>
        withCodeToHtml(highlighter, (code, options) =>
          highlighter.codeToHtml(code, { ...options, tokenizeTimeLimit: 0 } as never),
        ),
    };
    for (const fence of FENCES) {
      const expected = await render(fence, whole, []);
      expect(await render(fence, skeletons, [rehypeRestoreTokens]), fence).toBe(expected);
      expect(expected, fence).not.toContain("data-quire-tokens");
    }
    // The skeletons were used: most blocks went over as one character per line, the `/word/` and `"word"` ones whole.
    expect(handed.filter((html) => html.includes("data-quire-tokens")).length).toBeGreaterThanOrEqual(
      FENCES.length - 5,
    );
    expect(handed.filter((html) => !html.includes("data-quire-tokens")).length).toBeGreaterThanOrEqual(2);
  });

  it("leaves the tokens out without the restoring plugin, so the test above compares something", async () => {
    const html = await render(
      FENCES[0],
      { ...base, theme: theme as Options["theme"], getHighlighter: currentHighlighter },
      [],
    );
    expect(html).toContain("data-quire-tokens");
    // Each line with text went over as one character, the code itself not at all.
    expect(html).toContain('<span data-line="">x</span>');
    expect(html).not.toContain("answer");
  });

  it("fits blocks without character highlighting or HTML post-processing", () => {
    expect(skeletonFits(undefined)).toBe(true);
    expect(skeletonFits("{1,3} showLineNumbers")).toBe(true);
    expect(skeletonFits("/retry/")).toBe(false);
    expect(skeletonFits('"retry"#r')).toBe(false);
    expect(skeletonFits("", [{ postprocess: () => "" }])).toBe(false);
  });

  it("fails a block whose tokens are gone rather than leave it without colours", async () => {
    const tree = facade.codeToHast("let a = 1;", { lang: "ts", themes: theme } as never) as Root;
    skeletonHtml(tree);
    const code = (tree.children[0] as { children: Root["children"] }).children[0] as never as {
      properties: Record<string, unknown>;
    };
    code.properties.dataQuireTokens = "no such id";
    expect(() => rehypeRestoreTokens()(tree)).toThrow(/no such id: 1 lines, none parked/);
  });
});
