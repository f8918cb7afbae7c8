/**
 * Code blocks highlighted from Shiki's tree (code-blocks.ts) come out byte for byte as rehype-pretty-code writes them
 * from Shiki's whole HTML, for every fence shape it reads; the blocks it leaves (`/word/`, `"word"`) and inline code
 * with a language still go through rehype-pretty-code, and come out the same too.
 */
import { transformerNotationDiff, transformerNotationFocus, transformerNotationHighlight } from "@shikijs/transformers";
import type { Element, Root } from "hast";
import rehypePrettyCode, { type Options } from "rehype-pretty-code";
import rehypeStringify from "rehype-stringify";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import type { Highlighter } from "shiki";
import { unified, type PluggableList } from "unified";
import { beforeAll, describe, expect, it } from "vitest";
import { makeTestConfig } from "../render/html/test-config.ts";
import { type CodeBlockOptions, rehypeCodeBlocks } from "./code-blocks.ts";
import { rehypeRestoreTokens } from "./code-skeleton.ts";
import { currentHighlighter, prepareHighlighter } from "./highlighter.ts";
import { rehypePrettyCodeOnCode } from "./pretty-code-on-code.ts";
import { walk } from "./walk.ts";

const FENCES = [
  "```ts\nconst answer: number = 42;\nexport default answer;\n```",
  '```ts title="retry.ts"\nexport async function retry(times = 3) {\n  return times;\n}\n```',
  '```py caption="The worker loop"\nwhile True:\n    job = queue.get()\n```',
  '```ts title="a.ts" caption="Both"\nlet a = 1;\n```',
  "```js {1,3-4}\nconst a = 1;\nconst b = 2;\nconst c = 3;\nconst d = 4;\nconst e = 5;\n```",
  "```js {2}#added {4}#removed showLineNumbers\nlet x = 0;\nx += 1;\nx += 2;\nx -= 1;\n```",
  "```bash showLineNumbers{7}\nnpm install\nnpm run build\n```",
  "```bash {1..2} showLineNumbers{98}\n" + "echo line\n".repeat(4) + "```",
  "```ts\nfunction empty() {\n\n  return;\n    \n}\n```",
  "```ts {2}\nconst a = 1; // [!code ++]\nconst b = 2; // [!code --]\nconst c = 3; // [!code focus]\nconst d = 4; // [!code highlight]\n```",
  "```js /answer/ {1}\nconst answer = 42;\nconsole.log(answer);\n```",
  '```js "queue"#q\nconst queue = [];\nqueue.push(1);\n```',
  '```html\n<p class="a">1 &lt; 2 &amp;&amp; 3 > 2</p>\n<!-- a comment -->\n```',
  '```json\n{ "emoji": "🚀", "tab": "\t" }\n```',
  "```notalanguage {1}\nshown as plain text\n```",
  "```\nno language at all\n```",
  "```yaml\n```",
  "```ts\n\n\n```",
  "- in a list:\n\n  ```ts\n  const nested = true;\n  ```\n\n> ```bash\n> echo quoted\n> ```",
  "Inline `const x = 1{:ts}`, a token `retry{:.entity.name.function}`, and plain `code`.",
];

const LANGUAGES = ["bash", "html", "js", "json", "py", "ts", "yaml"];
let highlighter: Highlighter;

beforeAll(async () => {
  highlighter = await prepareHighlighter(makeTestConfig().theme, LANGUAGES);
}, 30_000);

const { codeBlock } = makeTestConfig().theme;
const themes = { light: codeBlock.theme, dark: codeBlock.darkTheme };
const transformers = [transformerNotationDiff(), transformerNotationFocus(), transformerNotationHighlight()];

/** rehype-pretty-code given Shiki's whole HTML: what it wrote before skeletons and this plugin. */
function wholeOptions(): Options {
  // rehype-pretty-code keeps one highlighter per JSON of its theme: a key of its own, the same themes.
  const theme = Object.defineProperty({ ...themes }, "toJSON", { value: () => "whole-blocks", enumerable: false });
  const whole = new Proxy(highlighter, {
    get: (target, property) =>
      property === "codeToHtml"
        ? (code: string, options: object) => target.codeToHtml(code, { ...options, tokenizeTimeLimit: 0 } as never)
        : target[property as keyof Highlighter],
  });
  return {
    keepBackground: true,
    defaultLang: { block: "plaintext" },
    transformers,
    theme: theme as Options["theme"],
    getHighlighter: async () => whole,
  };
}

function render(markdown: string, plugins: PluggableList): Promise<string> {
  return unified().use(remarkParse).use(remarkRehype).use(plugins).use(rehypeStringify).process(markdown).then(String);
}

describe("rehypeCodeBlocks", () => {
  const options: CodeBlockOptions = {
    themes,
    transformers,
    defaultLanguage: "plaintext",
    highlighter: currentHighlighter,
  };
  const prettyCode: Options = {
    keepBackground: true,
    defaultLang: { block: "plaintext" },
    transformers,
    theme: themes as Options["theme"],
    getHighlighter: currentHighlighter,
  };

  it("writes what rehype-pretty-code writes from Shiki's whole HTML, fence by fence", async () => {
    let figures = 0;
    const countFigures = () => (tree: Root) =>
      walk<Element>(tree, "element", (element) => {
        if (element.tagName === "figure") figures++;
      });
    for (const fence of FENCES) {
      const expected = await render(fence, [[rehypePrettyCode, wholeOptions()]]);
      const actual = await render(fence, [
        [rehypeCodeBlocks, options],
        countFigures,
        [rehypePrettyCodeOnCode, prettyCode],
        rehypeRestoreTokens,
      ]);
      expect(actual, fence).toBe(expected);
    }
    // The blocks were this plugin's, but for the two with character highlighting and the math-less inline code.
    expect(figures).toBe(FENCES.length - 3 + 1);
  });

  it("writes the same with each line's tokens as HTML, where the page is written with raw HTML", async () => {
    const withRaw = (plugins: PluggableList) =>
      unified().use(remarkParse).use(remarkRehype).use(plugins).use(rehypeStringify, { allowDangerousHtml: true });
    let rawLines = 0;
    let allRawLines = 0;
    const countRaw = () => (tree: Root) =>
      walk(tree, "raw", () => {
        rawLines++;
      });
    for (const fence of FENCES) {
      const pipeline = (tokensAsHtml: CodeBlockOptions["tokensAsHtml"]) =>
        withRaw([
          [rehypeCodeBlocks, { ...options, tokensAsHtml }],
          countRaw,
          [rehypePrettyCodeOnCode, prettyCode],
          rehypeRestoreTokens,
        ]);
      rawLines = 0;
      const expected = String(await pipeline(false).process(fence));
      expect(rawLines, fence).toBe(0);
      expect(String(await pipeline({ keptIn: [] }).process(fence)), fence).toBe(expected);
      allRawLines += rawLines;
    }
    expect(allRawLines).toBeGreaterThan(30);
  });
});
