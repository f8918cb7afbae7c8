/**
 * Code blocks in MDX pages go to MDX as one element with their HTML inside (mdx-code-html.ts): what the block holds is
 * byte for byte a Markdown page's, the page around it reads as before, and a site that replaces an HTML element
 * keeps every element as JSX.
 */
import path from "node:path";
import { type ComponentChildren, h, isValidElement, toChildArray } from "preact";
import { VFile } from "vfile";
import { beforeAll, describe, expect, it } from "vitest";
import { makeTestConfig } from "../render/html/test-config.ts";
import { builtInComponents } from "./components/index.ts";
import { prepareHighlighter } from "./highlighter.ts";
import { createHtmlRenderer } from "./html.ts";
import { codeAsHtmlFits } from "./mdx-code-html.ts";
import { parseBody } from "./parse.ts";

const FENCES = [
  '```ts title="retry.ts" {2}\nexport async function retry(times = 3) {\n  return times < 1 ? "done" : retry(times - 1);\n}\n```',
  '```py caption="The loop" showLineNumbers\nwhile True:\n\n    job = queue.get()  # 1 < 2 && 3 > 2\n```',
  "```js /answer/\nconst answer = 42;\n```",
  "```text\nplain & simple <tag>\n```",
];
const INLINE = "Call `retry(3){:ts}` or `retry{:.entity.name.function}` when `plain` fails.";

const root = "/site";
const mdxPage = (body: string, components: Record<string, unknown>, config = makeTestConfig()) => {
  const name = "docs/guide/page.mdx";
  const { tree, file } = parseBody(body, "mdx", path.join(root, name), name);
  if (!tree) throw new Error("does not parse");
  return createHtmlRenderer(config).renderMdx(tree, file, components, { sourcePath: name, root });
};
const markdownPage = (body: string) => {
  const name = "docs/guide/page.md";
  const { tree, file } = parseBody(body, "md", path.join(root, name), name);
  return createHtmlRenderer(makeTestConfig()).renderMarkdown(tree!, file as VFile, {});
};
const figures = (html: string) =>
  html.match(/<figure[\s\S]*?<\/figure>|<span data-rehype-pretty-code-figure[\s\S]*?<\/code><\/span>/g);

beforeAll(async () => {
  await prepareHighlighter(makeTestConfig().theme, ["js", "py", "ts"]);
}, 30_000);

describe("code blocks in MDX pages", () => {
  it("hold byte for byte what they hold in a Markdown page, fences and inline code alike", async () => {
    for (const body of [...FENCES, INLINE]) {
      const mdx = await mdxPage(body, builtInComponents);
      expect(mdx.messages, body).toEqual([]);
      const expected = figures(await markdownPage(body));
      expect(expected, body).not.toBeNull();
      // The block's own tag is preact's, which writes an empty attribute without `=""`.
      const asPreactWrites = expected!.map((html) =>
        html.replace('data-rehype-pretty-code-figure=""', "data-rehype-pretty-code-figure"),
      );
      expect(figures(mdx.html!), body).toEqual(asPreactWrites);
    }
  });

  it("sit inside components and beside JSX as before", async () => {
    const body = `<Tabs>\n  <Tab label="TypeScript">\n\n${FENCES[0]}\n\n  </Tab>\n</Tabs>\n\nText with ${INLINE}`;
    const { html, messages } = await mdxPage(body, builtInComponents);
    expect(messages).toEqual([]);
    expect(html).toMatch(/class="q-tab-panel"[^>]*><div class="q-tab"><figure data-rehype-pretty-code-figure>/);
    expect(figures(html!)).toHaveLength(3);
    expect(html).toContain('<p>Text with Call <span data-rehype-pretty-code-figure><code data-language="ts"');
  });

  it("stay JSX inside the site's own components, which may read the elements they are given", async () => {
    // Collects the text of every figcaption among its children's elements, as a code-tabs component might.
    const Titles = ({ children }: { children?: ComponentChildren }) => {
      const titles: string[] = [];
      const visit = (nodes: ComponentChildren) => {
        for (const child of toChildArray(nodes)) {
          if (!isValidElement(child)) continue;
          const props = child.props as { children?: ComponentChildren };
          if (child.type === "figcaption") titles.push(toChildArray(props.children).join(""));
          visit(props.children);
        }
      };
      visit(children);
      return h("div", { "data-titles": titles.join(",") }, children);
    };
    const config = { ...makeTestConfig(), components: { Titles } };
    const body = `${FENCES[0]}\n\n<Titles>\n\n${FENCES[0]}\n\n</Titles>`;
    const { html, messages } = await mdxPage(body, { ...builtInComponents, Titles }, config);
    expect(messages).toEqual([]);
    expect(html).toContain('<div data-titles="retry.ts">');
    // Outside the component the block is HTML (`data-line=""`), inside it preact's elements (`data-line`).
    expect(html!.split("<div data-titles")[0]).toContain('<span data-line="">');
    expect(html!.split("<div data-titles")[1]).toContain("<span data-line>");
  });

  it("stay JSX when the site replaces an HTML element, so the replacement renders inside code", async () => {
    const span = (props: Record<string, unknown>) => h("span", { ...props, "data-replaced": "" });
    const components = { ...builtInComponents, span };
    const config = { ...makeTestConfig(), components: { span } };
    const { html } = await mdxPage(FENCES[0], components, config);
    expect(html).toContain("data-replaced");
    expect(codeAsHtmlFits(builtInComponents)).toBe(true);
    expect(codeAsHtmlFits({ ...builtInComponents, pre: "pre" })).toBe(false);
  });
});
