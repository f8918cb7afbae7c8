/**
 * A schema as a nested Markdown list (SPEC 2.15): each property with its type, `required`, constraints and
 * description; `$ref`s named by their component and expanded once per branch (a cycle prints "recursive"), nesting
 * cut at MAX_SCHEMA_DEPTH, properties per object at MAX_PROPERTIES, so a huge or cyclic schema stays a bounded page.
 */
import { isObject, type Json } from "./operations.ts";
import { pointerTarget, refOf } from "./resolve-ref.ts";
import { codeSpan, escapeInline } from "./markdown-text.ts";

export const MAX_SCHEMA_DEPTH = 6;
const MAX_PROPERTIES = 100;

export function schemaMarkdown(document: Json, schema: unknown): string {
  const lines: string[] = [];
  const head = describe(document, schema);
  lines.push(`Type: ${head.label}${head.details ? ` — ${head.details}` : ""}`);
  const children = childLines(document, head.schema, 0, head.seen);
  if (children.length > 0) lines.push("", ...children);
  return lines.join("\n");
}

interface Described {
  label: string;
  details: string;
  schema: Json;
  seen: Set<string>;
  recursive: boolean;
}

function describe(document: Json, raw: unknown, seen = new Set<string>()): Described {
  const ref = refOf(raw);
  const name = ref ? componentName(ref) : undefined;
  if (ref && seen.has(ref))
    return {
      label: `${name ? `\`${name}\`` : "the enclosing schema"} (recursive)`,
      details: "",
      schema: {},
      seen,
      recursive: true,
    };
  const target = ref ? pointerTarget(document, ref) : raw;
  const schema = isObject(target) ? target : {};
  const inner = ref ? new Set([...seen, ref]) : seen;
  const type = typeLabel(schema);
  const label = name ? `\`${name}\` (${type})` : `\`${type}\``;
  const details = [
    schema.format !== undefined ? `format \`${String(schema.format)}\`` : "",
    Array.isArray(schema.enum)
      ? `one of ${schema.enum
          .slice(0, 20)
          .map((v) => `\`${JSON.stringify(v)}\``)
          .join(", ")}`
      : "",
    schema.const !== undefined ? `always \`${JSON.stringify(schema.const)}\`` : "",
    schema.default !== undefined ? `default \`${JSON.stringify(schema.default)}\`` : "",
    ...["minimum", "maximum", "minLength", "maxLength", "pattern", "minItems", "maxItems"]
      .filter((k) => schema[k] !== undefined)
      .map((k) => `${k} \`${String(schema[k])}\``),
    schema.deprecated === true ? "deprecated" : "",
    typeof schema.description === "string" ? escapeInline(schema.description) : "",
  ]
    .filter(Boolean)
    .join("; ");
  return { label, details, schema, seen: inner, recursive: false };
}

function typeLabel(schema: Json): string {
  const type = Array.isArray(schema.type)
    ? schema.type.join(" | ")
    : typeof schema.type === "string"
      ? schema.type
      : undefined;
  if (type === "array" || (type === undefined && schema.items !== undefined)) {
    const items = schema.items;
    const ref = refOf(items);
    return `array of ${(ref && componentName(ref)) ?? (isObject(items) && typeof items.type === "string" ? items.type : "any")}`;
  }
  if (type) return type;
  for (const key of ["oneOf", "anyOf", "allOf"]) if (Array.isArray(schema[key])) return key;
  return isObject(schema.properties) ? "object" : "any";
}

function childLines(document: Json, schema: Json, depth: number, seen: Set<string>): string[] {
  const indent = "  ".repeat(depth);
  if (depth >= MAX_SCHEMA_DEPTH)
    return hasChildren(schema) ? [`${indent}- … (nested deeper than ${MAX_SCHEMA_DEPTH} levels)`] : [];
  const lines: string[] = [];
  const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
  const entries = isObject(schema.properties) ? Object.entries(schema.properties) : [];
  for (const [name, property] of entries.slice(0, MAX_PROPERTIES)) {
    const item = describe(document, property, seen);
    lines.push(
      `${indent}- ${codeSpan(name)}${required.has(name) ? " (required)" : ""}: ${item.label}${item.details ? ` — ${item.details}` : ""}`,
    );
    if (!item.recursive) lines.push(...childLines(document, item.schema, depth + 1, item.seen));
  }
  if (entries.length > MAX_PROPERTIES)
    lines.push(`${indent}- … and ${entries.length - MAX_PROPERTIES} more properties`);
  if (schema.items !== undefined) {
    const item = describe(document, schema.items, seen);
    const nested = item.recursive ? [] : childLines(document, item.schema, depth + 1, item.seen);
    if (nested.length > 0 || refOf(schema.items))
      lines.push(`${indent}- items: ${item.label}${item.details ? ` — ${item.details}` : ""}`, ...nested);
  }
  for (const key of ["allOf", "oneOf", "anyOf"]) {
    if (!Array.isArray(schema[key])) continue;
    (schema[key] as unknown[]).slice(0, MAX_PROPERTIES).forEach((option, index) => {
      const item = describe(document, option, seen);
      lines.push(`${indent}- ${key} ${index + 1}: ${item.label}${item.details ? ` — ${item.details}` : ""}`);
      if (!item.recursive) lines.push(...childLines(document, item.schema, depth + 1, item.seen));
    });
  }
  if (isObject(schema.additionalProperties)) {
    const item = describe(document, schema.additionalProperties, seen);
    lines.push(`${indent}- any other key: ${item.label}`);
  }
  return lines;
}

function hasChildren(schema: Json): boolean {
  return (
    isObject(schema.properties) ||
    schema.items !== undefined ||
    ["allOf", "oneOf", "anyOf"].some((k) => Array.isArray(schema[k]))
  );
}

/** `#/components/schemas/Pet` or `#/definitions/Pet` → `Pet`; bundled positions (`#/paths/…/schema`) have no name. */
export function componentName(ref: string): string | undefined {
  return /^#\/(?:components\/schemas|definitions)\/([^/]+)$/.exec(ref)?.[1]?.replace(/~1/g, "/").replace(/~0/g, "~");
}
