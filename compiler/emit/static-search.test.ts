/**
 * The static index (issue 12) over the example's committed public chunks, queried by the dialog's own code
 * (templates/search.js in a VM): it ranks like the runtime's built-in index, reaches the golden figures, shares the
 * runtime's tokenizer, and holds only what the human chunks hold.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { STATIC_SEARCH_INDEX_FILE, type SearchChunk, type StaticSearchIndex } from "../../runtime/contract/index.ts";
import { EXAMPLE_GOLDEN_QUERIES } from "../../runtime/search/golden-queries.ts";
import { measureRelevance } from "../../runtime/search/relevance.ts";
import { createSimpleSearch, tokenize } from "../../runtime/search/simple.ts";
import { createStaticSearchClient } from "../testing/static-search-client.ts";
import { buildStaticSearch, DOCUMENT_SHARD_SIZE } from "./static-search.ts";

const snapshot = path.resolve(import.meta.dirname, "../../snapshots/example/_docs");
const chunksOf = async (): Promise<SearchChunk[]> =>
  JSON.parse(await readFile(path.join(snapshot, "search-human.json"), "utf8"));

describe("the static search index", () => {
  it("ranks the golden queries like the runtime's index (same first result but for near-ties) and reaches recall@5 0.8", async () => {
    const chunks = await chunksOf();
    const files = buildStaticSearch(chunks);
    const client = createStaticSearchClient((file) => files.get(file) ?? null);
    const runtime = createSimpleSearch(chunks);
    // Static hits carry URLs; a section without its own anchor (the Agent Contract block) shares its page's URL.
    const idOf = new Map<string, string>();
    for (const chunk of chunks) if (!idOf.has(chunk.url)) idOf.set(chunk.url, chunk.id);
    // Weights are stored as integers (× 100), so chunks within 0.01 of each other may swap places.
    let same = 0;
    for (const { query } of EXAMPLE_GOLDEN_QUERIES) {
      const [first] = await client.search(query);
      const [best, second] = await runtime.search(query);
      if (first.url === best.chunk.url) same++;
      else expect(best.score - second.score, `${query}: static first is not the runtime's`).toBeLessThan(0.02);
    }
    expect(same / EXAMPLE_GOLDEN_QUERIES.length).toBeGreaterThanOrEqual(0.9);
    const report = await measureRelevance(EXAMPLE_GOLDEN_QUERIES, async (query) =>
      (await client.search(query)).map((hit) => idOf.get(hit.url)!),
    );
    console.log(
      `static index, example golden queries: recall@5 ${report.recallAt5.toFixed(2)}, MRR ${report.mrr.toFixed(2)}`,
    );
    expect(report.recallAt5).toBeGreaterThanOrEqual(0.8);
  });

  it("finds a half-typed last word by prefix, and nothing for stop words alone", async () => {
    const files = buildStaticSearch(await chunksOf());
    const client = createStaticSearchClient((file) => files.get(file) ?? null);
    expect((await client.search("heartbe"))[0].section).toBe("Leases and heartbeats");
    expect(await client.search("the of and")).toEqual([]);
    expect(await client.search("zzqxv")).toEqual([]);
  });

  it("tokenizes like the runtime", async () => {
    const client = createStaticSearchClient(() => null);
    for (const text of [
      "Retries and backoff",
      "Ünïcode café naïve",
      "createQueue(options) → Job",
      "jobs, boxes, queues; running_workers 42x",
    ]) {
      expect(client.tokenize(text)).toEqual(tokenize(text));
    }
  });

  it("writes only the chunks' own text, shards documents by DOCUMENT_SHARD_SIZE and is deterministic", async () => {
    const chunks = await chunksOf();
    const files = buildStaticSearch(chunks);
    expect(buildStaticSearch(chunks)).toEqual(files);
    const index: StaticSearchIndex = JSON.parse(files.get(STATIC_SEARCH_INDEX_FILE)!);
    expect(index.documents).toBe(chunks.length);
    expect([...files.keys()].filter((file) => file.includes("/docs-"))).toHaveLength(
      Math.ceil(chunks.length / DOCUMENT_SHARD_SIZE),
    );
    const marked = [{ ...chunks[0], content: "A public sentence." }];
    expect([...buildStaticSearch(marked).values()].join("\n")).not.toMatch(/AGENT-ONLY/);
  });

  it("answers a query on an empty site with no results", async () => {
    const files = buildStaticSearch([]);
    expect(await createStaticSearchClient((file) => files.get(file) ?? null).search("anything")).toEqual([]);
  });
});
