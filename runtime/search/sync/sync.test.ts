/**
 * `docs search sync` against local servers that follow Typesense's, Algolia's and Ollama's published REST APIs
 * (fake-engines.ts): create when missing, upsert in batches, delete stale, idempotent, dry run writes nothing,
 * retries on 429/5xx, clear errors on 4xx and timeouts, keys never in messages, public chunks only.
 */
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { SearchChunk } from "../../contract/index.ts";
import { resolveSearchConfig } from "../providers/config.ts";
import { snapshotSite } from "../../testing/built-site.ts";
import { reroutingFetch } from "../providers/test-kit.ts";
import { algoliaWriteHost, syncAlgolia } from "./algolia-sync.ts";
import { type FakeServer, startFakeAlgolia, startFakeOllama, startFakeTypesense } from "./fake-engines.ts";
import { syncDocuments, type SyncDocument } from "./sync-documents.ts";
import { TYPESENSE_BATCH, syncTypesense } from "./typesense-sync.ts";

const ADMIN = "ts_admin_key_9c41e2";
const ALGOLIA_ADMIN = "algolia_admin_key_5be8a0";
const APP = "QUIRETEST";
const transport = (timeoutMs = 2000) => resolveSearchConfig({}, { timeoutMs }).transport;

let chunks: SearchChunk[];
let documents: SyncDocument[];
const servers: FakeServer[] = [];
const track = <T extends FakeServer>(server: T) => {
  servers.push(server);
  return server;
};

