/** Checks an evaluated config against the declared shape; every issue carries its key path. */
import { closestName } from "../diagnostics.ts";
import { describeShape, kindOfValue, type Shape } from "../../runtime/contract/config-shape.ts";

export interface ShapeIssue {
  /** Key path from the config root, e.g. `["mcp", "tools", "readPage"]`. */
  path: string[];
  reason: string;
  /** For unknown keys: the key as written, so the locator can find it. */
  unknownKey?: string;
  suggestion?: string;
}

export function validateShape(value: unknown, shape: Shape, path: string[] = []): ShapeIssue[] {
  if (value === undefined) return [];
  switch (shape.kind) {
    case "unknown":
      return [];
    case "string":
    case "boolean":
    case "number":
    case "function":
      return kindOfValue(value) === shape.kind && !(shape.kind === "number" && !Number.isFinite(value))
        ? []
        : [mismatch(path, shape, value)];
    case "enum":
      return shape.values.includes(value as string | boolean) ? [] : [mismatch(path, shape, value)];
    case "array":
      if (!Array.isArray(value)) return [mismatch(path, shape, value)];
      return value.flatMap((item, i) => validateShape(item, shape.of, [...path, String(i)]));
    case "record":
      if (!isPlainObject(value)) return [mismatch(path, shape, value)];
      return Object.entries(value).flatMap(([key, item]) => validateShape(item, shape.of, [...path, key]));
    case "object":
      if (!isPlainObject(value)) return [mismatch(path, shape, value)];
      return validateObject(value, shape.fields, shape.open === true, path);
    case "toggle":
      if (typeof value === "boolean") return [];
      if (!isPlainObject(value)) return [mismatch(path, shape, value)];
      return validateObject(value, { enabled: { kind: "boolean" }, ...shape.fields }, shape.open === true, path);
    case "union":
      return validateUnion(value, shape.of, path);
  }
}

function validateObject(
  value: Record<string, unknown>,
  fields: Record<string, Shape>,
  open: boolean,
  path: string[],
): ShapeIssue[] {
  const issues: ShapeIssue[] = [];
  for (const [key, item] of Object.entries(value)) {
    const field = fields[key];
    if (field) {
      issues.push(...validateShape(item, field, [...path, key]));
    } else if (!open) {
      issues.push({
        path: [...path, key],
        unknownKey: key,
        reason: `unknown key "${key}"`,
        suggestion: closestName(key, Object.keys(fields)),
      });
    }
  }
  return issues;
}

/** Picks the member matching the value's kind so nested problems are reported precisely. */
function validateUnion(value: unknown, members: readonly Shape[], path: string[]): ShapeIssue[] {
  let best: ShapeIssue[] | undefined;
  for (const member of members) {
    const issues = validateShape(value, member, path);
    if (issues.length === 0) return [];
    const sameKind = acceptsKind(member, kindOfValue(value));
    if (sameKind && (!best || issues.length < best.length)) best = issues;
  }
  return best ?? [mismatch(path, { kind: "union", of: members }, value)];
}

function acceptsKind(shape: Shape, kind: string): boolean {
  switch (shape.kind) {
    case "object":
    case "record":
      return kind === "object";
    case "toggle":
      return kind === "object" || kind === "boolean";
    case "array":
      return kind === "array";
    case "enum":
      return shape.values.some((v) => typeof v === kind);
    case "union":
      return shape.of.some((m) => acceptsKind(m, kind));
    default:
      return shape.kind === kind;
  }
}

function mismatch(path: string[], shape: Shape, value: unknown): ShapeIssue {
  const shown =
    typeof value === "string"
      ? JSON.stringify(value)
      : typeof value === "number" && !Number.isFinite(value)
        ? String(value)
        : kindOfValue(value);
  return { path, reason: `"${path.join(".")}" must be ${describeShape(shape)}, got ${shown}` };
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
