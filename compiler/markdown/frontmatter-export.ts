/**
 * Issue 10: `{frontmatter.title}` in an MDX page. The page's frontmatter rides on the tree (`attachFrontmatter`,
 * so both audience projections carry it) and becomes `export const frontmatter = {…}` at the top of the page when
 * it is evaluated, as the MDX ecosystem's frontmatter plugins do, unless the page exports its own.
 */
import type { Expression } from "estree";
import type { Root } from "mdast";
import { exportConstNode } from "./export-const.ts";

export function attachFrontmatter(tree: Root, frontmatter: Record<string, unknown>): void {
  tree.data = { ...tree.data, frontmatter } as Root["data"];
}

/** The frontmatter `attachFrontmatter` put on the tree (`{}` when none). */
export function attachedFrontmatter(tree: Root): Record<string, unknown> {
  return (tree.data as { frontmatter?: Record<string, unknown> } | undefined)?.frontmatter ?? {};
}

/** Adds the export to the tree to be evaluated (after the leading `# heading` has been taken as the title). */
export function injectFrontmatterExport(tree: Root): void {
  const frontmatter = attachedFrontmatter(tree);
  for (const node of tree.children) {
    if (node.type !== "mdxjsEsm") continue;
    for (const statement of node.data?.estree?.body ?? []) {
      const d = statement.type === "ExportNamedDeclaration" ? statement.declaration : undefined;
      if (
        d?.type === "VariableDeclaration" &&
        d.declarations.some((v) => v.id.type === "Identifier" && v.id.name === "frontmatter")
      )
        return;
    }
  }
  tree.children.unshift(exportConstNode("frontmatter", valueToEstree(frontmatter)));
}

/** JSON-like data (what YAML gives) as an estree expression. */
function valueToEstree(value: unknown): Expression {
  if (value === undefined) return { type: "Identifier", name: "undefined" };
  if (value === null || typeof value === "string" || typeof value === "boolean") return { type: "Literal", value };
  if (typeof value === "number") {
    return value < 0 || !Number.isFinite(value)
      ? { type: "UnaryExpression", operator: "-", prefix: true, argument: { type: "Literal", value: Math.abs(value) } }
      : { type: "Literal", value };
  }
  if (Array.isArray(value)) return { type: "ArrayExpression", elements: value.map(valueToEstree) };
  if (value instanceof Date) return { type: "Literal", value: value.toISOString() };
  return {
    type: "ObjectExpression",
    properties: Object.entries(value as Record<string, unknown>).map(([key, item]) => ({
      type: "Property",
      kind: "init",
      method: false,
      shorthand: false,
      computed: false,
      key: { type: "Literal", value: key },
      value: valueToEstree(item),
    })),
  };
}
