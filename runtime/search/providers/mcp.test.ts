/** MCP-backed search: a real docs MCP endpoint and fake servers on loopback, and the no-recursion fallback. */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { createMcpEndpoint } from "../../mcp/index.ts";
import { serveOnLoopback } from "../../mcp/test-kit.ts";
import { loadSiteData } from "../../site-data.ts";
import { createDirectoryStore } from "../../store/directory.ts";
import { snapshotSite, ORIGIN, request, type SnapshotSite } from "../../testing/built-site.ts";
import {
  callTool,
  reroutingFetch,
  startUpstream,
  type RecordedRequest,
  type Upstream,
  type UpstreamAnswer,
} from "./test-kit.ts";

const TOKEN = "Bearer mcp_token_51c0ffee";

let site: SnapshotSite;
let remote: { url: string; close(): Promise<void> };
const remoteHeaders: Headers[] = [];
let upstream: Upstream;
let answer: (request: RecordedRequest) => UpstreamAnswer;
let errors: MockInstance;

beforeAll(async () => {
  site = await snapshotSite();
  // Another docs site's MCP server (the same build), as a remote MCP search backend.
  const endpoint = createMcpEndpoint(await loadSiteData(createDirectoryStore(site.dist)));
  remote = await serveOnLoopback(async (incoming) => {
    remoteHeaders.push(new Headers(incoming.headers));
    return endpoint(incoming);
  });
  upstream = await startUpstream((recorded) => answer(recorded));
});
afterAll(async () => {
  await remote.close();
  await upstream.close();
});
beforeEach(() => {
  remoteHeaders.length = 0;
  upstream.requests.length = 0;
  errors = vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => errors.mockRestore());

const withMcp = (search: Record<string, unknown>, transport: Record<string, unknown> = {}) =>
  // The fallback to the built-in index is off here: these tests pin the provider's own failures (fallback.test.ts).
  site.handler({
    config: { search: { provider: "mcp", ...search } },
    searchTransport: { fallback: false, ...transport },
  });
const search = (handler: ReturnType<typeof withMcp>, query = "retry backoff") =>
  handler(request(`/api/docs?query=${encodeURIComponent(query)}`));
const rpcOf = (recorded: RecordedRequest) => JSON.parse(recorded.body);
const toolAnswer = (id: unknown, results: unknown[]) => ({
  jsonrpc: "2.0",
  id,
  result: { content: [{ type: "text", text: JSON.stringify({ results }) }] },
});
const RESULT = {
  id: "faq",
  url: "/docs/faq",
  title: "FAQ",
  section: null,
  content: "Answers.",
  description: null,
  type: "page",
};

describe("mcp provider", () => {
  it("calls search_docs on a remote docs MCP server with the protocol version and configured headers", async () => {
    const response = await search(withMcp({ endpoint: remote.url, headers: { Authorization: TOKEN }, maxResults: 3 }));
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toContain("mcp_token");
    const body = JSON.parse(text);
    expect(body.provider).toBe("mcp");
    expect(body.results).toHaveLength(3);
    expect(body.results[0]).toMatchObject({
      url: expect.stringMatching(/^https:\/\/queue\.acme\.dev\/docs\//),
      title: expect.any(String),
    });
    expect(Object.keys(body.results[0]).sort()).toEqual([
      "content",
      "description",
      "id",
      "section",
      "title",
      "type",
      "url",
    ]);
    const [headers] = remoteHeaders;
    expect(headers.get("authorization")).toBe(TOKEN);
    expect(headers.get("mcp-protocol-version")).toBe("2025-11-25");
    expect(headers.get("accept")).toBe("application/json, text/event-stream");
  });

  it("answers MCP search_docs through the remote server, mapping its URLs to this site's pages", async () => {
    const result = await callTool(withMcp({ endpoint: remote.url }), "search_docs", {
      query: "exponential backoff",
      limit: 2,
    });
    const { provider, results } = result.structuredContent!;
    expect(provider).toBe("mcp");
    expect(results).toHaveLength(2);
    expect(results[0].path).toEqual(expect.any(String));
    expect(results[0].url).toMatch(/^https:\/\/queue\.acme\.dev\/docs\//);
  });

  it("reads SSE answers and sends the configured tool name, protocol version and arguments", async () => {
    answer = (recorded) => ({
      headers: { "content-type": "text/event-stream" },
      body: [
        `event: message\ndata: ${JSON.stringify({ jsonrpc: "2.0", method: "notifications/progress", params: {} })}\n\n`,
        `event: message\r\ndata: ${JSON.stringify(toolAnswer(rpcOf(recorded).id, [RESULT, { title: "no url" }]))}\r\n\r\n`,
      ].join(""),
    });
    const response = await search(
      withMcp({ endpoint: `${upstream.origin}/rpc`, toolName: "find_docs", protocolVersion: "2025-06-18" }),
      "faq",
    );
    expect((await response.json()).results).toEqual([RESULT]);
    const [sent] = upstream.requests;
    expect(sent.url).toBe("/rpc");
    expect(sent.headers["mcp-protocol-version"]).toBe("2025-06-18");
    expect(rpcOf(sent)).toEqual({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "find_docs", arguments: { query: "faq", limit: 10 } },
    });
  });

  it("passes the locale and reads structuredContent", async () => {
    answer = (recorded) => ({
      body: {
        jsonrpc: "2.0",
        id: rpcOf(recorded).id,
        result: { content: [], structuredContent: { results: [RESULT] } },
      },
    });
    const response = await withMcp({ endpoint: `${upstream.origin}/rpc` })(request("/api/docs?query=faq&lang=en"));
    expect((await response.json()).results).toEqual([RESULT]);
    expect(rpcOf(upstream.requests[0]).params.arguments).toEqual({ query: "faq", limit: 10, locale: "en" });
  });

  it("initializes a session when the server refuses calls without one", async () => {
    answer = (recorded) => {
      const message = rpcOf(recorded);
      if (message.method === "initialize") {
        return {
          headers: { "mcp-session-id": "session-1" },
          body: {
            jsonrpc: "2.0",
            id: message.id,
            result: { protocolVersion: "2025-11-25", capabilities: {}, serverInfo: { name: "s", version: "1" } },
          },
        };
      }
      if (recorded.headers["mcp-session-id"] !== "session-1")
        return {
          status: 400,
          body: { jsonrpc: "2.0", error: { code: -32000, message: "Bad Request: Server not initialized" }, id: null },
        };
      if (message.method === "notifications/initialized") return { status: 202, body: "" };
      return { body: toolAnswer(message.id, [RESULT]) };
    };
    const response = await search(withMcp({ endpoint: `${upstream.origin}/rpc` }));
    expect((await response.json()).results).toEqual([RESULT]);
    expect(upstream.requests.map((recorded) => rpcOf(recorded).method)).toEqual([
      "tools/call",
      "initialize",
      "notifications/initialized",
      "tools/call",
    ]);
    expect(rpcOf(upstream.requests[1]).params.protocolVersion).toBe("2025-11-25");
  });

  it.each([
    [
      "a tool error",
      (id: unknown) => ({
        body: { jsonrpc: "2.0", id, result: { isError: true, content: [{ type: "text", text: "index offline" }] } },
      }),
      "tool reported an error",
    ],
    [
      "a JSON-RPC error",
      (id: unknown) => ({ body: { jsonrpc: "2.0", id, error: { code: -32602, message: "Unknown tool" } } }),
      "refused the search",
    ],
    ["an HTTP 500", () => ({ status: 500, body: "oops" }), "answered HTTP 500"],
    ["no answer for the request", () => ({ body: { jsonrpc: "2.0", id: 999, result: {} } }), "did not answer"],
    [
      "a result without a list",
      (id: unknown) => ({ body: { jsonrpc: "2.0", id, result: { content: [{ type: "text", text: "plain words" }] } } }),
      "without a result list",
    ],
  ])("answers 502 for %s, without the configured headers", async (_name, reply, message) => {
    answer = (recorded) => reply(rpcOf(recorded).id);
    const response = await search(withMcp({ endpoint: `${upstream.origin}/rpc`, headers: { authorization: TOKEN } }));
    expect(response.status).toBe(502);
    const text = await response.text();
    expect(JSON.parse(text).error).toEqual({
      code: "search_provider_failed",
      message: expect.stringContaining(message),
    });
    expect(text).not.toContain("mcp_token");
    expect(errors.mock.calls.join("\n")).not.toContain("mcp_token");
  });

  it("times out a server that never answers", async () => {
    answer = () => ({ delayMs: 2_000, body: {} });
    const response = await search(withMcp({ endpoint: `${upstream.origin}/rpc` }, { timeoutMs: 120 }));
    expect(response.status).toBe(502);
    expect((await response.json()).error.message).toContain("did not answer within 120 ms");
  });

  it("resolves a relative endpoint against the request URL", async () => {
    answer = (recorded) => ({ body: toolAnswer(rpcOf(recorded).id, [RESULT]) });
    const handler = withMcp({ endpoint: "/remote/mcp" }, { fetch: reroutingFetch(ORIGIN, upstream.origin) });
    expect((await (await search(handler)).json()).provider).toBe("mcp");
    expect(upstream.requests[0].url).toBe("/remote/mcp");
  });
});

describe("mcp provider pointing at this site's own MCP routes (SPEC 2.14: no recursion)", () => {
  const fetchSpy = vi.fn<typeof fetch>(() => Promise.reject(new Error("must not be called")));
  beforeEach(() => {
    fetchSpy.mockClear();
  });

  it.each(["/mcp", "/api/docs/mcp", "/.well-known/mcp/", `${ORIGIN}/mcp`])(
    "answers public search from the built-in human index for %s",
    async (endpoint) => {
      const body = await (await search(withMcp({ endpoint }, { fetch: fetchSpy }), "dashboard timeline")).json();
      expect(body.provider).toBe("simple");
      expect(body.results.length).toBeGreaterThan(0);
      expect(JSON.stringify(body)).not.toContain("AGENT-ONLY");
      expect(fetchSpy).not.toHaveBeenCalled();
    },
  );

  it("answers search_docs from the built-in agent index", async () => {
    const result = await callTool(withMcp({ endpoint: "/mcp" }, { fetch: fetchSpy }), "search_docs", {
      query: "JSON.stringify Date strings",
      limit: 3,
    });
    const { provider, results } = result.structuredContent!;
    expect(provider).toBe("simple");
    expect(results[0].score).toEqual(expect.any(Number));
    expect(JSON.stringify(results)).toContain("AGENT-ONLY");
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("still calls an MCP route of another origin", async () => {
    answer = (recorded) => ({ body: toolAnswer(rpcOf(recorded).id, [RESULT]) });
    const handler = withMcp(
      { endpoint: "http://other.test/mcp" },
      { fetch: reroutingFetch("http://other.test", upstream.origin) },
    );
    expect((await (await search(handler)).json()).provider).toBe("mcp");
    expect(upstream.requests).toHaveLength(1);
  });
});
