/** `custom` search: the site's adapter object or factory, what it receives, and what happens to what it returns. */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { snapshotSite, request, type SnapshotSite } from "../../testing/built-site.ts";
import { callTool } from "./test-kit.ts";
import type { SearchAdapterContext } from "./types.ts";

let site: SnapshotSite;
let errors: MockInstance;
beforeAll(async () => {
  site = await snapshotSite();
});
beforeEach(() => {
  errors = vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => errors.mockRestore());

const RESULT = {
  id: "jobs",
  url: "/docs/concepts/jobs",
  title: "Jobs",
  section: null,
  content: "A job is a unit of work.",
  description: "What a job is",
  type: "page",
};
const withAdapter = (adapter: unknown, extra: Record<string, unknown> = {}, timeoutMs?: number) =>
  site.handler({
    config: { search: { provider: "custom", adapter, ...extra } },
    searchTransport: { fallback: false, ...(timeoutMs ? { timeoutMs } : {}) },
  });
const search = (handler: ReturnType<typeof withAdapter>, query = "jobs", extra = "") =>
  handler(request(`/api/docs?query=${encodeURIComponent(query)}${extra}`));

describe("custom adapter", () => {
  it("answers public search from an adapter object, with the human documents and normalized pages", async () => {
    let seen: { query: string; context: SearchAdapterContext } | undefined;
    const adapter = {
      name: "in-house",
      search: (query: string, context: SearchAdapterContext) => ((seen = { query, context }), [RESULT]),
    };
    const response = await search(withAdapter(adapter, { maxResults: 4 }), "jobs", "&lang=en");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ query: "jobs", locale: "en", provider: "custom", results: [RESULT] });

    const { context } = seen!;
    expect(seen!.query).toBe("jobs");
    expect(context).toMatchObject({ locale: "en", limit: 4, audience: "human" });
    expect(context.signal).toBeInstanceOf(AbortSignal);
    expect(context.pages.find((page) => page.path === "concepts/jobs")).toEqual({
      path: "concepts/jobs",
      url: "/docs/concepts/jobs",
      markdownUrl: "/docs/concepts/jobs.md",
      title: "Jobs",
      description: expect.any(String),
      locale: null,
      tags: expect.any(Array),
      hidden: false,
    });
    const documents = await context.documents();
    expect(documents.length).toBeGreaterThan(context.pages.length);
    expect(Object.keys(documents[0]).sort()).toEqual([
      "content",
      "description",
      "id",
      "locale",
      "path",
      "section",
      "title",
      "type",
      "url",
    ]);
    // The human projection: <Agent> text never reaches a public-search adapter.
    expect(documents.some((document) => document.content.includes("HUMAN-ONLY"))).toBe(true);
    expect(documents.some((document) => document.content.includes("AGENT-ONLY"))).toBe(false);
  });

  it("calls a factory once and accepts { results } answers", async () => {
    const factory = vi.fn(async () => ({ name: "factory-made", search: async () => ({ results: [RESULT] }) }));
    const handler = withAdapter(factory);
    expect((await (await search(handler)).json()).results).toEqual([RESULT]);
    expect((await (await search(handler)).json()).results).toEqual([RESULT]);
    expect(factory).toHaveBeenCalledTimes(1);
  });

  it("drops malformed items, fills defaults and caps at maxResults", async () => {
    const adapter = {
      name: "sloppy",
      search: () => [
        null,
        "text",
        42,
        [RESULT],
        { title: "no url" },
        { url: "" },
        { url: "/docs/faq", section: "Billing", content: 17 },
        RESULT,
        { ...RESULT, title: "duplicate id" },
        { url: "/docs/concepts/queues" },
        { url: "/docs/concepts/workers" },
      ],
    };
    const { results } = await (await search(withAdapter(adapter, { maxResults: 3 }))).json();
    expect(results).toEqual([
      {
        id: "/docs/faq",
        url: "/docs/faq",
        title: "Billing",
        section: "Billing",
        content: "",
        description: null,
        type: "section",
      },
      RESULT,
      {
        id: "/docs/concepts/queues",
        url: "/docs/concepts/queues",
        title: "/docs/concepts/queues",
        section: null,
        content: "",
        description: null,
        type: "page",
      },
    ]);
  });

  it.each([
    [
      "throws",
      {
        name: "x",
        search: () => {
          throw new Error("boom at /var/secret/path");
        },
      },
    ],
    ["rejects", { name: "x", search: async () => Promise.reject(new TypeError("bad")) }],
    ["returns no list", { name: "x", search: () => ({ hits: "nope" }) }],
    ["is not an adapter", { name: "no search function" }],
    [
      "comes from a factory that throws",
      () => {
        throw new Error("factory failed");
      },
    ],
  ])("answers 502 search_provider_failed when the adapter %s", async (_name, adapter) => {
    const response = await search(withAdapter(adapter));
    expect(response.status).toBe(502);
    const text = await response.text();
    expect(JSON.parse(text).error).toEqual({
      code: "search_provider_failed",
      message: expect.stringContaining("custom search"),
    });
    expect(text).not.toContain("/var/secret/path");
    expect(text).not.toMatch(/at .*\.ts:\d+/);
    expect(errors).toHaveBeenCalled();
  });

  it("retries a factory that failed once", async () => {
    let calls = 0;
    const factory = () => {
      if (++calls === 1) throw new Error("not ready");
      return { name: "ready", search: () => [RESULT] };
    };
    const handler = withAdapter(factory);
    expect((await search(handler)).status).toBe(502);
    expect((await search(handler)).status).toBe(200);
  });

  it("does not wait past the timeout for a slow adapter", async () => {
    let aborted = false;
    const adapter = {
      name: "slow",
      search: (_query: string, context: SearchAdapterContext) =>
        new Promise((resolve) => {
          context.signal.addEventListener("abort", () => void (aborted = true));
          setTimeout(() => resolve([RESULT]), 2_000);
        }),
    };
    const started = performance.now();
    const response = await search(withAdapter(adapter, {}, 100));
    expect(performance.now() - started).toBeLessThan(1_500);
    expect(response.status).toBe(502);
    expect((await response.json()).error.message).toContain("did not answer within 100 ms");
    expect(aborted).toBe(true);
  });

  it("answers MCP search_docs with the agent documents", async () => {
    let audience: string | undefined;
    let agentText = false;
    const adapter = {
      name: "agentic",
      search: async (_query: string, context: SearchAdapterContext) => {
        audience = context.audience;
        agentText = (await context.documents()).some((document) => document.content.includes("AGENT-ONLY"));
        return [RESULT];
      },
    };
    const result = await callTool(withAdapter(adapter), "search_docs", { query: "jobs", limit: 2 });
    expect(audience).toBe("agent");
    expect(agentText).toBe(true);
    expect(result.structuredContent).toEqual({
      provider: "custom",
      results: [{ ...RESULT, path: "concepts/jobs", url: "https://queue.acme.dev/docs/concepts/jobs" }],
    });
  });

  it("reports adapter failures to MCP clients as tool errors", async () => {
    const result = await callTool(
      withAdapter({
        name: "x",
        search: () => {
          throw new Error("internal detail");
        },
      }),
      "search_docs",
      { query: "jobs" },
    );
    expect(result.isError).toBe(true);
    expect(result.content[0].text).toBe(
      "search_docs failed: The custom search provider failed. get_context and list_pages still answer from the built-in index.",
    );
  });
});
