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
import { createSimpleSearch, namedInHeading, termCounts, tokenize } from "../../runtime/search/simple.ts";
import { createStaticSearchClient } from "../testing/static-search-client.ts";
import {
  buildStaticSearch,
  DOCUMENT_SHARD_SIZE,
  MAX_BODY_POSTINGS_PER_TERM,
  MAX_HEADING_POSTINGS_PER_TERM,
} from "./static-search.ts";

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

  it("ranks the section whose headings name every query word first, in the runtime and the static index", async () => {
    // More chunks repeating "lease" and "heartbeat" than a term keeps body postings for, and one short-bodied section
    // titled with both words: BM25 alone ranks it below the repeaters, and a shared postings cap would drop it.
    const chunk = (id: string, title: string, section: string | null, content: string): SearchChunk => ({
      id,
      path: id.split("#")[0],
      url: `/docs/${id}`,
      title,
      section,
      content,
      type: section ? "section" : "page",
    });
    const repeaters = Array.from({ length: MAX_BODY_POSTINGS_PER_TERM + 100 }, (_, i) =>
      chunk(`workers-${i}#tuning`, `Worker pool ${i}`, "Tuning", "lease heartbeat lease heartbeat lease heartbeat"),
    );
    const target = chunk(
      "guides/locks#lease-heartbeat",
      "Locks",
      "Lease heartbeat",
      "A worker renews what it holds on a timer; this section lists the settings, their defaults and the metrics that " +
        "show a worker falling behind, with one example per queue backend and the errors each of them reports.",
    );
    const chunks = [...repeaters.slice(0, 300), target, ...repeaters.slice(300)];
    expect(namedInHeading(termCounts(target).get("lease")!)).toBe(true);
    expect(namedInHeading(termCounts(target).get("worker")!)).toBe(false);

    const runtime = createSimpleSearch(chunks);
    expect((await runtime.search("lease heartbeat"))[0].chunk.id).toBe(target.id);
    expect((await runtime.search("lease heartbe"))[0].chunk.id, "a half-typed heading word").toBe(target.id);

    const files = buildStaticSearch(chunks);
    const client = createStaticSearchClient((file) => files.get(file) ?? null);
    expect((await client.search("lease heartbeat"))[0].url).toBe(target.url);
    expect((await client.search("lease heartbe"))[0].url).toBe(target.url);
    // Body postings are capped; the heading postings (one here) are kept apart.
    const shards = [...files].filter(([file]) => file.includes("/terms-")).map(([, text]) => JSON.parse(text));
    const lease: number[] = shards.find((shard) => "lease" in shard).lease;
    expect(lease.filter((_, i) => i % 2 === 1 && lease[i] > 0)).toHaveLength(MAX_BODY_POSTINGS_PER_TERM);
    expect(lease.filter((_, i) => i % 2 === 1 && lease[i] < 0)).toHaveLength(1);
    expect(MAX_HEADING_POSTINGS_PER_TERM).toBeGreaterThan(MAX_BODY_POSTINGS_PER_TERM);
  });

  it("keeps a term's highest body weights, ties to the lower document, in document order", () => {
    const chunk = (id: string, content: string): SearchChunk => ({
      id,
      path: id,
      url: `/docs/${id}`,
      title: `Page ${id}`,
      section: null,
      content,
      type: "page",
    });
    // 600 chunks that weigh "lease" alike, then 10 shorter ones that weigh it more, last in the file; 2,000 without
    // the word make it rare enough to weigh anything.
    const repeaters = Array.from({ length: 600 }, (_, i) => chunk(`r${i}`, "lease and a few other words here"));
    const strong = Array.from({ length: 10 }, (_, i) => chunk(`s${i}`, "lease"));
    const others = Array.from({ length: 2_000 }, (_, i) => chunk(`o${i}`, "nothing about it here at all"));
    const files = buildStaticSearch([...repeaters, ...strong, ...others]);
    const shard = [...files]
      .filter(([file]) => file.includes("/terms-"))
      .map(([, text]) => JSON.parse(text))
      .find((terms) => "lease" in terms);
    const flat: number[] = shard.lease;
    const docs: number[] = [];
    for (let i = 0, doc = 0; i < flat.length; i += 2) docs.push((doc += flat[i]));
    const expected = [
      ...Array.from({ length: MAX_BODY_POSTINGS_PER_TERM - 10 }, (_, i) => i),
      ...strong.map((_, i) => 600 + i),
    ];
    expect(docs).toEqual(expected);
  });

  it("answers a query on an empty site with no results", async () => {
    const files = buildStaticSearch([]);
    expect(await createStaticSearchClient((file) => files.get(file) ?? null).search("anything")).toEqual([]);
  });
});
