/** Reads JSX attribute values that are knowable without running code. */
import type { MdxJsxFlowElement, MdxJsxTextElement } from "mdast-util-mdx-jsx";

type JsxElement = MdxJsxFlowElement | MdxJsxTextElement;

/** A plain string attribute (`only="agent"`); expressions are not static and give undefined. */
export function staticAttribute(node: JsxElement, name: string): string | undefined {
  for (const attribute of node.attributes) {
    if (attribute.type === "mdxJsxAttribute" && attribute.name === name) {
      return typeof attribute.value === "string" ? attribute.value : attribute.value === null ? "" : undefined;
    }
  }
  return undefined;
}

/**
 * A string attribute or a literal expression (`items={["npm", "pnpm"]}`, `defaultIndex={1}`), read from the
 * expression's estree; anything computed gives undefined.
 */
export function literalAttribute(node: JsxElement, name: string): unknown {
  for (const attribute of node.attributes) {
    if (attribute.type !== "mdxJsxAttribute" || attribute.name !== name) continue;
    const value = attribute.value;
    if (value === null || value === undefined) return true;
    if (typeof value === "string") return value;
    const program = value.data?.estree;
    const statement = program?.body[0];
    return statement?.type === "ExpressionStatement" ? literalOf(statement.expression) : undefined;
  }
  return undefined;
}

function literalOf(expression: unknown): unknown {
  const node = expression as {
    type: string;
    value?: unknown;
    elements?: unknown[];
    quasis?: { value: { cooked: string } }[];
    expressions?: unknown[];
  };
  switch (node.type) {
    case "Literal":
      return node.value;
    case "ArrayExpression":
      return node.elements?.map(literalOf);
    case "TemplateLiteral":
      return node.expressions?.length === 0 ? node.quasis?.[0]?.value.cooked : undefined;
    default:
      return undefined;
  }
}
