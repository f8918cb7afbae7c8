/**
 * Public search falls back to the built-in index when an external provider fails (issue 12): the answer says so in
 * a `fallback` field, the `X-Docs-Search-Fallback` header and a `search_fallback` analytics event, never with the key
 * or the upstream's words; `searchTransport: { fallback: false }` keeps the 502.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import type { AnalyticsEvent } from "../../config.ts";
import { snapshotSite, request, type SnapshotSite } from "../../testing/built-site.ts";
import { startUpstream, type Upstream, type UpstreamAnswer } from "./test-kit.ts";

const KEY = "ts_search_key_fallback_91b2";
let site: SnapshotSite;
let upstream: Upstream;
let answer: () => UpstreamAnswer;
let errors: MockInstance;

beforeAll(async () => {
  site = await snapshotSite();
  upstream = await startUpstream(() => answer());
});
afterAll(() => upstream.close());
beforeEach(() => void (errors = vi.spyOn(console, "error").mockImplementation(() => {})));
afterEach(() => errors.mockRestore());

function typesense(
  baseUrl: string,
  events: AnalyticsEvent[] = [],
  transport: { fallback?: boolean; timeoutMs?: number } = {},
) {
  return site.handler({
    config: {
      search: { provider: "typesense", baseUrl, collection: "docs", apiKey: KEY },
      analytics: { onEvent: (event: AnalyticsEvent) => void events.push(event) },
    },
    searchTransport: transport,
  });
}

describe("search fallback to the built-in index", () => {
  it.each([
    ["a 503", { status: 503, body: { message: `overloaded ${KEY}` } }, "http", {}],
    ["a timeout", { delayMs: 1_000, body: { hits: [] } }, "timeout", { timeoutMs: 100 }],
  ] as const)(
    "answers from the built-in index after %s and names the fallback and its reason",
    async (_name, reply, reason, transport) => {
      answer = () => reply;
      const events: AnalyticsEvent[] = [];
      const response = await typesense(upstream.origin, events, transport)(request("/api/docs?query=dead%20letter"));
      expect(response.status).toBe(200);
      expect(response.headers.get("x-docs-search-fallback")).toBe(`typesense; reason=${reason}`);
      expect(response.headers.get("cache-control")).toBe("no-store");
      const text = await response.text();
      const body = JSON.parse(text);
      expect(body).toMatchObject({ provider: "simple", fallback: { from: "typesense", reason } });
      expect(body.results[0].url).toContain("/docs/concepts/retries-and-backoff");
      expect(text).not.toContain(KEY);
      expect(events.map((event) => event.type)).toEqual(["search_fallback", "search"]);
      expect(events[0].properties).toEqual({ from: "typesense", reason, provider: "simple" });
      expect(JSON.stringify(events)).not.toContain(KEY);
    },
  );

  it("answers from the built-in index when the engine cannot be reached", async () => {
    const closed = await startUpstream(() => ({}));
    await closed.close();
    const response = await typesense(closed.origin)(request("/api/docs?query=heartbeat"));
    expect(response.status).toBe(200);
    expect(response.headers.get("x-docs-search-fallback")).toBe("typesense; reason=unreachable");
    expect((await response.json()).results.length).toBeGreaterThan(0);
  });

  it("keeps the 502 when the handler turns the fallback off", async () => {
    answer = () => ({ status: 500, body: {} });
    const response = await typesense(upstream.origin, [], { fallback: false })(request("/api/docs?query=heartbeat"));
    expect(response.status).toBe(502);
    expect(response.headers.get("x-docs-search-fallback")).toBeNull();
    expect((await response.json()).error.code).toBe("search_provider_failed");
  });

  it("adds nothing when the provider answers", async () => {
    answer = () => ({ body: { hits: [] } });
    const response = await typesense(upstream.origin)(request("/api/docs?query=heartbeat"));
    expect(response.headers.get("x-docs-search-fallback")).toBeNull();
    expect(await response.json()).toEqual({ query: "heartbeat", locale: null, provider: "typesense", results: [] });
  });
});
