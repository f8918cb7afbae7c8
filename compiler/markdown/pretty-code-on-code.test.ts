/**
 * rehype-pretty-code run over a page's code alone (pretty-code-on-code.ts) writes the HTML it writes walking the whole
 * page: fences with titles, captions, highlighted and numbered lines and characters, in lists, block quotes and
 * tables' neighbourhood; inline code with a language, a token, an escaped suffix and none; a `pre` that is not a
 * code block; and MDX, where code sits inside components and inline code inside a component's text is left alone.
 */
import { transformerNotationDiff } from "@shikijs/transformers";
import { compile, run } from "@mdx-js/mdx";
import rehypePrettyCode, { type Options } from "rehype-pretty-code";
import rehypeStringify from "rehype-stringify";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import type { Root } from "hast";
import { unified, type Pluggable } from "unified";
import { beforeAll, describe, expect, it } from "vitest";
import { makeTestConfig } from "../render/html/test-config.ts";
import { rehypeRestoreTokens } from "./code-skeleton.ts";
import { currentHighlighter, prepareHighlighter } from "./highlighter.ts";
import { rehypePrettyCodeOnCode } from "./pretty-code-on-code.ts";
import * as runtime from "preact/jsx-runtime";
import { renderToStaticMarkup } from "preact-render-to-string";

const MARKDOWN = [
  "# Title\n\nText with `plain` code, `const x = 1{:ts}`, a token `retry{:.entity.name.function}` and `kept\\{:ts}`.",
  '```ts title="retry.ts" {2}\nexport async function retry(times = 3) {\n  return times;\n}\n```',
  '```py caption="The loop" showLineNumbers{3}\nwhile True:\n    job = queue.get()\n```',
  "- a list item\n\n  ```js /answer/\n  const answer = 42;\n  console.log(answer);\n  ```\n\n  and `inline(){:js}` in it",
  "> quoted\n>\n> ```bash\n> npm run build\n> ```",
  "| a | b |\n|---|---|\n| `x{:ts}` | y |",
  "```ts\nconst a = 1; // [!code ++]\n```",
  "```\nno language\n```",
].join("\n\n");

const MDX = [
  "export const meta = 1;",
  '<Tabs>\n<Tab label="npm">\n\n```sh\nnpm i quire\n```\n\n</Tab>\n</Tabs>',
  "Some `const y = 2{:ts}` text and <Note>`const z = 3{:ts}` inside a component</Note>.",
  "```tsx\n<A b={1} />\n```",
].join("\n\n");

let options: Options;

beforeAll(async () => {
  await prepareHighlighter(makeTestConfig().theme, ["bash", "js", "py", "sh", "ts", "tsx"]);
  options = {
    theme: { light: "github-light", dark: "github-dark" },
    keepBackground: true,
    defaultLang: { block: "plaintext" },
    getHighlighter: currentHighlighter,
    transformers: [transformerNotationDiff()],
  };
}, 30_000);

/** A `pre` with two `code` children, which is not a code block to the plugin, with inline code inside. */
function rehypeAddTwoCodePre() {
  return (tree: Root) => {
    const code = (value: string) => ({
      type: "element" as const,
      tagName: "code",
      properties: { className: ["language-ts"] },
      children: [{ type: "text" as const, value }],
    });
    tree.children.push({ type: "element", tagName: "pre", properties: {}, children: [code("a{:ts}"), code("b")] });
  };
}

function markdownHtml(plugin: Pluggable): Promise<string> {
  return unified()
    .use(remarkParse)
    .use(remarkRehype)
    .use(rehypeAddTwoCodePre)
    .use([plugin])
    .use(rehypeRestoreTokens)
    .use(rehypeStringify)
    .process(MARKDOWN)
    .then(String);
}

async function mdxHtml(plugin: Pluggable): Promise<string> {
  const code = String(
    await compile(MDX, { outputFormat: "function-body", rehypePlugins: [plugin, rehypeRestoreTokens] }),
  );
  const { default: Content } = await run(code, { ...runtime, baseUrl: import.meta.url });
  const span = (props: { children?: unknown }) => runtime.jsx("span", props as never);
  return renderToStaticMarkup(runtime.jsx(Content, { components: { Tabs: span, Tab: span, Note: span } }));
}

describe("rehypePrettyCodeOnCode", () => {
  it("gives the Markdown page the HTML rehype-pretty-code gives it", async () => {
    const own = await markdownHtml([rehypePrettyCodeOnCode, options]);
    expect(own).toBe(await markdownHtml([rehypePrettyCode, options]));
    expect(own).toContain("data-rehype-pretty-code-title");
    expect(own).toContain("data-highlighted-chars");
    expect(own).toContain("kept{:ts}");
    expect(own).toContain('<pre><code class="language-ts">a{:ts}</code>');
  });

  it("gives the MDX page the HTML rehype-pretty-code gives it", async () => {
    const own = await mdxHtml([rehypePrettyCodeOnCode, options]);
    expect(own).toBe(await mdxHtml([rehypePrettyCode, options]));
    expect(own).toContain('data-language="sh"');
    expect(own).toContain("<code>const z = 3{:ts}</code>");
  });
});
