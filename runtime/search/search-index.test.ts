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
/** The snapshot's shards, counting what is read. */
const shardsOf = (read: string[] = []) => ({
  records(n: number) {
    read.push(`records/${n}`);
    return readJson<SearchChunk[]>(`search-records-human/${n}.json`);
  },
  postings(n: number) {
    read.push(`postings/${n}`);
    return readJson<string[]>(`search-postings-human/${n}.json`);
  },
});

describe("the serialized built-in index", () => {
  it("is what indexChunks makes of the chunk file, and ranks exactly like an index built at run time", async () => {
    const chunks = await readJson<SearchChunk[]>("search-human.json");
    const serialized = await readJson<SearchIndexData>("search-index-human.json");
    expect(serialized).toEqual(serializeSearchIndex(chunks).index);
    const cold = createSimpleSearch(null, serialized, shardsOf());
    const built = createSimpleSearch(chunks);
    for (const { query } of EXAMPLE_GOLDEN_QUERIES) {
      expect((await cold.search(query)).map((hit) => [hit.chunk.id, hit.score])).toEqual(
        (await built.search(query)).map((hit) => [hit.chunk.id, hit.score]),
      );
    }
  });

  it("answers from the index and its shards, reading only what its query touches", async () => {
    const chunks = await readJson<SearchChunk[]>("search-human.json");
    const serialized = await readJson<SearchIndexData>("search-index-human.json");
    const built = createSimpleSearch(chunks);
    const lazy = createSimpleSearch(null, serialized, shardsOf());
    for (const { query } of EXAMPLE_GOLDEN_QUERIES) {
      expect((await lazy.search(query, { limit: 3 })).map((hit) => [hit.chunk, hit.score])).toEqual(
        (await built.search(query, { limit: 3 })).map((hit) => [hit.chunk, hit.score]),
      );
    }
    expect(Math.ceil(chunks.length / serialized.recordsPerShard)).toBeGreaterThan(1);
    const read: string[] = [];
    const fresh = createSimpleSearch(null, serialized, shardsOf(read));
    await fresh.search("dead letter", { limit: 1 });
    expect(read.filter((file) => file.startsWith("records/"))).toHaveLength(1);
    expect(read.filter((file) => file.startsWith("postings/")).length).toBeLessThanOrEqual(2);
  });

  it("answers queries in flight together exactly as one at a time, with and without a filter", async () => {
    const chunks = await readJson<SearchChunk[]>("search-human.json");
    const serialized = await readJson<SearchIndexData>("search-index-human.json");
    const queries = EXAMPLE_GOLDEN_QUERIES.map(({ query }) => query);
    const filter = (chunk: SearchChunk) => chunk.path !== "";
    const alone = createSimpleSearch(chunks);
    const expected = [];
    for (const query of queries) expected.push(await alone.search(query), await alone.search(query, { filter }));
    // A fresh lazy index: every query awaits shard reads, so all of them score while others are between awaits.
    const together = createSimpleSearch(null, serialized, shardsOf());
    const actual = await Promise.all(
      queries.flatMap((query) => [together.search(query), together.search(query, { filter })]),
    );
    const ids = (hits: { chunk: SearchChunk; score: number }[]) => hits.map((hit) => [hit.chunk.id, hit.score]);
    expect(actual.map(ids)).toEqual(expected.map(ids));
  });

  it("ignores an index written for other chunks and builds its own", async () => {
    const chunks = await readJson<SearchChunk[]>("search-human.json");
    const stale = serializeSearchIndex(chunks.slice(1)).index;
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
