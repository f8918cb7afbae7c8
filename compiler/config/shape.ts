/** A tiny declarative description of config values: validated here, mapped by the config map later. */

export type Shape =
  | { kind: "string" | "boolean" | "number" | "function" | "unknown" }
  | { kind: "enum"; values: readonly (string | boolean)[] }
  | { kind: "array"; of: Shape }
  | { kind: "record"; of: Shape }
  | { kind: "object"; fields: Record<string, Shape>; open?: boolean }
  | { kind: "union"; of: Shape[] };

export const s = {
  string: (): Shape => ({ kind: "string" }),
  boolean: (): Shape => ({ kind: "boolean" }),
  number: (): Shape => ({ kind: "number" }),
  fn: (): Shape => ({ kind: "function" }),
  unknown: (): Shape => ({ kind: "unknown" }),
  oneOf: (...values: (string | boolean)[]): Shape => ({ kind: "enum", values }),
  array: (of: Shape): Shape => ({ kind: "array", of }),
  record: (of: Shape): Shape => ({ kind: "record", of }),
  object: (fields: Record<string, Shape>): Shape => ({ kind: "object", fields }),
  /** An object whose fields the spec leaves "not shown": any key is accepted. */
  openObject: (fields: Record<string, Shape> = {}): Shape => ({ kind: "object", fields, open: true }),
  or: (...of: Shape[]): Shape => ({ kind: "union", of }),
  /** `boolean | {...}`, the most common config form. */
  toggle: (fields: Record<string, Shape>): Shape => ({ kind: "union", of: [{ kind: "boolean" }, { kind: "object", fields }] }),
  stringOrList: (): Shape => ({ kind: "union", of: [{ kind: "string" }, { kind: "array", of: { kind: "string" } }] }),
};

export interface ShapeIssue {
  /** Key path from the config root, e.g. `["mcp", "tools", "readPage"]`. */
  path: string[];
  reason: string;
  /** For unknown keys: the key as written, so the locator can find it. */
  unknownKey?: string;
  suggestion?: string;
}

/** Human name of what a shape accepts, for "expected X" messages. */
export function describeShape(shape: Shape): string {
  switch (shape.kind) {
    case "enum": return shape.values.map((v) => JSON.stringify(v)).join(" | ");
    case "array": return `${describeShape(shape.of)}[]`;
    case "record": return "object";
    case "union": return shape.of.map(describeShape).join(" | ");
    default: return shape.kind;
  }
}

export function kindOfValue(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}
