/**
 * `mode: "hybrid"` with `embeddings` end to end: `docs search sync` embeds the documents through an Ollama-API
 * server, the runtime embeds each query through it and Typesense merges keyword and vector rankings; without the
 * embeddings server the search says so and stays keyword-only (never a 502, never the fallback index).
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import type { SearchChunk } from "../../contract/index.ts";
import { request, snapshotSite, type SnapshotSite } from "../../testing/built-site.ts";
import { type FakeServer, startFakeOllama, startFakeTypesense, type FakeTypesense } from "../sync/fake-engines.ts";
import { syncDocuments } from "../sync/sync-documents.ts";
import { syncTypesense } from "../sync/typesense-sync.ts";
import { resolveSearchConfig } from "./config.ts";

const ADMIN = "ts_admin_hybrid_0e7d";
const SEARCH = "ts_search_hybrid_61f2";
const MODEL = "nomic-embed-text";

let site: SnapshotSite;
let typesense: FakeTypesense;
let ollama: FakeServer;
let warnings: MockInstance;

beforeAll(async () => {
  site = await snapshotSite();
});
beforeEach(async () => {
  typesense = await startFakeTypesense(ADMIN, SEARCH);
  ollama = await startFakeOllama([MODEL], 16);
  warnings = vi.spyOn(console, "warn").mockImplementation(() => {});
  const chunks = JSON.parse(await site.readText("_docs/search-human.json")) as SearchChunk[];
  const report = await syncTypesense({
    baseUrl: typesense.origin,
    collection: "docs",
    adminApiKey: ADMIN,
    documents: await syncDocuments(chunks),
    transport: resolveSearchConfig({}).transport,
    embeddings: { model: MODEL, baseUrl: ollama.origin },
  });
  expect(report.embedded).toBe(report.upserted);
  typesense.log.length = 0;
  ollama.log.length = 0;
});
afterEach(async () => {
  warnings.mockRestore();
  await Promise.all([typesense.close(), ollama.close()]);
});

const hybrid = (baseUrl: string) =>
  site.handler({
    config: {
      search: {
        provider: "typesense",
        baseUrl: typesense.origin,
        collection: "docs",
        apiKey: SEARCH,
        mode: "hybrid",
        embeddings: { provider: "ollama", model: MODEL, baseUrl },
      },
    },
    searchTransport: { fallback: false, timeoutMs: 500 },
  });

describe("hybrid search with embeddings", () => {
  it("embeds the query and lets Typesense merge keyword and vector rankings", async () => {
    const response = await hybrid(ollama.origin)(request("/api/docs?query=retry%20backoff"));
    expect(response.status).toBe(200);
    const body = (await response.json()) as { provider: string; results: { url: string }[] };
    expect(body.provider).toBe("typesense");
    expect(body.results.length).toBeGreaterThan(0);
    expect(body.results.some((result) => /retries/.test(result.url))).toBe(true);
    expect(ollama.log).toEqual(["POST /api/embed"]);
    expect(typesense.log).toEqual(["POST /multi_search"]);
    expect(warnings).not.toHaveBeenCalled();
  });

  it("finds by meaning what no keyword matches (the vector half of the merge)", async () => {
    // Only the vector ranking can place anything: no document holds this invented word.
    const response = await hybrid(ollama.origin)(request("/api/docs?query=zzqxv"));
    const body = (await response.json()) as { results: unknown[] };
    expect(body.results.length).toBeGreaterThan(0);
  });

  it("without the embeddings server says so and answers keyword-only from Typesense", async () => {
    const response = await hybrid("http://127.0.0.1:9")(request("/api/docs?query=backoff"));
    expect(response.status).toBe(200);
    const body = (await response.json()) as { provider: string; results: unknown[]; fallback?: unknown };
    expect(body.provider).toBe("typesense");
    expect(body.fallback).toBeUndefined();
    expect(body.results.length).toBeGreaterThan(0);
    expect(typesense.log).toEqual([expect.stringMatching(/^GET \/collections\/docs\/documents\/search\?/)]);
    expect(new URL(typesense.log[0].slice(4), "http://x").searchParams.get("query_by")).toBe("title,section,content");
    expect(String(warnings.mock.calls[0])).toMatch(/hybrid search: .*could not be reached.*keyword-only/);
  });
});
