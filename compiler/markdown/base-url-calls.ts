/**
 * Docusaurus's `useBaseUrl("/img/logo.svg")` (`@docusaurus/useBaseUrl`) in an MDX page puts the site's base path
 * before a file of its `static/` folder. Quire serves `public/` at the site's root and checks and rewrites root paths
 * itself, so each call with a string is that string, and an attribute left holding only a string becomes a plain one
 * (`<img src="/img/logo.svg">`), which the asset and link checks then read like any other. A call whose argument is
 * computed is an error at it.
 */
import type { Program } from "estree";
import type { Root, RootContent } from "mdast";
import type { BuildMessage } from "../diagnostics.ts";
import { walk } from "./walk.ts";

type EstreeNode = { type?: string; [key: string]: unknown };

/** Replaces, in place, the calls of `name` (the page's local name for `useBaseUrl`) across `tree`. */
export function inlineBaseUrlCalls(tree: Root, name: string, sourcePath: string): BuildMessage[] {
  const computed: { line?: number; column?: number }[] = [];
  walk<Root | RootContent>(tree, (node) => {
    if (node.type === "mdxFlowExpression" || node.type === "mdxTextExpression") {
      if (node.data?.estree) replaceCalls(node.data.estree, name, computed);
    }
    if (node.type !== "mdxJsxFlowElement" && node.type !== "mdxJsxTextElement") return;
    for (const attribute of node.attributes) {
      const value = attribute.type === "mdxJsxAttribute" ? attribute.value : undefined;
      if (!value || typeof value === "string" || !value.data?.estree) continue;
      replaceCalls(value.data.estree, name, computed);
      const text = onlyString(value.data.estree);
      if (text !== undefined) attribute.value = text;
    }
  });
  return computed.map((at) => ({
    severity: "error",
    rule: "mdx/unknown-component",
    file: sourcePath,
    line: at.line,
    column: at.column,
    reason: `${name}() is read when its argument is a string; this one is computed`,
    hint: `write the path itself ("/img/logo.svg"): Quire serves public/ at the site's root`,
  }));
}

function replaceCalls(node: unknown, name: string, computed: { line?: number; column?: number }[]): unknown {
  if (Array.isArray(node)) {
    for (let index = 0; index < node.length; index++) node[index] = replaceCalls(node[index], name, computed);
    return node;
  }
  if (!node || typeof node !== "object") return node;
  const estree = node as EstreeNode;
  const callee = estree.callee as EstreeNode | undefined;
  if (estree.type === "CallExpression" && callee?.type === "Identifier" && callee.name === name) {
    const path = stringOf((estree.arguments as EstreeNode[])[0]);
    if (path !== undefined) return { type: "Literal", value: path, raw: JSON.stringify(path) };
    const start = (estree.loc as { start: { line: number; column: number } } | undefined)?.start;
    computed.push({ line: start?.line, column: start ? start.column + 1 : undefined });
    return node;
  }
  for (const key of Object.keys(estree)) {
    if (key !== "loc" && key !== "range") estree[key] = replaceCalls(estree[key], name, computed);
  }
  return node;
}

/** A string literal's or a plain template literal's text. */
function stringOf(node: EstreeNode | undefined): string | undefined {
  if (node?.type === "Literal" && typeof node.value === "string") return node.value;
  const quasis = node?.type === "TemplateLiteral" ? (node.quasis as { value: { cooked: string } }[]) : [];
  return quasis.length === 1 && (node!.expressions as unknown[]).length === 0 ? quasis[0].value.cooked : undefined;
}

/** The string an attribute's expression is, when it is one literal string. */
function onlyString(program: Program): string | undefined {
  const [statement] = program.body;
  if (program.body.length !== 1 || statement.type !== "ExpressionStatement") return undefined;
  const expression = statement.expression;
  return expression.type === "Literal" && typeof expression.value === "string" ? expression.value : undefined;
}
