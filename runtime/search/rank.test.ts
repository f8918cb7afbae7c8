/**
 * `rank` against a score table written from its definition, on random postings lists: sums in query word order,
 * times the heading boost of how many words the chunk's headings name, higher score first and ties by lower chunk.
 * Weights come from a few values so that ties are common; the lists are long or short, with many or few named
 * chunks, so both the named-first answer and the full merge are taken (the test counts each).
 */
import { describe, expect, it } from "vitest";
import { seededRandom } from "../testing/seeded-random.ts";
import { rank, rankNamedFirst, rankScratch, type TermImpacts } from "./rank.ts";

function randomList(next: () => number, size: number, density: number, namedShare: number): TermImpacts {
  const docs: number[] = [];
  const weights: number[] = [];
  const levels = [0.25, 0.5, 0.75, 1.5, 2.125];
  for (let doc = 0; doc < size; doc++) {
    if (next() >= density) continue;
    const weight = levels[Math.floor(next() * levels.length)] * (1 + Math.floor(next() * 3));
    docs.push(doc);
    weights.push(next() < namedShare ? -weight : weight);
  }
  return { docs: Int32Array.from(docs), weights: Float64Array.from(weights) };
}

function reference(lists: TermImpacts[], boost: (named: number) => number, size: number) {
  const scores = new Float64Array(size);
  const named = new Uint16Array(size);
  const touched = new Set<number>();
  for (const { docs, weights } of lists) {
    docs.forEach((doc, i) => {
      touched.add(doc);
      scores[doc] += Math.abs(weights[i]);
      if (weights[i] < 0) named[doc]++;
    });
  }
  return [...touched]
    .map((doc) => ({ doc, score: named[doc] === 0 ? scores[doc] : scores[doc] * boost(named[doc]) }))
    .sort((a, b) => b.score - a.score || a.doc - b.doc);
}

describe("rank", () => {
  it("equals the score table for one to four words, any list length and share of named chunks, ties included", () => {
    const size = 3_000;
    const scratch = rankScratch(size);
    let answeredFromNamed = 0;
    let merged = 0;
    for (let seed = 1; seed <= 240; seed++) {
      const next = seededRandom(seed);
      const words = 1 + (seed % 4);
      const lists = Array.from({ length: words }, () =>
        randomList(next, size, [0.01, 0.2, 0.7][Math.floor(next() * 3)], [0, 0.03, 0.15, 0.6][Math.floor(next() * 4)]),
      );
      const boost = (named: number) => 1 + named / words;
      const expected = reference(lists, boost, size);
      for (const capacity of [1, 3, 10, 50]) {
        if (rankNamedFirst(lists, boost, scratch, capacity)) answeredFromNamed++;
        else merged++;
        const ranking = rank(lists, boost, scratch, capacity);
        const top = expected.slice(0, capacity);
        expect(ranking.docs, `seed ${seed}, limit ${capacity}`).toEqual(top.map(({ doc }) => doc));
        expect(ranking.scores, `seed ${seed}, limit ${capacity}`).toEqual(top.map(({ score }) => score));
      }
      const everything = rank(lists, boost, scratch, Number.POSITIVE_INFINITY);
      expect(everything.docs).toEqual(expected.map(({ doc }) => doc));
      // Every call leaves the scratch tables as it found them.
      expect(scratch.scores.every((score) => score === 0)).toBe(true);
      expect(scratch.named.every((count) => count === 0)).toBe(true);
    }
    expect(answeredFromNamed).toBeGreaterThan(100);
    expect(merged).toBeGreaterThan(100);
  });
});