beforeAll(async () => {
  const site = await snapshotSite();
  chunks = JSON.parse(await site.readText("_docs/search-human.json"));
  documents = await syncDocuments(chunks);
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** Many documents, to cross batch sizes. */
const many = (count: number) =>
  syncDocuments(
    Array.from({ length: count }, (_, i) => ({
      id: `generated/page-${i}`,
      path: `generated/page-${i}`,
      url: `/docs/generated/page-${i}`,
      title: `Generated page ${i}`,
      section: null,
      content: `Body of generated page ${i}.`,
      type: "page" as const,
    })),
  );

describe("sync documents", () => {
  it("holds the public chunks only, once each, with a digest", async () => {
    expect(documents.length).toBe(new Set(chunks.map((chunk) => chunk.id)).size);
    expect(documents.every((document) => /^sha256:[0-9a-f]{64}$/.test(document.digest))).toBe(true);
    // The example site hides text in <Agent> blocks; public documents never carry it.
    const agentOnly = JSON.parse(await (await snapshotSite()).readText("_docs/search-agent.json")) as SearchChunk[];
    const humanText = documents.map((document) => document.content).join("\n");
    const agentText = agentOnly.map((chunk) => chunk.content).join("\n");
    expect(agentText).toContain("AGENT-ONLY");
    expect(humanText).not.toContain("AGENT-ONLY");
  });
});

describe("typesense sync", () => {
  const run = (server: FakeServer, extra: Partial<Parameters<typeof syncTypesense>[0]> = {}) =>
    syncTypesense({
      baseUrl: `${server.origin}/`,
      collection: "acme docs",
      adminApiKey: ADMIN,
      documents,
      transport: transport(),
      backoffMs: 5,
      ...extra,
    });

  it("creates the collection and its schema, upserts every document, and a second run sends nothing", async () => {
    const server = track(await startFakeTypesense(ADMIN));
    const first = await run(server);
    expect(first).toMatchObject({ created: true, upserted: documents.length, deleted: 0, unchanged: 0 });
    const collection = server.collections.get("acme docs")!;
    expect(collection.schema.fields.map((field) => field.name)).toEqual(
      expect.arrayContaining(["title", "section", "content", "description", "type", "path", "url", "digest"]),
    );
    expect(collection.docs.size).toBe(documents.length);
    const sample = collection.docs.get(documents[0].id)!;
    expect(sample).toMatchObject({ url: documents[0].url, title: documents[0].title, digest: documents[0].digest });

    server.log.length = 0;
    const second = await run(server);
    expect(second).toMatchObject({ created: false, upserted: 0, deleted: 0, unchanged: documents.length, batches: 0 });
    expect(server.log.every((line) => line.startsWith("GET "))).toBe(true);
  });

  it("upserts changed documents and deletes those no chunk has any more", async () => {
    const server = track(await startFakeTypesense(ADMIN));
    await run(server);
    const edited = documents
      .slice(1)
      .map((document, i) =>
        i === 0 ? { ...document, content: `${document.content} edited`, digest: "sha256:changed" } : document,
      );
    const report = await run(server, { documents: edited });
    expect(report).toMatchObject({ upserted: 1, deleted: 1, unchanged: documents.length - 2 });
    const docs = server.collections.get("acme docs")!.docs;
    expect(docs.has(documents[0].id)).toBe(false);
    expect(docs.get(edited[0].id)?.content).toMatch(/ edited$/);
    expect(server.log.some((line) => line.startsWith("DELETE /collections/acme%20docs/documents?filter_by="))).toBe(
      true,
    );
  });

  it("sends imports in batches and reports progress", async () => {
    const server = track(await startFakeTypesense(ADMIN));
    const big = await many(TYPESENSE_BATCH * 2 + 5);
    const progress: number[] = [];
    const report = await run(server, { documents: big, onProgress: (_phase, done) => progress.push(done) });
    expect(report.upserted).toBe(big.length);
    expect(server.log.filter((line) => line.includes("/documents/import?action=upsert"))).toHaveLength(3);
    expect(progress).toEqual([TYPESENSE_BATCH, TYPESENSE_BATCH * 2, big.length]);
  });

  it("a dry run reads and reports but writes nothing", async () => {
    const server = track(await startFakeTypesense(ADMIN));
    const report = await run(server, { dryRun: true });
    expect(report).toMatchObject({ dryRun: true, created: true, upserted: documents.length });
    expect(server.collections.size).toBe(0);
    expect(server.log.every((line) => line.startsWith("GET "))).toBe(true);
  });

  it("retries 429 and 503 (honouring Retry-After) and then succeeds", async () => {
    const server = track(await startFakeTypesense(ADMIN));
    server.faults.push({ status: 429, retryAfter: 0 }, { status: 503 });
    const report = await run(server);
    expect(report.upserted).toBe(documents.length);
    expect(server.log.slice(0, 3)).toEqual(Array(3).fill("GET /collections/acme%20docs"));
  });

  it("gives up after the retries with the status in the message, never the key", async () => {
    const server = track(await startFakeTypesense(ADMIN));
    server.faults.push(...Array(4).fill({ status: 500 }));
    const failure = await run(server).catch((error: Error) => error);
    expect(String(failure)).toContain("HTTP 500");
    expect(String(failure)).not.toContain(ADMIN);
  });

  it("reports a wrong admin key with Typesense's own message", async () => {
    const server = track(await startFakeTypesense("another key"));
    const failure = (await run(server).catch((error: Error) => error)) as Error;
    expect(failure.message).toMatch(/HTTP 401: Forbidden - a valid `x-typesense-api-key` header must be sent/);
    expect(failure.message).not.toContain(ADMIN);
  });

  it("fails when the import reports documents it refused", async () => {
    const server = track(await startFakeTypesense(ADMIN));
    await run(server);
    // A field the schema requires is missing from every sent document.
    server.collections.get("acme docs")!.schema.fields.push({ name: "weight", type: "int32" });
    const failure = (await run(server, { documents: documents.map((d) => ({ ...d, digest: "sha256:new" })) }).catch(
      (error: Error) => error,
    )) as Error;
    expect(failure.message).toMatch(/imported 0 of \d+ documents; first error: Field `weight`/);
  });

  it("times out on a server that does not answer", async () => {
    const server = track(await startFakeTypesense(ADMIN));
    server.faults.push({ status: 200, delayMs: 1000 });
    const failure = (await run(server, { transport: transport(100) }).catch((error: Error) => error)) as Error;
    expect(failure.message).toMatch(/did not answer within 100 ms/);
  });

  describe("hybrid with embeddings", () => {
    it("embeds every sent document, adds the vector field to the schema, and re-embeds after a model change", async () => {
      const server = track(await startFakeTypesense(ADMIN));
      const ollama = track(await startFakeOllama(["nomic-embed-text", "all-minilm"], 8));
      const embeddings = { model: "nomic-embed-text", baseUrl: ollama.origin };
      const report = await run(server, { embeddings });
      expect(report).toMatchObject({ embedded: documents.length, embeddingsSkipped: null });
      const collection = server.collections.get("acme docs")!;
      expect(collection.schema.fields).toContainEqual({
        name: "embedding",
        type: "float[]",
        num_dim: 8,
        optional: true,
      });
      expect((collection.docs.get(documents[0].id)!.embedding as number[]).length).toBe(8);
      expect(ollama.log.every((line) => line === "POST /api/embed")).toBe(true);

      expect(await run(server, { embeddings })).toMatchObject({ upserted: 0 });
      const switched = await run(server, { embeddings: { ...embeddings, model: "all-minilm" } });
      expect(switched.upserted).toBe(documents.length);
    });

    it("without the embeddings server says so, stays keyword-only, and embeds on the next sync", async () => {
      const server = track(await startFakeTypesense(ADMIN));
      const down = { model: "nomic-embed-text", baseUrl: "http://127.0.0.1:9" };
      const report = await run(server, { embeddings: down, transport: transport(500) });
      expect(report.embeddingsSkipped).toMatch(/embeddings .*could not be reached/);
      expect(report.upserted).toBe(documents.length);
      const collection = server.collections.get("acme docs")!;
      expect(collection.schema.fields.some((field) => field.name === "embedding")).toBe(false);

      const ollama = track(await startFakeOllama(["nomic-embed-text"], 4));
      const later = await run(server, { embeddings: { ...down, baseUrl: ollama.origin } });
      expect(later).toMatchObject({ upserted: documents.length, embedded: documents.length });
      expect(collection.schema.fields).toContainEqual({
        name: "embedding",
        type: "float[]",
        num_dim: 4,
        optional: true,
      });
    });

    it("names a model the embeddings server lacks", async () => {
      const server = track(await startFakeTypesense(ADMIN));
      const ollama = track(await startFakeOllama(["all-minilm"]));
      const report = await run(server, { embeddings: { model: "nomic-embed-text", baseUrl: ollama.origin } });
      expect(report.embeddingsSkipped).toMatch(/HTTP 404: model "nomic-embed-text" not found/);
    });
  });
});

describe("algolia sync", () => {
  const run = (server: FakeServer, extra: Partial<Parameters<typeof syncAlgolia>[0]> = {}) =>
    syncAlgolia({
      appId: APP,
      indexName: "acme_docs",
      adminApiKey: ALGOLIA_ADMIN,
      documents,
      transport: { ...transport(), fetch: reroutingFetch(algoliaWriteHost(APP), server.origin) },
      backoffMs: 5,
      pollMs: 5,
      ...extra,
    });

  it("creates the index with its settings, upserts records, waits for the task, and is idempotent", async () => {
    const server = track(await startFakeAlgolia(APP, ALGOLIA_ADMIN));
    const first = await run(server);
    expect(first).toMatchObject({ created: true, upserted: documents.length, deleted: 0 });
    const index = server.indexes.get("acme_docs")!;
    expect(index.settings.searchableAttributes).toEqual(expect.arrayContaining(["title", "section"]));
    expect(index.records.get(documents[0].id)).toMatchObject({ objectID: documents[0].id, url: documents[0].url });
    expect(
      server.log.filter((line) => line.startsWith("GET /1/indexes/acme_docs/task/")).length,
    ).toBeGreaterThanOrEqual(2);

    server.log.length = 0;
    const second = await run(server);
    expect(second).toMatchObject({ created: false, upserted: 0, unchanged: documents.length, batches: 0 });
    expect(server.log.some((line) => line.includes("/batch"))).toBe(false);
  });

  it("follows browse cursors and deletes stale records", async () => {
    const server = track(await startFakeAlgolia(APP, ALGOLIA_ADMIN, 7));
    const big = await many(30);
    await run(server, { documents: big });
    const report = await run(server, { documents: big.slice(0, 20) });
    expect(report).toMatchObject({ upserted: 0, deleted: 10, unchanged: 20 });
    expect(server.log.filter((line) => line === "POST /1/indexes/acme_docs/browse").length).toBe(5); // 30 records, 7 a page
    expect(server.indexes.get("acme_docs")!.records.size).toBe(20);
  });

  it("a dry run writes nothing", async () => {
    const server = track(await startFakeAlgolia(APP, ALGOLIA_ADMIN));
    const report = await run(server, { dryRun: true });
    expect(report).toMatchObject({ dryRun: true, created: true, upserted: documents.length });
    expect(server.indexes.size).toBe(0);
  });

  it("retries a 429 and reports a wrong key with Algolia's message, never the key", async () => {
    const server = track(await startFakeAlgolia(APP, "another key"));
    server.faults.push({ status: 429, retryAfter: 0 });
    const failure = (await run(server).catch((error: Error) => error)) as Error;
    expect(failure.message).toBe("The algolia server answered HTTP 403: Invalid Application-ID or API key.");
    expect(server.log[0]).toBe("GET /1/indexes/acme_docs/settings");
    expect(server.log).toHaveLength(2);
  });

  it("reports a record the index refuses", async () => {
    const server = track(await startFakeAlgolia(APP, ALGOLIA_ADMIN));
    const huge = [{ ...documents[0], content: "x".repeat(120_000) }];
    const failure = (await run(server, { documents: huge }).catch((error: Error) => error)) as Error;
    expect(failure.message).toMatch(/HTTP 400: Record at the position 0 .* is too big/);
  });
});
