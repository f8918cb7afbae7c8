/**
 * Plain `tools/call` requests answered directly (direct-call.ts) against the same requests sent through the SDK's
 * stateless transport: the same status, type and bytes for every tool, with data answers, tool errors and stripped
 * arguments, at every 2025-era protocol version and without the header. Requests the direct answer must not take go
 * to the SDK, and each direct call reports its tool event once.
 */
import path from "node:path";
import { SUPPORTED_PROTOCOL_VERSIONS } from "@modelcontextprotocol/server";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { loadSiteData, type SiteData } from "../site-data.ts";
import { createDirectoryStore } from "../store/directory.ts";
import { answerPlainToolCall } from "./direct-call.ts";
import { createMcpEndpoint } from "./http-endpoint.ts";
import type { McpToolEvent } from "./server.ts";
import { searchDocs } from "./tools/search.ts";

let data: SiteData;

beforeAll(async () => {
  data = await loadSiteData(createDirectoryStore(path.resolve("snapshots/example")));
}, 60_000);

const HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream" };

function call(id: number | string, name: string, args?: Record<string, unknown>) {
  return { jsonrpc: "2.0", id, method: "tools/call", params: { name, ...(args ? { arguments: args } : {}) } };
}

function post(body: unknown, headers: Record<string, string> = HEADERS, method = "POST"): Request {
  return new Request("http://docs.test/mcp", {
    method,
    headers,
    body: method === "GET" ? undefined : JSON.stringify(body),
  });
}

async function answer(endpoint: ReturnType<typeof createMcpEndpoint>, body: unknown, headers = HEADERS) {
  const response = await endpoint(post(body, headers), body);
  return { status: response.status, type: response.headers.get("content-type"), body: await response.text() };
}

describe("plain tools/call answered directly", () => {
  it("answers every tool as the SDK does, byte for byte, at every 2025-era protocol version", async () => {
    const withContract = data.pages.find((page) => page.contract !== null)!;
    const somePage = data.pages.find((page) => page.path !== "")!;
    const calls = [
      call(1, "list_docs"),
      call(2, "list_pages", {}),
      call("three", "list_pages", { locale: "fr" }),
      call(4, "list_tasks", { query: "retry" }),
      call(5, "read_task", { path: withContract.path }),
      call(6, "read_task", { path: "no/such/page" }),
      call(7, "get_navigation", {}),
      call(8, "search_docs", { query: "retry backoff" }),
      call(9, "search_docs", { query: "retry", limit: 3, unknown: "dropped by the schema" }),
      call(10, "search_docs", { query: "zzzzqqq" }),
      call(11, "read_page", { path: somePage.path }),
      call(12, "read_page", { path: "no/such/page" }),
      call(13, "get_code_examples", {}),
      call(14, "get_config_schema", {}),
      call(15, "get_context", { query: "retry backoff", maxBytes: 2_000 }),
    ];
    const direct = createMcpEndpoint(data);
    const sdk = createMcpEndpoint(data, {}, { directToolCalls: false });
    for (const version of [undefined, ...SUPPORTED_PROTOCOL_VERSIONS]) {
      const headers = version ? { ...HEADERS, "mcp-protocol-version": version } : HEADERS;
      for (const body of calls) {
        // The direct answer is the one taken here, not a fall-back to the SDK.
        expect(await answerPlainToolCall(post(body, headers), body, data, {})).not.toBeNull();
        const expected = await answer(sdk, body, headers);
        expect(expected.status).toBe(200);
        expect(await answer(direct, body, headers), `${version} ${JSON.stringify(body)}`).toEqual(expected);
      }
    }
  });

  it("turns an answer that breaks the tool's output schema into the SDK's tool error", async () => {
    const broken = [
      { content: [{ type: "text" as const, text: "{}" }], structuredContent: { provider: 1, results: [{ id: 2 }] } },
      { content: [{ type: "text" as const, text: "no data" }] },
    ];
    const direct = createMcpEndpoint(data);
    const sdk = createMcpEndpoint(data, {}, { directToolCalls: false });
    const body = call(1, "search_docs", { query: "retry" });
    for (const result of broken) {
      const spy = vi.spyOn(searchDocs, "run").mockResolvedValue(result);
      try {
        const expected = await answer(sdk, body);
        expect(JSON.parse(expected.body).result.isError).toBe(true);
        expect(await answer(direct, body)).toEqual(expected);
      } finally {
        spy.mockRestore();
      }
    }
  });

  it("leaves every other request to the SDK", async () => {
    const plain = call(1, "search_docs", { query: "retry" });
    const cases: [string, unknown, Record<string, string>?, string?][] = [
      ["a GET", plain, HEADERS, "GET"],
      ["a batch", [plain]],
      ["another method", { ...plain, method: "tools/list" }],
      ["a notification (no id)", { jsonrpc: "2.0", method: "tools/call", params: plain.params }],
      ["a null id", { ...plain, id: null }],
      ["a fractional id", { ...plain, id: 1.5 }],
      ["another JSON-RPC version", { ...plain, jsonrpc: "1.0" }],
      ["a key beside the request's", { ...plain, extra: true }],
      ["params with _meta", { ...plain, params: { ...plain.params, _meta: { progressToken: 1 } } }],
      ["arguments that are a list", call(1, "search_docs", [] as never)],
      ["a tool the site does not have", call(1, "delete_everything", {})],
      ["arguments the tool refuses", call(1, "search_docs", { query: "" })],
      ["no Accept for event streams", plain, { ...HEADERS, accept: "application/json" }],
      ["a body that is not declared JSON", plain, { ...HEADERS, "content-type": "text/plain" }],
      ["an unknown protocol version", plain, { ...HEADERS, "mcp-protocol-version": "1999-01-01" }],
    ];
    for (const [label, body, headers = HEADERS, method = "POST"] of cases)
      expect(await answerPlainToolCall(post(body, headers, method), body, data, {}), label).toBeNull();
    // A site that turned a tool off: its calls go to the SDK, which says the tool does not exist.
    const without = {
      ...data,
      settings: { ...data.settings, mcp: { ...data.settings.mcp, tools: { searchDocs: false } } },
    };
    expect(await answerPlainToolCall(post(plain), plain, without as SiteData, {})).toBeNull();
  });

  it("reports each call's tool event once, with its parsed input when asked, as the SDK's servers do", async () => {
    const body = call(1, "search_docs", { query: "retry backoff", unknown: "dropped by the schema" });
    const eventsOf = async (directToolCalls: boolean) => {
      const events: McpToolEvent[] = [];
      const endpoint = createMcpEndpoint(data, {}, { directToolCalls });
      await endpoint(post(body), body, { includeInputs: true, onToolEvent: (event) => events.push(event) });
      return events.map(({ durationMs: _, ...event }) => event);
    };
    const direct = await eventsOf(true);
    expect(direct).toEqual([{ tool: "search_docs", ok: true, input: { query: "retry backoff" } }]);
    expect(direct).toEqual(await eventsOf(false));
  });
});
