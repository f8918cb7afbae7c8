/**
 * Tool schemas every MCP client can read. Zod writes a nullable field as `type: ["string", "null"]`, which clients
 * with simpler JSON Schema support (and the MCP Inspector's strict mode) reject; here each such `type` list becomes an
 * `anyOf` of single-type branches, each branch keeping the keywords that apply to its type. The result is the same
 * set of values and still Draft 2020-12. Validation stays with the zod schema.
 */
import type * as z from "zod";

type JsonSchema = { [key: string]: unknown };

/** Keywords that constrain only one instance type, so they move into that type's branch. */
const KEYWORDS_BY_TYPE: Record<string, string[]> = {
  string: ["minLength", "maxLength", "pattern", "format", "contentEncoding", "contentMediaType"],
  number: ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"],
  integer: ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"],
  array: [
    "items",
    "prefixItems",
    "contains",
    "minItems",
    "maxItems",
    "uniqueItems",
    "minContains",
    "maxContains",
    "unevaluatedItems",
  ],
  object: [
    "properties",
    "required",
    "additionalProperties",
    "patternProperties",
    "propertyNames",
    "minProperties",
    "maxProperties",
    "dependentRequired",
    "dependentSchemas",
    "unevaluatedProperties",
  ],
};
const TYPED_KEYWORDS = new Set(Object.values(KEYWORDS_BY_TYPE).flat());

/** A copy of `schema` in which every `type` is a single string. */
export function portableJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(portableJsonSchema);
  if (schema === null || typeof schema !== "object") return schema;
  const source = schema as JsonSchema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(source)) {
    // `properties` and `$defs` map names to schemas; `enum`/`const`/`default`/`examples` are values, left as they are.
    if (key === "properties" || key === "patternProperties" || key === "$defs" || key === "dependentSchemas") {
      out[key] = Object.fromEntries(
        Object.entries(value as JsonSchema).map(([name, sub]) => [name, portableJsonSchema(sub)]),
      );
    } else if (key === "enum" || key === "const" || key === "default" || key === "examples") {
      out[key] = value;
    } else {
      out[key] = portableJsonSchema(value);
    }
  }
  const types = out.type;
  if (!Array.isArray(types)) return out;
  if (types.length === 1) return { ...out, type: types[0] };
  const { type: _type, ...rest } = out;
  const shared = Object.fromEntries(Object.entries(rest).filter(([key]) => !TYPED_KEYWORDS.has(key)));
  const branches = types.map((type: string) => {
    const own = Object.fromEntries(
      (KEYWORDS_BY_TYPE[type] ?? []).filter((key) => key in rest).map((key) => [key, rest[key]]),
    );
    return { type, ...own };
  });
  // An existing anyOf must still hold alongside the new one.
  if (shared.anyOf) {
    const { anyOf, ...others } = shared;
    return { ...others, allOf: [{ anyOf }, { anyOf: branches }] };
  }
  return { ...shared, anyOf: branches };
}

const portable = new WeakMap<z.ZodType, z.ZodType>();

/**
 * The zod schema as the Standard Schema the MCP SDK takes, validating with zod and describing itself with the
 * portable JSON Schema. One wrapper per schema, and each JSON Schema is converted once per set of options: the
 * endpoint builds a server per request and the SDK asks for a tool's output schema on every call, where converting
 * it again cost more than the search itself. Every caller gets the same deeply frozen JSON: a copy per call cost
 * ~20 µs of each tool call, and a caller that tried to change it would throw rather than change the next answer.
 */
export function portableSchema<Schema extends z.ZodType>(schema: Schema): Schema {
  const known = portable.get(schema);
  if (known) return known as Schema;
  const standard = schema["~standard"];
  const { input, output } = standard.jsonSchema;
  const converted = new Map<string, Record<string, unknown>>();
  const memo =
    <Options>(side: "input" | "output", convert: (options: Options) => unknown) =>
    (options: Options) => {
      const key = `${side} ${JSON.stringify(options ?? null)}`;
      let json = converted.get(key);
      if (!json)
        converted.set(key, (json = deepFreeze(portableJsonSchema(convert(options)) as Record<string, unknown>)));
      return json;
    };
  // The zod instance stays the prototype, so parsing, types and the SDK's zod checks are unchanged.
  const wrapped = Object.create(schema, {
    "~standard": {
      value: {
        ...standard,
        jsonSchema: { input: memo("input", input), output: memo("output", output) },
      },
    },
  }) as Schema;
  portable.set(schema, wrapped);
  return wrapped;
}

function deepFreeze<Value>(value: Value): Value {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
