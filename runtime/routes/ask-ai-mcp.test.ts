/** Ask AI retrieval through MCP `search_docs` (`ai.useMcp`, SPEC 2.18) and its failures (as for search, SPEC 2.14). */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ask, askAiSite, readSse } from "../ask-ai/test-kit.ts";
import { startUpstream, type Upstream } from "../search/providers/test-kit.ts";
import { startFakeModelServer, type FakeModelServer } from "../testing/openai-compatible-server.ts";

let model: FakeModelServer;
let mcp: Upstream;
let kit: Awaited<ReturnType<typeof askAiSite>>;
const REMOTE = {
  id: "r1",
  url: "https://other.example/docs/retries",
  title: "Remote retries",
  section: "Backoff",
  content: "REMOTE-CONTEXT backoff doubles.",
  description: null,
  type: "section",
};
beforeAll(async () => {
  model = await startFakeModelServer();
  mcp = await startUpstream((req) => {
    const message = JSON.parse(req.body);
    return {
      body: {
        jsonrpc: "2.0",
        id: message.id,
        result: {
          content: [{ type: "text", text: JSON.stringify({ results: [REMOTE] }) }],
          structuredContent: { results: [REMOTE] },
        },
      },
    };
  });
  kit = await askAiSite();
});
afterAll(async () => {
  await model.close();
  await mcp.close();
});

describe("Ask AI retrieval through MCP search_docs", () => {
  it("calls a remote server's search_docs with the configured headers and quotes what it returns", async () => {
    const handler = kit.handler(model.baseUrl, {
      ai: { useMcp: { endpoint: `${mcp.origin}/mcp`, headers: { authorization: "Bearer mcp-secret-42" } } },
    });
    const events = await readSse(await handler(ask("How does backoff work?")));
    const call = JSON.parse(mcp.requests.at(-1)!.body);
    expect(call).toMatchObject({
      method: "tools/call",
      params: { name: "search_docs", arguments: { query: "How does backoff work?", limit: 20 } },
    });
    expect(mcp.requests.at(-1)!.headers.authorization).toBe("Bearer mcp-secret-42");
    expect(events.find((e) => e.event === "sources")!.data.sources).toEqual([
      { id: 1, url: REMOTE.url, title: "Remote retries", section: "Backoff" },
    ]);
    expect(model.calls.at(-1)!.body.messages[0].content).toContain("REMOTE-CONTEXT");
  });

  it("answers useMcp: true and this site's own MCP route in-process, from the built-in agent index", async () => {
    const before = mcp.requests.length;
    for (const useMcp of [true, { endpoint: "/mcp" }]) {
      const events = await readSse(
        await kit.handler(model.baseUrl, { ai: { useMcp } })(ask("How do cron time zones work?")),
      );
      expect(events.find((e) => e.event === "sources")!.data.sources[0].url).toMatch(
        /\/docs\/guides\/scheduling\/cron/,
      );
    }
    expect(mcp.requests.length).toBe(before);
  });

  const broken = {
    name: "broken",
    search: () => {
      throw new Error("index offline");
    },
  };

  it("falls back to the built-in agent index when the configured provider fails, as public search does", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const analytics = vi.fn();
    const response = await kit.handler(model.baseUrl, {
      ai: { useMcp: true },
      search: { provider: "custom", adapter: broken },
      analytics: { onEvent: analytics },
    })(ask("How do cron time zones work?"));
    errors.mockRestore();
    expect(response.status).toBe(200);
    expect(response.headers.get("x-docs-search-fallback")).toBe("custom; reason=adapter_failed");
    const events = await readSse(response);
    expect(events.find((e) => e.event === "sources")!.data.sources[0].url).toMatch(/\/docs\/guides\/scheduling\/cron/);
    expect(analytics.mock.calls.map(([event]) => event.name ?? event.type)).toContain("search_fallback");
  });

  it("answers 502 search_provider_failed without calling the model when the fallback is turned off", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const calls = model.calls.length;
    const response = await kit.handler(
      model.baseUrl,
      { ai: { useMcp: true }, search: { provider: "custom", adapter: broken } },
      { searchTransport: { fallback: false } },
    )(ask("What is a job?"));
    errors.mockRestore();
    expect(response.status).toBe(502);
    expect((await response.json()).error.code).toBe("search_provider_failed");
    expect(model.calls.length).toBe(calls);
  });
});
