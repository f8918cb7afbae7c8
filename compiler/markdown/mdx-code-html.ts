/**
 * An MDX page compiles to one JSX call per element of its tree, and a highlighted code block is hundreds of elements:
 * a span per token, each with a style that MDX parses into an object for preact to write back. So in an MDX page
 * each block rehype-pretty-code made (the `figure` of a fence, the `span` of highlighted inline code) goes to MDX as
 * that one element with its contents as HTML (`dangerouslySetInnerHTML`), written by rehype-stringify as in a
 * Markdown page: a block reads the same in both kinds of page. A site whose `components` replace an HTML element
 * (`pre`, `code`, `span`, …) keeps every element as JSX, so the replacement still renders inside code, and a block
 * inside one of the site's own components stays JSX too, since that component may read the elements it is given.
 */
import type { Element, Root } from "hast";
import type { MdxJsxFlowElementHast, MdxJsxTextElementHast } from "mdast-util-mdx-jsx";
import rehypeStringify from "rehype-stringify";
import { unified } from "unified";
import { SKIP, walk } from "./walk.ts";

/** The attribute rehype-pretty-code puts, with its name as written, on each block it makes (fence or inline). */
export const CODE_BLOCK_PROPERTY = "data-rehype-pretty-code-figure";
const stringifier = unified().use(rehypeStringify, { allowDangerousHtml: true });

/** Whether the component map leaves HTML elements alone (only capitalized components). */
export function codeAsHtmlFits(components: Record<string, unknown>): boolean {
  return Object.keys(components).every((name) => !/^[a-z]/.test(name));
}

/** The rehype plugin, last before MDX turns the tree into JavaScript; `siteComponents` are the site's own names. */
export function rehypeCodeAsHtml(options: { siteComponents: readonly string[] }) {
  const siteComponents = new Set(options.siteComponents);
  return (tree: Root) => {
    walk(tree, (node, index, parent) => {
      if (isJsx(node)) return node.name && siteComponents.has(node.name) ? SKIP : undefined;
      if (node.type !== "element" || !parent || index === undefined) return;
      const element = node as Element;
      if (!(CODE_BLOCK_PROPERTY in element.properties)) return;
      const replacement = withInnerHtml(element);
      if (!replacement) return;
      parent.children[index] = replacement;
      return SKIP;
    });
  };
}

function isJsx(node: { type: string }): node is MdxJsxFlowElementHast | MdxJsxTextElementHast {
  return node.type === "mdxJsxFlowElement" || node.type === "mdxJsxTextElement";
}

/**
 * Whether a block's element can go to MDX with its contents as HTML: rehype-pretty-code writes its attribute names
 * as they are (`data-…`, string values); any other property would need hast's mapping.
 */
export function innerHtmlFits(node: Element): boolean {
  for (const [name, value] of Object.entries(node.properties))
    if (!name.startsWith("data-") || typeof value !== "string") return false;
  return true;
}

/** The block as an MDX JSX element of the same name and attributes, its children as HTML; none if it cannot be. */
function withInnerHtml(node: Element): MdxJsxFlowElementHast | MdxJsxTextElementHast | undefined {
  if (!innerHtmlFits(node)) return undefined;
  const attributes: MdxJsxFlowElementHast["attributes"] = Object.entries(node.properties).map(([name, value]) => ({
    type: "mdxJsxAttribute",
    name,
    value: value as string,
  }));
  const html = stringifier.stringify({ type: "root", children: node.children });
  attributes.push({ type: "mdxJsxAttribute", name: "dangerouslySetInnerHTML", value: innerHtml(html) });
  return {
    type: node.tagName === "figure" ? "mdxJsxFlowElement" : "mdxJsxTextElement",
    name: node.tagName,
    attributes,
    children: [],
  };
}

/** `{__html: html}` as the estree MDX reads from an attribute's value expression. */
function innerHtml(html: string) {
  const expression = {
    type: "ObjectExpression" as const,
    properties: [
      {
        type: "Property" as const,
        kind: "init" as const,
        method: false,
        shorthand: false,
        computed: false,
        key: { type: "Identifier" as const, name: "__html" },
        value: { type: "Literal" as const, value: html },
      },
    ],
  };
  return {
    type: "mdxJsxAttributeValueExpression" as const,
    value: "",
    data: {
      estree: {
        type: "Program" as const,
        sourceType: "module" as const,
        body: [{ type: "ExpressionStatement" as const, expression }],
      },
    },
  };
}
