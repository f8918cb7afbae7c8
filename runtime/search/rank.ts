/**
 * Ranking the chunks of a query from its words' precomputed weights (`runtime/search/simple.ts` makes them): a
 * chunk's score is the sum of its words' weights, in query word order, times the heading boost of how many of them
 * its headings name; higher score first, ties by lower chunk number.
 *
 * Scoring walks every posting of every word once (term at a time). MaxScore (walking the words' lists in chunk order
 * and skipping the chunks that cannot reach the last kept score) ranked the same but took 280 µs a query against
 * 107 µs on the 5,000-page bench corpus: its words are common, the heading boost doubles every bound, and the
 * per-chunk bookkeeping costs more in JavaScript than the additions it saves.
 */

/**
 * One word's postings as weights: chunk numbers ascending, and each chunk's weight for the word, negated where the
 * chunk's headings name it (weights are always > 0).
 */
export interface TermImpacts {
  docs: Int32Array;
  weights: Float64Array;
}

/** The heading boost of a chunk whose headings name `named` of the query's words. */
export type HeadingBoost = (named: number) => number;

/**
 * The best `capacity` chunks offered, higher score first and ties by lower chunk number (chunk-file order). A
 * bounded ranking keeps a small sorted list by insertion, where most chunks fall below the last kept one and cost
 * one comparison; an unbounded one keeps every chunk and sorts once in `finish`.
 */
export class Ranking {
  docs: number[] = [];
  scores: number[] = [];
  constructor(readonly capacity: number) {}

  offer(doc: number, score: number): void {
    const { docs, scores } = this;
    if (this.capacity === Number.POSITIVE_INFINITY) {
      docs.push(doc);
      scores.push(score);
      return;
    }
    let position = docs.length;
    if (position === this.capacity) {
      if (
        position === 0 ||
        score < scores[position - 1] ||
        (score === scores[position - 1] && doc > docs[position - 1])
      )
        return;
      docs.pop();
      scores.pop();
      position--;
    }
    while (
      position > 0 &&
      (scores[position - 1] < score || (scores[position - 1] === score && docs[position - 1] > doc))
    )
      position--;
    docs.splice(position, 0, doc);
    scores.splice(position, 0, score);
  }

  finish(): this {
    if (this.capacity !== Number.POSITIVE_INFINITY) return this;
    const order = this.docs.map((_, i) => i);
    order.sort((a, b) => this.scores[b] - this.scores[a] || this.docs[a] - this.docs[b]);
    this.docs = order.map((i) => this.docs[i]);
    this.scores = order.map((i) => this.scores[i]);
    return this;
  }
}

/** Scratch tables for `rank`, one per index: sized to its chunks, left zeroed after every call. */
export interface RankScratch {
  scores: Float64Array;
  touched: Int32Array;
  named: Uint16Array;
}

export function rankScratch(size: number): RankScratch {
  return { scores: new Float64Array(size), touched: new Int32Array(size), named: new Uint16Array(size) };
}

/**
 * The best `capacity` chunks of `lists` (one per query word, in query order), or every chunk they touch when it is
 * infinite. Synchronous and leaves the scratch zeroed, so calls never see each other's entries.
 */
export function rank(
  lists: readonly TermImpacts[],
  boost: HeadingBoost,
  scratch: RankScratch,
  capacity: number,
): Ranking {
  const { scores, touched, named } = scratch;
  let count = 0;
  for (const { docs, weights } of lists) {
    for (let i = 0; i < docs.length; i++) {
      const doc = docs[i];
      const w = weights[i];
      if (scores[doc] === 0) touched[count++] = doc;
      if (w > 0) scores[doc] += w;
      else {
        scores[doc] -= w;
        named[doc]++;
      }
    }
  }
  const ranking = new Ranking(capacity);
  for (let i = 0; i < count; i++) {
    const doc = touched[i];
    ranking.offer(doc, named[doc] === 0 ? scores[doc] : scores[doc] * boost(named[doc]));
    scores[doc] = 0;
    named[doc] = 0;
  }
  return ranking.finish();
}
