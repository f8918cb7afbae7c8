/**
 * Issue 10: values an MDX page imports (a JSON file, constants from a local module) for the agent Markdown. The
 * agent projection cannot run the page, so `{pkg.version}` would reach the `.md` as code while the HTML shows `2.4.0`. The evaluated page exports its imported bindings under one extra name; the data among
 * them (strings, numbers, booleans, arrays and plain objects) joins the page's static scope (`static-value.ts`).
 * Components and other functions are left out: the agent Markdown never calls them.
 */
import type { Property } from "estree";
import type { Root } from "mdast";
import { exportConstNode } from "./export-const.ts";

/** The export the evaluated page carries its imports under. */
export const IMPORT_VALUES_EXPORT = "__quireImportValues";

/** Appends `export const __quireImportValues = { a, b }` for the page's imported bindings; false when it has none. */
export function injectImportValuesExport(tree: Root): boolean {
  const names = new Set<string>();
  for (const node of tree.children) {
    if (node.type !== "mdxjsEsm") continue;
    for (const statement of node.data?.estree?.body ?? []) {
      if (statement.type !== "ImportDeclaration") continue;
      for (const specifier of statement.specifiers) names.add(specifier.local.name);
    }
  }
  if (names.size === 0) return false;
  const properties: Property[] = [...names].map((name) => ({
    type: "Property",
    kind: "init",
    method: false,
    shorthand: true,
    computed: false,
    key: { type: "Identifier", name },
    value: { type: "Identifier", name },
  }));
  tree.children.push(exportConstNode(IMPORT_VALUES_EXPORT, { type: "ObjectExpression", properties }));
  return true;
}

/** The data among an evaluated page's imports, by local name (functions and class instances dropped). */
export function importedData(module: Record<string, unknown>): Record<string, unknown> {
  const imports = module[IMPORT_VALUES_EXPORT];
  if (imports === null || typeof imports !== "object") return {};
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(imports)) {
    const data = dataOf(value, 0);
    if (data !== undefined) out[name] = data;
  }
  return out;
}

const MAX_DEPTH = 16;

function dataOf(value: unknown, depth: number): unknown {
  if (value === null || typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  if (typeof value !== "object" || depth > MAX_DEPTH) return undefined;
  if (Array.isArray(value)) return value.map((item) => dataOf(item, depth + 1) ?? null);
  // Plain objects, and module namespaces (a namespace import of a local module).
  const prototype = Object.getPrototypeOf(value);
  const namespace = (value as { [Symbol.toStringTag]?: unknown })[Symbol.toStringTag] === "Module";
  if (prototype !== Object.prototype && prototype !== null && !namespace) return undefined;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const data = dataOf(item, depth + 1);
    if (data !== undefined) out[key] = data;
  }
  return out;
}
