/**
 * The built-in index over committed build output (issue 12): the build's serialized index answers like one built
 * from the chunks, an index that does not match its chunks is ignored, and the golden queries reach their figures.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { SearchChunk, SearchIndexData } from "../contract/index.ts";
import { EXAMPLE_GOLDEN_QUERIES } from "./golden-queries.ts";
import { measureRelevance } from "./relevance.ts";
import { createSimpleSearch, serializeSearchIndex } from "./simple.ts";

const snapshot = path.resolve(import.meta.dirname, "../../snapshots/example/_docs");
const readJson = async <T>(name: string): Promise<T> =>
  JSON.parse(await readFile(path.join(snapshot, name), "utf8")) as T;

describe("the serialized built-in index", () => {
  it("is what indexChunks makes of the chunk file, and ranks exactly like an index built at run time", async () => {
    const chunks = await readJson<SearchChunk[]>("search-human.json");
    const serialized = await readJson<SearchIndexData>("search-index-human.json");
    expect(serialized).toEqual(serializeSearchIndex(chunks));
    const cold = createSimpleSearch(chunks, serialized);
    const built = createSimpleSearch(chunks);
    for (const { query } of EXAMPLE_GOLDEN_QUERIES) {
      expect((await cold.search(query)).map((hit) => [hit.chunk.id, hit.score])).toEqual(
        (await built.search(query)).map((hit) => [hit.chunk.id, hit.score]),
      );
    }
  });

  it("answers from the index and its record shards, reading only the shards of its results", async () => {
    const chunks = await readJson<SearchChunk[]>("search-human.json");
    const serialized = await readJson<SearchIndexData>("search-index-human.json");
    const read: number[] = [];
    const lazy = createSimpleSearch(null, serialized, async (shard) => {
      read.push(shard);
      return readJson<SearchChunk[]>(`search-records-human/${shard}.json`);
    });
    const built = createSimpleSearch(chunks);
    for (const { query } of EXAMPLE_GOLDEN_QUERIES) {
      expect((await lazy.search(query, { limit: 3 })).map((hit) => [hit.chunk, hit.score])).toEqual(
        (await built.search(query, { limit: 3 })).map((hit) => [hit.chunk, hit.score]),
      );
    }
    // Every shard holds the chunks of the chunk file, in order.
    const shards = Math.ceil(chunks.length / serialized.recordsPerShard);
    expect(shards).toBeGreaterThan(1);
    expect(new Set(read).size).toBeLessThanOrEqual(shards);
    read.length = 0;
    const fresh = createSimpleSearch(null, serialized, async (shard) => {
      read.push(shard);
      return readJson<SearchChunk[]>(`search-records-human/${shard}.json`);
    });
    await fresh.search("dead letter", { limit: 1 });
    expect(read).toHaveLength(1);
  });

  it("ignores an index written for other chunks and builds its own", async () => {
    const chunks = await readJson<SearchChunk[]>("search-human.json");
    const stale = serializeSearchIndex(chunks.slice(1));
    expect((await createSimpleSearch(chunks, stale).search("dead letter"))[0].chunk.id).toBe(
      "concepts/retries-and-backoff#dead-letter-queues",
    );
  });

  it("keeps the agent index apart: agent-only text is found by agents, never by public search", async () => {
    const [human, agent] = await Promise.all([
      readJson<SearchChunk[]>("search-human.json"),
      readJson<SearchChunk[]>("search-agent.json"),
    ]);
    const [humanIndex, agentIndex] = await Promise.all([
      readJson<SearchIndexData>("search-index-human.json"),
      readJson<SearchIndexData>("search-index-agent.json"),
    ]);
    expect(agentIndex.documents).toBe(agent.length);
    expect(humanIndex.documents).toBe(human.length);
    expect(JSON.stringify(humanIndex.terms)).not.toMatch(/agent-only/i);
  });

  it("finds the golden sections of the example: recall@5 and MRR", async () => {
    const chunks = await readJson<SearchChunk[]>("search-human.json");
    const search = createSimpleSearch(chunks, await readJson<SearchIndexData>("search-index-human.json"));
    const report = await measureRelevance(EXAMPLE_GOLDEN_QUERIES, async (query) =>
      (await search.search(query)).map((hit) => hit.chunk.id),
    );
    console.log(
      `built-in index, example golden queries: recall@5 ${report.recallAt5.toFixed(2)}, MRR ${report.mrr.toFixed(2)}`,
      report.misses,
    );
    expect(report.recallAt5).toBeGreaterThanOrEqual(0.8);
    expect(report.mrr).toBeGreaterThanOrEqual(0.6);
  });
});
