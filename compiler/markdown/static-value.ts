/**
 * Issue 10: what an MDX expression shows when it can be known without running the page — a string (`{"Guide 01"}`),
 * a value the page exports as a literal (`export const product = "Quire"` → `{product}`), or a frontmatter field
 * (`{frontmatter.owner}`, attached by `frontmatter-export.ts`). The agent Markdown prints such
 * values as text; anything computed stays a code span.
 */
import type { Root } from "mdast";
import { walk, type MdastOf } from "./walk.ts";
import { attachedFrontmatter } from "./frontmatter-export.ts";

export type StaticScope = Map<string, unknown>;
type Node = { type: string; [key: string]: unknown };

/**
 * `export const` bindings whose value is a literal (objects and arrays of literals included), over the frontmatter
 * and the data the page imports (`import-values.ts`, known once the page was evaluated).
 */
export function staticScope(tree: Root, imports: Record<string, unknown> = {}): StaticScope {
  const scope: StaticScope = new Map([["frontmatter", attachedFrontmatter(tree)], ...Object.entries(imports)]);
  walk<MdastOf<"mdxjsEsm">>(tree, "mdxjsEsm", (node) => {
    for (const statement of node.data?.estree?.body ?? []) {
      const d = statement.type === "ExportNamedDeclaration" ? statement.declaration : undefined;
      if (d?.type !== "VariableDeclaration" || d.kind !== "const") continue;
      for (const v of d.declarations) {
        const value = v.init ? valueOf(v.init as unknown as Node, scope) : undefined;
        if (v.id.type === "Identifier" && value !== undefined) scope.set(v.id.name, value);
      }
    }
  });
  return scope;
}

/** The text an expression node (`mdxTextExpression`/`mdxFlowExpression`) shows, or undefined when computed. */
export function staticText(node: { data?: { estree?: unknown } }, scope: StaticScope): string | undefined {
  const body = (node.data?.estree as { body?: Node[] } | undefined)?.body;
  if (body?.length !== 1 || body[0].type !== "ExpressionStatement") return undefined;
  const value = valueOf(body[0].expression as Node, scope);
  return typeof value === "string" || typeof value === "number" || typeof value === "boolean"
    ? String(value)
    : undefined;
}

/** Any value an expression node (or an attribute's expression) is without running the page: literals, arrays, objects. */
export function staticValue(node: { data?: { estree?: unknown } }, scope: StaticScope): unknown {
  const body = (node.data?.estree as { body?: Node[] } | undefined)?.body;
  if (body?.length !== 1 || body[0].type !== "ExpressionStatement") return undefined;
  return valueOf(body[0].expression as Node, scope);
}

/** The value of an expression (an estree node) without running it, as `staticValue` reads one. */
export function expressionValue(expression: Node, scope: StaticScope = new Map()): unknown {
  return valueOf(expression, scope);
}

function valueOf(node: Node, scope: StaticScope): unknown {
  switch (node.type) {
    case "Literal":
      return node.value instanceof RegExp ? undefined : node.value;
    case "TemplateLiteral": {
      const quasis = node.quasis as { value: { cooked: string } }[];
      const parts = (node.expressions as Node[]).map((e) => valueOf(e, scope));
      if (parts.some((p) => p === undefined || (typeof p === "object" && p !== null))) return undefined;
      return quasis.map((q, i) => q.value.cooked + (i < parts.length ? String(parts[i]) : "")).join("");
    }
    case "ArrayExpression": {
      const items = (node.elements as (Node | null)[]).map((e) => (e ? valueOf(e, scope) : undefined));
      return items.includes(undefined) ? undefined : items;
    }
    case "ObjectExpression": {
      const out: Record<string, unknown> = {};
      for (const p of node.properties as Node[]) {
        const key = p.type === "Property" && !p.computed ? keyOf(p.key as Node) : undefined;
        if (key === undefined) return undefined;
        out[key] = valueOf(p.value as Node, scope);
      }
      return out;
    }
    case "Identifier":
      return scope.get(node.name as string);
    case "MemberExpression": {
      const object = valueOf(node.object as Node, scope);
      const key = node.computed ? valueOf(node.property as Node, scope) : (node.property as Node).name;
      if (object === null || typeof object !== "object" || (typeof key !== "string" && typeof key !== "number"))
        return undefined;
      return Object.hasOwn(object, key) ? (object as Record<string, unknown>)[key] : undefined;
    }
    default:
      return undefined;
  }
}

function keyOf(key: Node): string | undefined {
  if (key.type === "Identifier") return key.name as string;
  if (key.type === "Literal" && (typeof key.value === "string" || typeof key.value === "number"))
    return String(key.value);
  return undefined;
}
