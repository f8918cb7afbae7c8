/** Typesense and Algolia providers through the handler, against fake engines on loopback sockets. */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import type { AnalyticsEvent } from "../../config.ts";
import { snapshotSite, request, type SnapshotSite } from "../../testing/built-site.ts";
import { callTool, reroutingFetch, startUpstream, type Upstream, type UpstreamAnswer } from "./test-kit.ts";

const TYPESENSE_KEY = "ts_search_key_3f9a1c";
const ALGOLIA_KEY = "algolia_search_key_77d2e0";

let site: SnapshotSite;
let upstream: Upstream;
let answer: (url: string) => UpstreamAnswer;
let errors: MockInstance;

beforeAll(async () => {
  site = await snapshotSite();
  upstream = await startUpstream((recorded) => answer(recorded.url));
});
afterAll(async () => {
  await upstream.close();
});
beforeEach(() => {
  upstream.requests.length = 0;
  errors = vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => errors.mockRestore());

const HITS = [
  {
    document: {
      id: "concepts/retries-and-backoff#backoff",
      url: "/docs/concepts/retries-and-backoff#backoff",
      title: "Retries and backoff",
      section: "Backoff",
      content: "Exponential backoff doubles the delay.",
      description: "How retries work",
      type: "section",
    },
    text_match: 1234,
  },
  { document: { title: "no url: dropped" } },
  { highlights: [] },
  { document: { id: 7, url: "/docs/faq", title: "FAQ", content: `${"filler ".repeat(100)}backoff ends here` } },
];

/** The fallback to the built-in index is off here: these tests pin each provider's own failures (fallback.test.ts). */
const typesense = (search: Record<string, unknown> = {}, timeoutMs?: number) =>
  site.handler({
    config: {
      search: {
        provider: "typesense",
        baseUrl: `${upstream.origin}/`,
        collection: "acme docs",
        apiKey: TYPESENSE_KEY,
        ...search,
      },
    },
    searchTransport: { fallback: false, ...(timeoutMs ? { timeoutMs } : {}) },
  });
const search = async (handler: ReturnType<typeof typesense>, query = "retry backoff") =>
  handler(request(`/api/docs?query=${encodeURIComponent(query)}`));
const logged = () => errors.mock.calls.map((call) => call.join(" ")).join("\n");

describe("typesense provider", () => {
  it("sends the keyword search with the search-only key and maps hit documents", async () => {
    answer = () => ({ body: { found: 3, hits: HITS } });
    const response = await search(typesense({ maxResults: 3 }));
    expect(response.status).toBe(200);

    const [sent] = upstream.requests;
    const url = new URL(sent.url, upstream.origin);
    expect(sent.method).toBe("GET");
    expect(url.pathname).toBe("/collections/acme%20docs/documents/search");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      q: "retry backoff",
      query_by: "title,section,content",
      per_page: "3",
    });
    expect(sent.headers["x-typesense-api-key"]).toBe(TYPESENSE_KEY);

    const text = await response.text();
    expect(text).not.toContain(TYPESENSE_KEY);
    const body = JSON.parse(text);
    expect(body.provider).toBe("typesense");
    expect(body.results).toHaveLength(2);
    expect(body.results[0]).toEqual({
      id: "concepts/retries-and-backoff#backoff",
      url: "/docs/concepts/retries-and-backoff#backoff",
      title: "Retries and backoff",
      section: "Backoff",
      content: "Exponential backoff doubles the delay.",
      description: "How retries work",
      type: "section",
    });
    // Missing fields get defaults; long text is cut to a window around the match, as with the built-in index.
    expect(body.results[1]).toMatchObject({
      id: "7",
      url: "/docs/faq",
      section: null,
      description: null,
      type: "page",
    });
    expect(body.results[1].content.length).toBeLessThanOrEqual(282);
    expect(body.results[1].content).toContain("backoff");
  });

  it("queries the configured queryBy fields and caps results at maxResults", async () => {
    answer = () => ({
      body: {
        hits: Array.from({ length: 8 }, (_, i) => ({ document: { id: `d${i}`, url: `/docs/faq#${i}`, title: "FAQ" } })),
      },
    });
    const body = await (await search(typesense({ queryBy: ["title", "content"], maxResults: 5 }))).json();
    expect(new URL(upstream.requests[0].url, upstream.origin).searchParams.get("query_by")).toBe("title,content");
    expect(body.results).toHaveLength(5);
  });

  it("adds the auto-embedding field for hybrid search without an embeddings provider", async () => {
    answer = () => ({ body: { hits: HITS.slice(0, 1) } });
    await search(typesense({ mode: "hybrid" }));
    const params = new URL(upstream.requests[0].url, upstream.origin).searchParams;
    expect(params.get("query_by")).toBe("title,section,content,embedding");
    expect(params.get("exclude_fields")).toBe("embedding");
  });

  it("embeds the query with the embeddings provider and sends a vector_query for hybrid search", async () => {
    answer = (url) =>
      url === "/api/embed"
        ? { body: { model: "nomic-embed-text", embeddings: [[0.25, -0.5, 1]] } }
        : { body: { results: [{ hits: HITS.slice(0, 1) }] } };
    const response = await search(
      typesense({
        mode: "hybrid",
        embeddings: { provider: "ollama", model: "nomic-embed-text", baseUrl: upstream.origin },
      }),
    );
    const [embed, multi] = upstream.requests;
    expect(embed.method).toBe("POST");
    expect(JSON.parse(embed.body)).toEqual({ model: "nomic-embed-text", input: ["retry backoff"] });
    expect(embed.headers["x-typesense-api-key"]).toBeUndefined();
    expect(multi.url).toBe("/multi_search");
    expect(multi.headers["x-typesense-api-key"]).toBe(TYPESENSE_KEY);
    expect(JSON.parse(multi.body)).toEqual({
      searches: [
        {
          collection: "acme docs",
          q: "retry backoff",
          query_by: "title,section,content",
          vector_query: "embedding:([0.25,-0.5,1], k:10)",
          exclude_fields: "embedding",
          per_page: 10,
        },
      ],
    });
    expect((await response.json()).results[0].id).toBe("concepts/retries-and-backoff#backoff");
  });

  it.each([
    ["a 5xx answer", { status: 503, body: { message: `overloaded; key ${TYPESENSE_KEY}` } }, "answered HTTP 503"],
    [
      "a 401 answer",
      { status: 401, body: { message: "Forbidden - a valid `x-typesense-api-key` header must be sent." } },
      "answered HTTP 401",
    ],
    ["a body that is not JSON", { body: "<html>proxy error</html>" }, "other than JSON"],
    ["JSON without hits", { body: { results: [] } }, "without hits"],
  ])("answers 502 search_provider_failed for %s, without the key", async (_name, reply, message) => {
    answer = () => reply;
    const response = await search(typesense());
    expect(response.status).toBe(502);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const text = await response.text();
    expect(JSON.parse(text).error).toEqual({
      code: "search_provider_failed",
      message: expect.stringContaining(message),
    });
    expect(text).not.toContain(TYPESENSE_KEY);
    expect(text).not.toContain(upstream.origin);
    expect(logged()).toContain("search provider typesense failed");
    expect(logged()).not.toContain(TYPESENSE_KEY);
  });

  it("does not follow a redirect, so the key header never reaches another host", async () => {
    answer = (url) => ({ status: 302, headers: { location: `${upstream.origin}/elsewhere` }, body: url });
    const response = await search(typesense());
    expect(response.status).toBe(502);
    expect((await response.json()).error.message).toContain("answered HTTP 302");
    expect(upstream.requests).toHaveLength(1);
  });

  it("gives up after the timeout with a 502", async () => {
    answer = () => ({ delayMs: 2_000, body: { hits: [] } });
    const started = performance.now();
    const response = await search(typesense({}, 150));
    expect(performance.now() - started).toBeLessThan(1_500);
    expect(response.status).toBe(502);
    expect((await response.json()).error.message).toContain("did not answer within 150 ms");
  });

  it("answers 502 when the engine cannot be reached", async () => {
    const closed = await startUpstream(() => ({}));
    await closed.close();
    const handler = site.handler({
      config: { search: { provider: "typesense", baseUrl: closed.origin, collection: "docs", apiKey: TYPESENSE_KEY } },
      searchTransport: { fallback: false },
    });
    const response = await search(handler);
    expect(response.status).toBe(502);
    expect((await response.json()).error.message).toContain("could not be reached");
  });

  it("reports the provider in the search event and never the key", async () => {
    answer = () => ({ body: { hits: HITS } });
    const events: AnalyticsEvent[] = [];
    const handler = site.handler({
      config: {
        search: { provider: "typesense", baseUrl: upstream.origin, collection: "docs", apiKey: TYPESENSE_KEY },
        analytics: { includeInputs: true, onEvent: (event: AnalyticsEvent) => void events.push(event) },
      },
    });
    await search(handler);
    expect(events).toEqual([
      { type: "search", properties: { resultCount: 2, locale: null, provider: "typesense", query: "retry backoff" } },
    ]);
    expect(JSON.stringify(events)).not.toContain(TYPESENSE_KEY);
  });

  it("answers MCP search_docs through the engine, with page paths and public URLs", async () => {
    answer = () => ({ body: { hits: HITS } });
    const result = await callTool(typesense(), "search_docs", { query: "backoff", limit: 4 });
    expect(result.isError).toBeFalsy();
    expect(new URL(upstream.requests[0].url, upstream.origin).searchParams.get("per_page")).toBe("4");
    const { provider, results } = result.structuredContent!;
    expect(provider).toBe("typesense");
    expect(results[0]).toMatchObject({
      path: "concepts/retries-and-backoff",
      url: "https://queue.acme.dev/docs/concepts/retries-and-backoff#backoff",
      content: "Exponential backoff doubles the delay.",
    });
    expect(results[0].score).toBeUndefined();
    expect(results[1].path).toBe("faq");
  });

  it("turns an engine failure into an MCP tool error without the key", async () => {
    answer = () => ({ status: 500, body: { message: TYPESENSE_KEY } });
    const result = await callTool(typesense(), "search_docs", { query: "backoff" });
    expect(result.isError).toBe(true);
    expect(result.content[0].text).toContain("search_docs failed: The typesense search provider answered HTTP 500.");
    expect(JSON.stringify(result)).not.toContain(TYPESENSE_KEY);
  });
});

