/**
 * The built-in search's ranking against a plain reference written from its definition: for every chunk, the sum of
 * its query words' BM25 weights (a half-typed word's completions at half weight each), times the heading boost, all
 * chunks sorted by score then chunk order. The index's precomputed weights and its top-`limit` ranking must give the
 * same hits in the same order, ties included.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { SearchChunk } from "../contract/index.ts";
import {
  bm25Idf,
  bm25Weight,
  createSimpleSearch,
  headingMatchFactor,
  namedInHeading,
  packTermCounts,
  rememberTermCounts,
  serializeSearchIndex,
  termCounts,
  termFrequency,
  tokenize,
} from "./simple.ts";

const chunksFile = path.resolve(import.meta.dirname, "../../snapshots/example/_docs/search-human.json");

function referenceRanking(chunks: SearchChunk[], query: string): { id: string; score: number }[] {
  const counts = chunks.map(termCounts);
  const lengths = counts.map((map) => [...map.values()].reduce((sum, count) => sum + termFrequency(count), 0));
  const average = lengths.reduce((a, b) => a + b, 0) / lengths.length;
  const vocabulary = new Set(counts.flatMap((map) => [...map.keys()]));
  const words = [...new Set(tokenize(query))];
  const scores = chunks.map(() => 0);
  const named = chunks.map(() => 0);
  for (const word of words) {
    const exact = vocabulary.has(word);
    const terms = exact ? [word] : word.length < 3 ? [] : [...vocabulary].filter((term) => term.startsWith(word));
    const namedHere = new Set<number>();
    for (const term of terms) {
      const found = counts.filter((map) => map.has(term)).length;
      const idf = bm25Idf(chunks.length, found);
      counts.forEach((map, doc) => {
        const count = map.get(term);
        if (count === undefined) return;
        scores[doc] += bm25Weight(idf, termFrequency(count), lengths[doc] / average) * (exact ? 1 : 0.5);
        if (namedInHeading(count)) namedHere.add(doc);
      });
    }
    for (const doc of namedHere) named[doc]++;
  }
  return chunks
    .map((chunk, doc) => ({ doc, id: chunk.id, score: scores[doc] * headingMatchFactor(named[doc], words.length) }))
    .filter(({ score }) => score > 0)
    .sort((a, b) => b.score - a.score || a.doc - b.doc)
    .map(({ id, score }) => ({ id, score }));
}

describe("the built-in search's ranking", () => {
  it("equals the reference ranking for whole, half-typed and repeated words, at several limits, ties included", async () => {
    const chunks: SearchChunk[] = JSON.parse(await readFile(chunksFile, "utf8"));
    // The example twice over: every chunk has an exact twin, so every score is tied with another.
    const twice = [...chunks, ...chunks.map((chunk) => ({ ...chunk, id: `${chunk.id}~twin` }))];
    for (const corpus of [chunks, twice]) {
      const search = createSimpleSearch(corpus);
      for (const query of [
        "retry backoff",
        "dead letter queue",
        "schedul",
        "redis url",
        "job job jobs",
        "wor",
        "retry sched",
        "queue jobs",
        "configure retry backoff for jobs",
      ]) {
        const expected = referenceRanking(corpus, query);
        for (const limit of [1, 3, 10, 50]) {
          const hits = await search.search(query, { limit });
          expect(
            hits.map((hit) => hit.chunk.id),
            `${query}, limit ${limit}`,
          ).toEqual(expected.slice(0, limit).map(({ id }) => id));
          hits.forEach((hit, i) => expect(hit.score).toBeCloseTo(expected[i].score, 9));
        }
        const everything = await search.search(query, { limit: 1_000, filter: () => true });
        expect(everything.map((hit) => hit.chunk.id)).toEqual(expected.map(({ id }) => id));
      }
    }
  });
});

describe("packed term counts (remembered from a page worker or the build cache)", () => {
  const chunk = (content: string): SearchChunk => ({
    id: "p#a",
    path: "p",
    url: "/p#a",
    title: "Café setup",
    section: "Retries",
    content,
    type: "section",
  });

  it("unpack to the counts they were packed from, heading negation, unicode terms and repeats included", () => {
    const source = chunk("Café retries: the retry budget of the café worker, naïve_mode and 10 retries.");
    const counts = termCounts(source);
    expect([...counts.values()].some((count) => count < 0)).toBe(true);
    const twin = chunk(source.content);
    rememberTermCounts(twin, packTermCounts(counts));
    expect([...termCounts(twin)]).toEqual([...counts]);
  });

  it("build the same serialized index as counting again", () => {
    const contents = ["Deploy the worker to the edge.", "Workers retry twice; the edge caches.", "Ünïcode déjà vu 42"];
    const counted = contents.map(chunk);
    const remembered = contents.map(chunk);
    remembered.forEach((twin, i) => rememberTermCounts(twin, packTermCounts(termCounts(counted[i]))));
    expect(JSON.stringify(serializeSearchIndex(remembered))).toBe(JSON.stringify(serializeSearchIndex(counted)));
  });

  it("serialize each posting as its base-36 document delta and count, large deltas and counts included", () => {
    // Chunk 1,399 is 1,399 after chunk 0; "echo" is counted 1,400 times and the title's café -1,403 times: past the
    // small numbers the encoder looks up, each way.
    const big = `rare ${"echo ".repeat(1400)}${"café ".repeat(1400)}`;
    const filler = (i: number): SearchChunk => ({ ...chunk(`filler${i}`), title: "Filler", section: "Notes" });
    const chunks = Array.from({ length: 1400 }, (_, i) => (i === 0 || i === 1399 ? chunk(big) : filler(i)));
    const { index, postings } = serializeSearchIndex(chunks);
    const encoded = (term: string) => {
      const at = index.terms.indexOf(term);
      let shard = 0;
      while (shard + 1 < index.postingShards.length && index.postingShards[shard + 1] <= at) shard++;
      return postings[shard][at - index.postingShards[shard]];
    };
    const counts = termCounts(chunks[0]);
    for (const term of ["rare", "echo", ...[...counts.keys()].filter((term) => counts.get(term)! < -1000)]) {
      const count = counts.get(term)!;
      expect(Math.abs(count)).toBeGreaterThan(term === "rare" ? 0 : 1295);
      expect(encoded(term), term).toBe(["0", count.toString(36), (1399).toString(36), count.toString(36)].join(","));
    }
    expect([...counts.values()].filter((count) => count < -1295)).not.toHaveLength(0);
  });

  it("index every posting under its term, in document order, chunks without terms included", () => {
    const bare = (content: string): SearchChunk => ({ ...chunk(content), title: "", section: null });
    const chunks = ["", "alpha beta", "the a of", "beta gamma alpha", "", "gamma", ""].map(bare);
    const { index, postings } = serializeSearchIndex(chunks);
    // Written from the definition: for each sorted term, `doc,count` of every chunk that has it, docs as deltas.
    const counts = chunks.map(termCounts);
    const terms = [...new Set(counts.flatMap((map) => [...map.keys()]))].sort();
    expect(index.terms).toEqual(terms);
    const expected = terms.map((term) => {
      let previous = 0;
      return counts
        .flatMap((map, doc) => {
          if (!map.has(term)) return [];
          const delta = doc - previous;
          previous = doc;
          return [delta.toString(36), map.get(term)!.toString(36)];
        })
        .join(",");
    });
    expect(postings.flat()).toEqual(expected);
    expect(index.lengths).toEqual(counts.map((map) => [...map.values()].reduce((a, b) => a + Math.abs(b), 0)));
  });

  it("are what the index reads: a remembered count wins over the chunk's text", () => {
    const twin = chunk("alpha");
    rememberTermCounts(twin, packTermCounts(new Map([["omega", 2]])));
    expect(serializeSearchIndex([twin]).index.terms).toEqual(["omega"]);
  });
});

describe("tokenize", () => {
  /** The words one Unicode-aware pattern finds in any text, before stop words and stemming. */
  const unicodeWords = (text: string) =>
    text
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .match(/[\p{L}\p{N}][\p{L}\p{N}_]*/gu) ?? [];

  it("finds in one-byte text the words the Unicode-aware pattern finds, for every one-byte character", () => {
    const characters = Array.from({ length: 256 }, (_, code) => String.fromCharCode(code));
    // Each character alone, inside a word, starting one, after `_` and doubled; then all of them, run together.
    const texts = [
      ...characters.flatMap((c) => [c, `zq${c}zq`, `${c}zq_9`, `_${c}`, `${c}${c}`]),
      characters.join(""),
      characters.join(" "),
    ];
    for (const text of texts) {
      // With an em dash after them, the pattern's words are tokenized as a two-byte text: stop words and stemming
      // apply alike, and the dash adds no word.
      expect(tokenize(text), JSON.stringify(text)).toEqual(tokenize(`${unicodeWords(text).join(" ")} \u2014`));
    }
  });

  it("drops accents, keeps other one-byte letters, and reads two-byte text as before", () => {
    expect(tokenize("Naïve café: déjà-vu, Ångström, Straße, ÿ, 2nd_place")).toEqual([
      "naive",
      "cafe",
      "deja",
      "vu",
      "angstrom",
      "straße",
      "y",
      "2nd_place",
    ]);
    expect(tokenize("Queues — ½ µs, 東京 retries")).toEqual(["queue", "1", "2", "μs", "東京", "retry"]);
  });
});
