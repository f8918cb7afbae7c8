/**
 * 2025-era MCP requests reuse closed servers (http-endpoint.ts, `LegacyServers`): counted here by wrapping
 * `createMcpServer`, with answers compared to those of servers built for one request each.
 */
import path from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { loadSiteData, type SiteData } from "../site-data.ts";
import { createDirectoryStore } from "../store/directory.ts";
import type { McpServerOptions, McpToolEvent } from "./server.ts";

const built = vi.hoisted(() => ({ count: 0 }));
vi.mock("./server.ts", async (original) => {
  const actual = await original<typeof import("./server.ts")>();
  return {
    ...actual,
    createMcpServer: (...args: Parameters<typeof actual.createMcpServer>) => {
      built.count++;
      return actual.createMcpServer(...args);
    },
  };
});

const { createMcpEndpoint } = await import("./http-endpoint.ts");

let data: SiteData;
/** Plain tools/call requests here go through the SDK's servers, whose reuse is what these tests count. */
const SDK_ONLY = { directToolCalls: false };

beforeAll(async () => {
  data = await loadSiteData(createDirectoryStore(path.resolve("snapshots/example")));
}, 60_000);

const HEADERS = {
  "content-type": "application/json",
  accept: "application/json, text/event-stream",
  "mcp-protocol-version": "2025-11-25",
};

function message(id: number, method: string, params: Record<string, unknown> = {}) {
  return { jsonrpc: "2.0", id, method, params };
}

const INITIALIZE = message(1, "initialize", {
  protocolVersion: "2025-03-26",
  capabilities: { sampling: {} },
  clientInfo: { name: "first", version: "1" },
});
const CALL = message(2, "tools/call", { name: "search_docs", arguments: { query: "cron schedule" } });
const LIST = message(3, "tools/list");

/** Posts `body` as the runtime's route does: read and parsed before the endpoint sees it. */
async function post(
  endpoint: ReturnType<typeof createMcpEndpoint>,
  body: unknown,
  parsed = true,
  options?: McpServerOptions,
) {
  const request = new Request("http://docs.test/mcp", { method: "POST", headers: HEADERS, body: JSON.stringify(body) });
  const response = await endpoint(request, parsed ? body : undefined, options);
  return { status: response.status, body: await response.text() };
}

describe("2025-era MCP servers", () => {
  it("are reused after a request, never after an initialize, and answer as new ones do", async () => {
    const fresh = async (body: unknown) => post(createMcpEndpoint(data, {}, SDK_ONLY), body);
    const endpoint = createMcpEndpoint(data, {}, SDK_ONLY);
    built.count = 0;

    const first = await post(endpoint, CALL);
    expect(first).toEqual(await fresh(CALL));
    built.count = 0;
    for (let i = 0; i < 5; i++) expect(await post(endpoint, CALL)).toEqual(first);
    expect(await post(endpoint, LIST)).toEqual(await fresh(LIST));
    expect(built.count).toBe(1); // `fresh` built one; the endpoint none

    // An initialize records the client on its server: the one kept server answers it and is dropped, so the next
    // request needs a new one, which is then kept.
    built.count = 0;
    const initialized = await post(endpoint, INITIALIZE);
    expect(JSON.parse(initialized.body).result.protocolVersion).toBe("2025-03-26");
    expect(built.count).toBe(0);
    await post(endpoint, CALL);
    await post(endpoint, CALL);
    expect(built.count).toBe(1);
    // So is a server that answered a batch holding an initialize, or a body the endpoint did not see parsed.
    built.count = 0;
    await post(endpoint, [INITIALIZE, LIST]);
    await post(endpoint, CALL);
    expect(built.count).toBe(1);
    await post(endpoint, CALL, false);
    await post(endpoint, CALL);
    expect(built.count).toBe(2);
  });

  it("gives requests in flight together a server each, then keeps them all", async () => {
    const endpoint = createMcpEndpoint(data, {}, SDK_ONLY);
    built.count = 0;
    const answers = await Promise.all(Array.from({ length: 4 }, () => post(endpoint, CALL)));
    expect(built.count).toBe(4);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    await Promise.all(Array.from({ length: 4 }, () => post(endpoint, CALL)));
    expect(built.count).toBe(4);
  });

  it("give each request's tool events to that request's callback, whichever server answers", async () => {
    const endpoint = createMcpEndpoint(data, {}, SDK_ONLY);
    built.count = 0;
    const seen: string[] = [];
    const options = (name: string): McpServerOptions => ({
      includeInputs: true,
      onToolEvent: (event: McpToolEvent) => seen.push(`${name} ${event.tool} ${JSON.stringify(event.input)}`),
    });
    await post(endpoint, CALL, true, options("first"));
    await post(endpoint, message(4, "tools/call", { name: "list_docs", arguments: {} }), true, options("second"));
    await post(endpoint, CALL);
    expect(built.count).toBe(1);
    expect(seen).toEqual(['first search_docs {"query":"cron schedule"}', "second list_docs {}"]);
  });
});
