import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { loadSiteData, type SiteData } from "../site-data.ts";
import { createDirectoryStore } from "../store/directory.ts";
import type { McpToolKey } from "../contract/index.ts";
import { createMcpEndpoint, DOCS_TOOLS, type McpToolEvent } from "./index.ts";
import { connectClient, textOf } from "./test-kit.ts";

/** The committed golden tree of the example site (read-only). */
let out: string;
let data: SiteData;

beforeAll(async () => {
  out = path.resolve("snapshots/example");
  data = await loadSiteData(createDirectoryStore(out));
}, 60_000);

/** The same site with other MCP settings, as a different docs.config would compile them. */
function withMcp(mcp: Partial<SiteData["settings"]["mcp"]>): SiteData {
  return { ...data, settings: { ...data.settings, mcp: { ...data.settings.mcp, ...mcp } } };
}

const ALL_TOOLS = [
  "list_docs",
  "list_pages",
  "list_tasks",
  "read_task",
  "get_navigation",
  "search_docs",
  "read_page",
  "get_code_examples",
  "get_config_schema",
  "get_context",
];

const SAMPLE_ARGS: Record<string, Record<string, unknown>> = {
  read_task: { path: "getting-started/quickstart" },
  search_docs: { query: "cron schedule" },
  read_page: { path: "concepts/queues", section: "Priorities" },
  get_code_examples: { language: "bash", limit: 3 },
  get_context: { query: "rate limits", maxBytes: 1500 },
};

const MODERN_META = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientInfo": { name: "raw", version: "1" },
  "io.modelcontextprotocol/clientCapabilities": {},
};

async function post(endpoint: (r: Request) => Promise<Response>, body: string, headers: Record<string, string> = {}) {
  const response = await endpoint(
    new Request("http://docs.test/mcp", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
      body,
    }),
  );
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

