import { beforeAll, describe, expect, it, vi } from "vitest";
import type { AnalyticsEvent, DocsRuntimeConfig, TraceEvent } from "./config.ts";
import { snapshotSite, request, type SnapshotSite } from "./testing/built-site.ts";

let site: SnapshotSite;
beforeAll(async () => {
  site = await snapshotSite();
});

function streams(analytics: DocsRuntimeConfig["analytics"], observability?: DocsRuntimeConfig["observability"]) {
  return site.handler({ config: { analytics, observability } });
}
const FEEDBACK = JSON.stringify({
  context: { page: "/docs/faq", source: "api" },
  payload: { task: "secret task text", outcome: "ok" },
});
const feedbackRequest = () =>
  request("/api/docs/agent/feedback", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: FEEDBACK,
  });
const toolCall = (id: number) =>
  request("/mcp", {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify([
      {
        jsonrpc: "2.0",
        id,
        method: "initialize",
        params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } },
      },
    ]),
  });

describe("analytics events", () => {
  it("emits search, markdown_read and agent_feedback without inputs by default", async () => {
    const onEvent = vi.fn<(event: AnalyticsEvent) => void>();
    const handler = streams({ onEvent });
    await handler(request("/api/docs?query=cron%20schedule"));
    await handler(request("/docs/concepts", { headers: { accept: "text/markdown" } }));
    await handler(request("/docs/concepts.md"));
    await handler(request("/api/docs?format=markdown&path=faq"));
    await handler(feedbackRequest());
    const events = onEvent.mock.calls.map(([event]) => event);
    expect(events.map((event) => event.type)).toEqual([
      "search",
      "markdown_read",
      "markdown_read",
      "markdown_read",
      "agent_feedback",
    ]);
    expect(events[0].properties).toEqual({ resultCount: expect.any(Number), locale: null, provider: "simple" });
    expect(events.slice(1, 4).map((event) => event.properties.via)).toEqual(["accept", "md-route", "api"]);
    expect(events[4].properties).toEqual({
      route: "/api/docs/agent/feedback",
      source: "api",
      page: "/docs/faq",
      handled: false,
    });
    expect(JSON.stringify(events)).not.toMatch(/cron schedule|secret task text/);
  });

  it("adds raw inputs only with includeInputs", async () => {
    const onEvent = vi.fn<(event: AnalyticsEvent) => void>();
    const handler = streams({ onEvent, includeInputs: true });
    await handler(request("/api/docs?query=cron%20schedule"));
    await handler(feedbackRequest());
    expect(onEvent.mock.calls[0][0].properties.query).toBe("cron schedule");
    expect(onEvent.mock.calls[1][0].properties.payload).toEqual({ task: "secret task text", outcome: "ok" });
  });

  it("emits mcp_tool for MCP tool calls, with arguments only under includeInputs", async () => {
    const onEvent = vi.fn<(event: AnalyticsEvent) => void>();
    for (const includeInputs of [false, true]) {
      onEvent.mockClear();
      const handler = streams({ onEvent, includeInputs });
      const call = request("/mcp", {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          "mcp-protocol-version": "2025-11-25",
        },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 3,
          method: "tools/call",
          params: { name: "search_docs", arguments: { query: "retry backoff" } },
        }),
      });
      expect((await handler(call)).status).toBe(200);
      const tool = onEvent.mock.calls.map(([event]) => event).find((event) => event.type === "mcp_tool");
      expect(tool?.properties).toMatchObject({ tool: "search_docs", ok: true, durationMs: expect.any(Number) });
      expect(tool?.properties.input).toEqual(includeInputs ? { query: "retry backoff" } : undefined);
    }
  });

  it("never lets a throwing or rejecting callback change the response", async () => {
    for (const onEvent of [
      () => {
        throw new Error("boom");
      },
      () => Promise.reject(new Error("boom")),
    ]) {
      const response = await streams({ onEvent })(request("/api/docs?query=cron"));
      expect(response.status).toBe(200);
    }
  });

  it("logs to the console with analytics: true", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    await streams(true)(request("/api/docs?query=cron"));
    expect(log).toHaveBeenCalledWith("[quire analytics]", expect.stringContaining('"type":"search"'));
    log.mockRestore();
  });

  it("is silent when analytics is off", async () => {
    const onEvent = vi.fn();
    await streams({ enabled: false, onEvent })(request("/api/docs?query=cron"));
    expect(onEvent).not.toHaveBeenCalled();
  });
});

describe("observability trace events", () => {
  it("traces an MCP run: run.start, tool.result, run.end with one traceId and durations", async () => {
    const onEvent = vi.fn<(event: TraceEvent) => void>();
    const handler = streams(false, { onEvent });
    const call = request("/api/docs/mcp", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-protocol-version": "2025-11-25",
      },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 4,
        method: "tools/call",
        params: { name: "read_page", arguments: { path: "faq" } },
      }),
    });
    await handler(call);
    const events = onEvent.mock.calls.map(([event]) => event);
    expect(events.map((event) => event.type)).toEqual(["run.start", "tool.result", "run.end"]);
    const traceId = events[0].traceId;
    expect(traceId).toMatch(/^[0-9a-f-]{36}$/);
    for (const event of events) {
      expect(event.traceId).toBe(traceId);
      expect(event.durationMs).toBeGreaterThanOrEqual(0);
    }
    expect(events[0]).toMatchObject({ name: "mcp", route: "/api/docs/mcp", methods: ["tools/call"] });
    expect(events[1]).toMatchObject({ tool: "read_page", ok: true });
    expect(events[1].input).toBeUndefined();
    expect(events[2]).toMatchObject({ status: 200 });
  });

  it("gives each run its own traceId and attaches inputs only with includeInputs", async () => {
    const onEvent = vi.fn<(event: TraceEvent) => void>();
    const handler = streams(false, { onEvent, includeInputs: true });
    await handler(toolCall(1));
    await handler(toolCall(2));
    await handler(
      request("/mcp", {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          "mcp-protocol-version": "2025-11-25",
        },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 5,
          method: "tools/call",
          params: { name: "read_page", arguments: { path: "faq" } },
        }),
      }),
    );
    const events = onEvent.mock.calls.map(([event]) => event);
    const starts = events.filter((event) => event.type === "run.start");
    expect(starts).toHaveLength(3);
    expect(new Set(starts.map((event) => event.traceId)).size).toBe(3);
    expect(events.find((event) => event.type === "tool.result")?.input).toEqual({ path: "faq" });
  });
});