describe("algolia provider", () => {
  const seen: string[] = [];
  const algolia = (search: Record<string, unknown> = {}) =>
    site.handler({
      config: {
        search: { provider: "algolia", appId: "ACME1", indexName: "acme docs", searchApiKey: ALGOLIA_KEY, ...search },
      },
      searchTransport: {
        fallback: false,
        fetch: (input, init) => {
          seen.push(String(input));
          return reroutingFetch("https://acme1-dsn.algolia.net", upstream.origin)(input, init);
        },
      },
    });
  beforeEach(() => void (seen.length = 0));

  it("posts the query to the DSN host with the application id and search key, and maps hits", async () => {
    answer = () => ({
      body: {
        hits: [
          {
            objectID: "obj-1",
            url: "/docs/concepts/retries-and-backoff#backoff",
            title: "Retries and backoff",
            section: "Backoff",
            content: "Exponential backoff.",
            type: "section",
            _highlightResult: {},
          },
          { objectID: "obj-2", title: "no url" },
          {
            objectID: "obj-3",
            id: "faq",
            url: "/docs/faq",
            title: "FAQ",
            content: "Questions.",
            description: "Answers",
          },
        ],
        nbHits: 3,
      },
    });
    const response = await search(algolia({ maxResults: 4 }), "retry & backoff");
    expect(seen).toEqual(["https://acme1-dsn.algolia.net/1/indexes/acme%20docs/query"]);
    const [sent] = upstream.requests;
    expect(sent.method).toBe("POST");
    expect(sent.url).toBe("/1/indexes/acme%20docs/query");
    expect(sent.headers["x-algolia-application-id"]).toBe("ACME1");
    expect(sent.headers["x-algolia-api-key"]).toBe(ALGOLIA_KEY);
    const params = new URLSearchParams(JSON.parse(sent.body).params);
    expect(Object.fromEntries(params)).toEqual({ query: "retry & backoff", hitsPerPage: "4" });

    const text = await response.text();
    expect(text).not.toContain(ALGOLIA_KEY);
    const body = JSON.parse(text);
    expect(body.provider).toBe("algolia");
    expect(body.results.map((result: { id: string }) => result.id)).toEqual(["obj-1", "faq"]);
    expect(body.results[1]).toMatchObject({ description: "Answers", section: null, type: "page" });
  });

  it("answers 502 for a refused key, without echoing it", async () => {
    answer = () => ({
      status: 403,
      body: { message: `Invalid Application-ID or API key ${ALGOLIA_KEY}`, status: 403 },
    });
    const response = await search(algolia());
    expect(response.status).toBe(502);
    const text = await response.text();
    expect(JSON.parse(text).error.code).toBe("search_provider_failed");
    expect(text).not.toContain(ALGOLIA_KEY);
    expect(logged()).not.toContain(ALGOLIA_KEY);
  });
});
