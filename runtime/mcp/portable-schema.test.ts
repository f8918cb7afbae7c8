import { Ajv2020 } from "ajv/dist/2020.js";
import { beforeAll, describe, expect, it } from "vitest";
import { request, snapshotSite, type SnapshotSite } from "../testing/built-site.ts";
import { portableJsonSchema } from "./portable-schema.ts";

interface Tool {
  name: string;
  inputSchema: object;
  outputSchema?: object;
}

/** Every place in a schema where a client with simple JSON Schema support would stumble. */
function portabilityProblems(schema: unknown, at = "#"): string[] {
  if (Array.isArray(schema)) return schema.flatMap((item, i) => portabilityProblems(item, `${at}/${i}`));
  if (schema === null || typeof schema !== "object") return [];
  const node = schema as Record<string, unknown>;
  const problems: string[] = [];
  if ("type" in node && typeof node.type !== "string") problems.push(`${at}: type ${JSON.stringify(node.type)}`);
  if ("additionalProperties" in node) {
    const extra = node.additionalProperties;
    if (
      extra !== false &&
      !(extra && typeof extra === "object" && typeof (extra as { type?: unknown }).type === "string")
    )
      problems.push(`${at}: untyped additionalProperties`);
  }
  for (const [key, value] of Object.entries(node)) {
    if (["enum", "const", "default", "examples"].includes(key)) continue;
    // Maps of names to schemas: a property may well be called "type".
    if (["properties", "patternProperties", "$defs"].includes(key)) {
      for (const [name, sub] of Object.entries(value as object))
        problems.push(...portabilityProblems(sub, `${at}/${key}/${name}`));
    } else {
      problems.push(...portabilityProblems(value, `${at}/${key}`));
    }
  }
  return problems;
}

let site: SnapshotSite;
let tools: Tool[];
async function rpc(method: string, params?: unknown) {
  const response = await site.handler()(
    request("/mcp", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
    }),
  );
  return (await response.json()).result;
}
beforeAll(async () => {
  site = await snapshotSite();
  tools = (await rpc("tools/list")).tools;
});

describe("MCP tool schemas are portable", () => {
  it("use a single type everywhere and typed or closed additionalProperties", () => {
    expect(tools.length).toBe(10);
    const problems = tools.flatMap((tool) => [
      ...portabilityProblems(tool.inputSchema, `${tool.name} input`),
      ...portabilityProblems(tool.outputSchema ?? {}, `${tool.name} output`),
    ]);
    expect(problems).toEqual([]);
  });

  it("are valid JSON Schema 2020-12 under Ajv's strict mode", () => {
    const ajv = new Ajv2020({ strict: true, allErrors: true });
    for (const tool of tools) {
      for (const schema of [tool.inputSchema, tool.outputSchema].filter(Boolean)) {
        expect(() => ajv.compile(schema as object), tool.name).not.toThrow();
      }
    }
  });

  it("still describe what the tools answer: real results validate against their output schemas", async () => {
    const ajv = new Ajv2020({ strict: false });
    const args: Record<string, object> = {
      read_task: { path: "getting-started/installation" },
      search_docs: { query: "retry backoff" },
      get_context: { query: "install the package", maxBytes: 2000 },
      get_code_examples: { query: "queue", limit: 3 },
      read_page: { path: "concepts" },
    };
    let checked = 0;
    for (const tool of tools) {
      const result = await rpc("tools/call", { name: tool.name, arguments: args[tool.name] ?? {} });
      expect(result.isError ?? false, tool.name).toBe(false);
      if (!tool.outputSchema) continue;
      const validate = ajv.compile(tool.outputSchema);
      expect(validate(result.structuredContent), `${tool.name}: ${JSON.stringify(validate.errors)}`).toBe(true);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(8);
  });
});

describe("portableJsonSchema", () => {
  const ajv = new Ajv2020({ strict: false });
  const accepts = (schema: object, values: unknown[]) => values.map((value) => ajv.validate(schema, value));
  const samples = [null, "", "abc", "x".repeat(20), 0, 3, 3.5, -1, true, [], [1], {}, { a: 1 }];

  it("turns a type list into single-type branches that keep their own keywords", () => {
    const nullableString = { description: "d", type: ["string", "null"], maxLength: 5 };
    expect(portableJsonSchema(nullableString)).toEqual({
      description: "d",
      anyOf: [{ type: "string", maxLength: 5 }, { type: "null" }],
    });
    const nullableInt = { type: ["integer", "null"], minimum: 1 };
    expect(portableJsonSchema(nullableInt)).toEqual({ anyOf: [{ type: "integer", minimum: 1 }, { type: "null" }] });
    for (const schema of [
      nullableString,
      nullableInt,
      { type: ["array", "object"], items: { type: "number" }, required: ["a"] },
    ]) {
      expect(accepts(portableJsonSchema(schema) as object, samples)).toEqual(accepts(schema, samples));
    }
  });

  it("keeps an existing anyOf next to the new one, and leaves enum values and property names alone", () => {
    const schema = { type: ["string", "null"], anyOf: [{ minLength: 2 }, { maxLength: 0 }] };
    const converted = portableJsonSchema(schema) as object;
    expect(accepts(converted, samples)).toEqual(accepts(schema, samples));
    expect(portabilityProblems(converted)).toEqual([]);
    const named = { type: "object", properties: { type: { type: ["string", "null"] } }, enum: [{ type: ["a"] }] };
    expect(portableJsonSchema(named)).toEqual({
      type: "object",
      properties: { type: { anyOf: [{ type: "string" }, { type: "null" }] } },
      enum: [{ type: ["a"] }],
    });
  });

  it("unwraps a one-element type list", () => {
    expect(portableJsonSchema({ type: ["string"] })).toEqual({ type: "string" });
  });
});
