/**
 * An MDX page that runs none of its own JavaScript, rendered from its tree without compiling it.
 *
 * MDX turns a page into a JavaScript module (an estree, printed as text, then evaluated) whose function returns the
 * page's elements. A page without `import`/`export` or `{expressions}`, whose JSX attributes are literals, holds no
 * code of its own: its elements are those of its tree. Such a page goes from the tree MDX makes before that step
 * (hast with its JSX elements) straight to preact's elements (`hast-util-to-jsx-runtime`, which follows MDX's own
 * rules for names, attributes, styles and whitespace), and is rendered as the compiled page would be. Every other
 * page, and any tree this does not know, is compiled as before.
 *
 * The HTML is the compiled page's, byte for byte: `static-mdx.test.ts` renders the same pages both ways, and the
 * snapshot suite's MDX fixtures (33 pages take this path) and the `dist/` of 100 and 1,000 real-profile pages were
 * unchanged. On 100 real-profile pages (36 MDX pages, all taking it), rendering MDX went from 0.32 to 0.10 s of the
 * page thread in CPU profiles, and whole `docs build` processes took 0.93× the wall time (10 alternating pairs).
 */
import type { Root as HastRoot } from "hast";
import { type Evaluater, toJsxRuntime } from "hast-util-to-jsx-runtime";
import type { Root } from "mdast";
import type { MdxJsxAttribute, MdxJsxExpressionAttribute } from "mdast-util-mdx-jsx";
import { h } from "preact";
import { Fragment, jsx, jsxs } from "preact/jsx-runtime";
import { renderToString } from "preact-render-to-string";
import { IconRegistry } from "./components/index.ts";
import { expressionValue } from "./static-value.ts";
import { EXIT, walk } from "./walk.ts";

type Estree = { type: string; [key: string]: unknown };
type JsxAttributes = (MdxJsxAttribute | MdxJsxExpressionAttribute)[];

/** Nodes of the human tree that hold code: each needs the page compiled. */
const CODE_NODES = new Set(["mdxjsEsm", "mdxFlowExpression", "mdxTextExpression"]);
const JSX_NODES = new Set(["mdxJsxFlowElement", "mdxJsxTextElement"]);
/** What the rendering below reads; anything else in the tree (a `raw` node, say) leaves the page to MDX. */
const RENDERED_NODES = new Set(["root", "element", "text", "comment", ...JSX_NODES]);

/**
 * Whether a page's human tree, and the components it is rendered with, need no compiling. Components replacing an
 * HTML element (`a`, `pre`) or MDX's `wrapper` are applied by MDX's own rules, so with any of them the page compiles.
 */
export function staticMdxFits(tree: Root, components: Record<string, unknown>): boolean {
  if (Object.keys(components).some((name) => !/^[A-Z]/.test(name))) return false;
  let fits = true;
  walk(tree, (node) => {
    if (CODE_NODES.has(node.type) || (JSX_NODES.has(node.type) && !jsxFits(node as JsxNode, components))) {
      fits = false;
      return EXIT;
    }
  });
  return fits;
}

interface JsxNode {
  type: string;
  name: string | null;
  attributes: JsxAttributes;
}

/** A JSX element named by a plain name (a component the map holds, or an HTML tag) with literal attributes. */
function jsxFits(node: JsxNode, components: Record<string, unknown>): boolean {
  const { name } = node;
  if (name !== null && (name.includes(".") || (/^[A-Z]/.test(name) && !Object.hasOwn(components, name)))) return false;
  return node.attributes.every((attribute) => {
    if (attribute.type !== "mdxJsxAttribute") return false;
    const { value } = attribute;
    if (value === null || value === undefined || typeof value === "string") return true;
    const body = (value.data?.estree as { body?: Estree[] } | undefined)?.body;
    return body?.length === 1 && body[0].type === "ExpressionStatement" && isLiteral(body[0].expression as Estree);
  });
}

/** A value written out in full: strings, numbers, booleans, null, and arrays and objects of them. */
function isLiteral(node: Estree): boolean {
  switch (node.type) {
    case "Literal":
      return !("regex" in node && node.regex) && !("bigint" in node && node.bigint);
    case "TemplateLiteral":
      return (node.expressions as Estree[]).length === 0;
    case "ArrayExpression":
      return (node.elements as (Estree | null)[]).every(
        (e) => e !== null && e.type !== "SpreadElement" && isLiteral(e),
      );
    case "ObjectExpression":
      return (node.properties as Estree[]).every(
        (p) =>
          p.type === "Property" &&
          p.kind === "init" &&
          !p.computed &&
          !p.method &&
          !p.shorthand &&
          ((p.key as Estree).type === "Identifier" || (p.key as Estree).type === "Literal") &&
          isLiteral(p.value as Estree),
      );
    default:
      return false;
  }
}

/**
 * The page's HTML from the tree MDX's processor made up to JavaScript (its rehype plugins run), or undefined when the
 * tree holds a node this does not render. Throws what rendering throws, as the compiled page would.
 */
export function renderStaticMdx(
  tree: HastRoot,
  components: Record<string, unknown>,
  icons: Record<string, unknown>,
): string | undefined {
  if (!renders(tree, components)) return undefined;
  const content = toJsxRuntime(tree, {
    Fragment,
    jsx: jsx as never,
    jsxs: jsxs as never,
    // MDX's defaults for its output, which the compiled page follows.
    elementAttributeNameCase: "react",
    stylePropertyNameCase: "dom",
    tableCellAlignToStyle: true,
    passKeys: false,
    createEvaluater: () => evaluater(components),
  });
  return renderToString(h(IconRegistry.Provider, { value: icons }, content as never));
}

/**
 * Every node is one `renderStaticMdx` renders, and every JSX element (the page's, and those the rehype plugins made)
 * one `staticMdxFits` lets through.
 */
function renders(tree: HastRoot, components: Record<string, unknown>): boolean {
  let known = true;
  walk(tree, (node) => {
    const fits =
      RENDERED_NODES.has(node.type) && (!JSX_NODES.has(node.type) || jsxFits(node as unknown as JsxNode, components));
    if (!fits) {
      known = false;
      return EXIT;
    }
  });
  return known;
}

/**
 * What the JSX runtime asks of code: a component's name (an identifier, as MDX reads `<Tabs>`) from the map, and
 * a literal attribute's value.
 */
function evaluater(components: Record<string, unknown>): Evaluater {
  return {
    evaluateExpression(expression) {
      if (expression.type === "Identifier") {
        if (!Object.hasOwn(components, expression.name)) throw new Error(`No component ${expression.name}`);
        return components[expression.name];
      }
      return expressionValue(expression as unknown as Estree);
    },
    evaluateProgram() {
      throw new Error("A static MDX page holds no program");
    },
  };
}
