/** Code colours depend on the site alone: every language is loaded before the first page, with no time limit. */
import remarkParse from "remark-parse";
import { unified } from "unified";
import { VFile } from "vfile";
import { describe, expect, it } from "vitest";
import { makeTestConfig } from "../render/html/test-config.ts";
import { prepareHighlighter, siteLanguages } from "./highlighter.ts";
import { createHtmlRenderer } from "./html.ts";

describe("siteLanguages", () => {
  it("lists fence and inline languages Shiki knows, sorted, once each", () => {
    const pages = [
      '```ts title="a.ts"\nlet a = 1;\n```\n\n~~~bash\nls\n~~~',
      "  ````tsx\n<A />\n````\n\nInline `x{:python}` and ```ts again```\n\n```\nno language\n```",
      "```markdoc\n{% tag %}\n```\n\n```js{1,3}\nx\n```",
    ];
    const texts = pages.map((source, i) => ({ sourcePath: `docs/${i}.md`, source }));
    expect(siteLanguages(texts)).toEqual(["bash", "js", "python", "ts", "tsx"]);
    // Scanned again when a path's text changes, not served from the last scan.
    expect(siteLanguages([{ sourcePath: "docs/0.md", source: "```python\nx\n```" }])).toEqual(["python"]);
    expect(siteLanguages(texts)).toEqual(["bash", "js", "python", "ts", "tsx"]);
  });
});

describe("highlighting", () => {
  const renderer = createHtmlRenderer(makeTestConfig());
  const render = (markdown: string) => {
    const file = new VFile({ value: markdown, path: "page.md" });
    return renderer.renderMarkdown(unified().use(remarkParse).parse(file), file, {});
  };
  // `ts-tags` injects CSS highlighting into TypeScript template literals tagged `css`.
  const typescript = "```ts\nconst style = css`color: red;`;\n```";
  const tagged = "```ts-tags\nconst a = html`<b>x</b>`;\n```";

  it("gives a TypeScript block the same colours whether or not a page that injects into TypeScript came first", async () => {
    const languages = siteLanguages([
      { sourcePath: "docs/a.md", source: typescript },
      { sourcePath: "docs/b.md", source: tagged },
    ]);
    await prepareHighlighter(makeTestConfig().theme, languages);
    const first = await render(typescript);
    await render(tagged);
    expect(await render(typescript)).toBe(first);
    // The injection is in effect from the first page on, not only after the page that needs it.
    expect(first).toContain("--shiki-light:#005CC5");
  }, 30_000);
});