describe("MCP endpoint over streamable HTTP", () => {
  for (const era of ["legacy", "modern"] as const) {
    it(`lists and calls every tool (${era === "modern" ? "2026-07-28" : "2025-11-25"})`, async () => {
      const client = await connectClient(createMcpEndpoint(data), era);
      expect(client.getNegotiatedProtocolVersion()).toBe(era === "modern" ? "2026-07-28" : "2025-11-25");
      expect(client.getServerVersion()).toMatchObject({ name: "Acme Queue", version: "0.0.0" });
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual(ALL_TOOLS);
      for (const tool of tools) {
        expect(tool.inputSchema.type).toBe("object");
        expect(tool.annotations?.readOnlyHint).toBe(true);
        const result = await client.callTool({ name: tool.name, arguments: SAMPLE_ARGS[tool.name] ?? {} });
        expect(result.isError ?? false, tool.name).toBe(false);
        expect(textOf(result).length, tool.name).toBeGreaterThan(0);
      }
      await client.close();
    });
  }

  it("gives both protocol eras the same answers", async () => {
    const legacy = await connectClient(createMcpEndpoint(data), "legacy");
    const modern = await connectClient(createMcpEndpoint(data), "modern");
    for (const name of ALL_TOOLS) {
      const args = SAMPLE_ARGS[name] ?? {};
      const a = await legacy.callTool({ name, arguments: args });
      const b = await modern.callTool({ name, arguments: args });
      expect(b.content, name).toEqual(a.content);
      expect(b.structuredContent, name).toEqual(a.structuredContent);
    }
    await Promise.all([legacy.close(), modern.close()]);
  });

  it("leaves toggled-off tools out of tools/list and refuses calls to them", async () => {
    const tools = Object.fromEntries(DOCS_TOOLS.map((t) => [t.key, true])) as Record<McpToolKey, boolean>;
    const site = withMcp({
      tools: { ...tools, readPage: false, getContext: false },
      name: "Queue Docs",
      version: "2.1.0",
    });
    for (const era of ["legacy", "modern"] as const) {
      const client = await connectClient(createMcpEndpoint(site), era);
      expect(client.getServerVersion()).toMatchObject({ name: "Queue Docs", version: "2.1.0" });
      const names = (await client.listTools()).tools.map((t) => t.name);
      expect(names).toEqual(ALL_TOOLS.filter((n) => n !== "read_page" && n !== "get_context"));
      expect(client.getInstructions()).not.toContain("read_page");
      await expect(client.callTool({ name: "read_page", arguments: { path: "faq" } })).rejects.toThrow(/read_page/);
      await client.close();
    }
  });

  it("answers 404 when MCP is turned off", async () => {
    const response = await post(
      createMcpEndpoint(withMcp({ enabled: false })),
      JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
    );
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe(-32601);
  });

  it("reports each tool call, with inputs only when asked", async () => {
    const events: McpToolEvent[] = [];
    const quiet = await connectClient(createMcpEndpoint(data, { onToolEvent: (e) => events.push(e) }), "legacy");
    await quiet.callTool({ name: "search_docs", arguments: { query: "secret words" } });
    await quiet.callTool({ name: "read_page", arguments: { path: "nope" } });
    const verbose = await connectClient(
      createMcpEndpoint(data, {
        includeInputs: true,
        onToolEvent: (e) => {
          events.push(e);
          throw new Error("analytics down");
        },
      }),
      "modern",
    );
    const answered = await verbose.callTool({ name: "list_docs", arguments: {} });
    expect(answered.isError ?? false).toBe(false);
    expect(events.map(({ tool, ok }) => ({ tool, ok }))).toEqual([
      { tool: "search_docs", ok: true },
      { tool: "read_page", ok: false },
      { tool: "list_docs", ok: true },
    ]);
    expect(events[0]).not.toHaveProperty("input");
    expect(events[2].input).toEqual({});
    expect(events.every((e) => e.durationMs >= 0)).toBe(true);
    await Promise.all([quiet.close(), verbose.close()]);
  });

  describe("malformed JSON-RPC gets JSON-RPC errors, never a 5xx", () => {
    const cases: [string, string, Record<string, string>, number][] = [
      ["invalid JSON", "{not json", {}, -32700],
      ["an empty body", "", {}, -32700],
      ["the wrong jsonrpc version", JSON.stringify({ jsonrpc: "1.0", id: 1, method: "ping" }), {}, -32600],
      ["a message without jsonrpc", JSON.stringify({ id: 1, method: "tools/list" }), {}, -32600],
      ["a batch of non-messages", JSON.stringify([1, "two"]), {}, -32600],
      ["an unknown method (2025)", JSON.stringify({ jsonrpc: "2.0", id: 7, method: "docs/unknown" }), {}, -32601],
      [
        "an unknown tool (2025)",
        JSON.stringify({ jsonrpc: "2.0", id: 8, method: "tools/call", params: { name: "rm_rf", arguments: {} } }),
        {},
        -32602,
      ],
      [
        "an unknown method (2026-07-28)",
        JSON.stringify({ jsonrpc: "2.0", id: 9, method: "docs/unknown", params: { _meta: MODERN_META } }),
        { "mcp-protocol-version": "2026-07-28", "mcp-method": "docs/unknown" },
        -32601,
      ],
      [
        "an unknown tool (2026-07-28)",
        JSON.stringify({
          jsonrpc: "2.0",
          id: 10,
          method: "tools/call",
          params: { name: "rm_rf", arguments: {}, _meta: MODERN_META },
        }),
        { "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/call", "mcp-name": "rm_rf" },
        -32602,
      ],
    ];
    for (const [what, body, headers, code] of cases) {
      it(`answers ${what} with error ${code}`, async () => {
        const response = await post(createMcpEndpoint(data), body, headers);
        expect(response.status).toBeLessThan(500);
        expect(response.body.jsonrpc).toBe("2.0");
        expect(response.body.error.code).toBe(code);
      });
    }

    it("answers invalid tool arguments with a tool error", async () => {
      const body = JSON.stringify({
        jsonrpc: "2.0",
        id: 3,
        method: "tools/call",
        params: { name: "search_docs", arguments: { limit: "ten" } },
      });
      const response = await post(createMcpEndpoint(data), body);
      expect(response.status).toBe(200);
      expect(response.body.result.isError).toBe(true);
    });

    it("answers a Mcp-Method header that disagrees with the body", async () => {
      const body = JSON.stringify({ jsonrpc: "2.0", id: 4, method: "tools/list", params: { _meta: MODERN_META } });
      const response = await post(createMcpEndpoint(data), body, {
        "mcp-protocol-version": "2026-07-28",
        "mcp-method": "tools/call",
      });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(response.body.error).toBeDefined();
    });

    it("answers GET and DELETE with 405: the endpoint keeps no sessions", async () => {
      for (const method of ["GET", "DELETE"]) {
        const response = await createMcpEndpoint(data)(
          new Request("http://docs.test/mcp", { method, headers: { accept: "text/event-stream" } }),
        );
        expect(response.status).toBe(405);
        expect(response.headers.get("allow")).toBe("POST");
      }
    });
  });
});
