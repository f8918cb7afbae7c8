/** Renders a human-projected tree to HTML: Markdown straight through rehype, MDX through the evaluator. */
import { transformerNotationDiff, transformerNotationFocus, transformerNotationHighlight } from "@shikijs/transformers";
import type { Element, Root as HastRoot } from "hast";
import type { Root } from "mdast";
import type { Options as PrettyCodeOptions } from "rehype-pretty-code";
import rehypeStringify from "rehype-stringify";
import remarkRehype from "remark-rehype";
import { unified, type PluggableList } from "unified";
import { walk } from "./walk.ts";
import type { VFile } from "vfile";
import type { ResolvedConfig } from "../config/types.ts";
import { HUMAN_ONLY_ATTRIBUTE } from "./audience.ts";
import { calloutsToHtml } from "./callout-html.ts";
import { type CodeBlockOptions, rehypeCodeBlocks } from "./code-blocks.ts";
import { rehypeRestoreTokens } from "./code-skeleton.ts";
import { createMdxEvaluator, type MdxPage, type RenderedPage } from "./evaluate-mdx.ts";
import { CODE_BLOCK_PROPERTY, codeAsHtmlFits, rehypeCodeAsHtml } from "./mdx-code-html.ts";
import { currentHighlighter } from "./highlighter.ts";
import { rehypePrettyCodeOnCode } from "./pretty-code-on-code.ts";
import { rehypeTaskListLabels } from "./task-list-labels.ts";

export interface HtmlRenderer {
  /** Plain Markdown: no JavaScript is generated or run. */
  renderMarkdown(tree: Root, file: VFile, components: Record<string, unknown>): Promise<string>;
  /** MDX: compiled, evaluated against preact and rendered with the component map; evaluation problems as messages. */
  renderMdx(tree: Root, file: VFile, components: Record<string, unknown>, page: MdxPage): Promise<RenderedPage>;
}

export function createHtmlRenderer(config: ResolvedConfig): HtmlRenderer {
  const { codeBlock } = config.theme;
  // Blocks go through code-blocks.ts, the rest (inline `{:ts}`, `/word/` highlighting) through rehype-pretty-code.
  const codeBlocks: CodeBlockOptions = {
    themes: { light: codeBlock.theme, dark: codeBlock.darkTheme },
    // Issue 10: `// [!code ++]`, `[!code --]`, `[!code focus]`, `[!code highlight]` (styled in templates/quire.css).
    transformers: [transformerNotationDiff(), transformerNotationFocus(), transformerNotationHighlight()],
    defaultLanguage: "plaintext",
    highlighter: currentHighlighter,
  };
  const prettyCode: PrettyCodeOptions = {
    // Theme names are checked by shiki when it loads them; the config shape only knows they are strings.
    theme: codeBlocks.themes as PrettyCodeOptions["theme"],
    keepBackground: true,
    defaultLang: { block: codeBlocks.defaultLanguage },
    getHighlighter: currentHighlighter,
    transformers: codeBlocks.transformers,
  };
  const rehypePlugins = (tokensAsHtml: CodeBlockOptions["tokensAsHtml"]): PluggableList => [
    [rehypeCodeBlocks, { ...codeBlocks, tokensAsHtml }],
    [rehypePrettyCodeOnCode, prettyCode],
    rehypeRestoreTokens,
    [rehypeCodeChrome, { copyButton: codeBlock.showCopyButton, lineNumbers: codeBlock.showLineNumbers }],
    rehypeMarkFootnoteLinks,
    rehypeTaskListLabels,
  ];
  const markdown = unified()
    .use(remarkRehype, { allowDangerousHtml: true })
    .use(rehypePlugins({ keptIn: [] }))
    .use(rehypeStringify, { allowDangerousHtml: true });
  const siteComponents = Object.keys(config.components);
  // MDX writes a code block as HTML only where mdx-code-html.ts can: its tokens can be HTML there and nowhere else.
  const mdxPlugins: PluggableList = codeAsHtmlFits(config.components)
    ? [...rehypePlugins({ keptIn: siteComponents }), [rehypeCodeAsHtml, { siteComponents }]]
    : rehypePlugins(false);
  const renderMdx = createMdxEvaluator(mdxPlugins, config.icons);

  return {
    async renderMarkdown(tree, file, components) {
      const hast = await markdown.run(calloutsToHtml(tree, components), file);
      return markdown.stringify(hast as HastRoot, file);
    },
    renderMdx,
  };
}

/** Copy buttons on highlighted blocks and the global line-number switch (SPEC 2.17 CodeBlockConfig). */
function rehypeCodeChrome(options: { copyButton: boolean; lineNumbers: boolean }) {
  return (tree: HastRoot) => {
    walk(tree, "element", (node: Element) => {
      if (node.tagName !== "figure" || !(CODE_BLOCK_PROPERTY in node.properties)) return;
      if (options.lineNumbers) {
        walk(node, "element", (child: Element) => {
          if (child.tagName === "code") child.properties["data-line-numbers"] = "";
        });
      }
      if (options.copyButton) {
        node.children.push({
          type: "element",
          tagName: "button",
          properties: { type: "button", className: ["q-copy"], ariaLabel: "Copy code", dataCopy: "" },
          children: [{ type: "text", value: "Copy" }],
        });
      }
    });
  };
}

/**
 * A footnote's number and its back arrow are links, not text: the Markdown has `[^1]` in their place. Marked
 * human-only, so a comparison of the page's HTML and Markdown text reads the sentence and the note as written.
 */
function rehypeMarkFootnoteLinks() {
  return (tree: HastRoot) => {
    walk(tree, "element", (node: Element) => {
      const link = (el: Element) =>
        el.tagName === "a" && ("dataFootnoteRef" in el.properties || "dataFootnoteBackref" in el.properties);
      if (node.tagName === "sup" && node.children.some((c) => c.type === "element" && link(c)))
        node.properties[HUMAN_ONLY_ATTRIBUTE] = "";
      else if (link(node) && "dataFootnoteBackref" in node.properties) node.properties[HUMAN_ONLY_ATTRIBUTE] = "";
    });
  };
}
