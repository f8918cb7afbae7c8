/**
 * Ranking the chunks of a query from its words' precomputed weights (`runtime/search/simple.ts` makes them): a
 * chunk's score is the sum of its words' weights, in query word order, times the heading boost of how many of them
 * its headings name; higher score first, ties by lower chunk number.
 *
 * A bounded ranking is first taken from the chunks whose headings name a query word (`rankNamedFirst`), when no
 * other chunk can reach it: on the bench corpus's ten queries, 55 → 21 µs a query. Otherwise scoring walks every
 * posting of every word once. One word's list is ranked as it is read; two words' lists (chunk
 * numbers ascending) are merged; three or more are summed into a score table, a word at a time. On the 5,000-page
 * bench corpus the one- and two-word paths took the mean query from 106 to 77 µs, and a ranking that turns most
 * chunks away with one comparison to 66 µs. MaxScore (walking the words' lists in chunk order and skipping the
 * chunks that cannot reach the last kept score) ranked the same but took 280 µs against 107 µs: its words are
 * common, the heading boost doubles every bound, and the per-chunk bookkeeping costs more in JavaScript than the
 * additions it saves.
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
  /** Once full: the last kept chunk, which a new chunk must outrank to get in. */
  private floorScore = Number.NEGATIVE_INFINITY;
  private floorDoc = Number.POSITIVE_INFINITY;
  constructor(readonly capacity: number) {
    if (capacity <= 0) this.floorScore = Number.POSITIVE_INFINITY;
  }

  offer(doc: number, score: number): void {
    if (score < this.floorScore || (score === this.floorScore && doc > this.floorDoc)) return;
    const { docs, scores } = this;
    if (this.capacity === Number.POSITIVE_INFINITY) {
      docs.push(doc);
      scores.push(score);
      return;
    }
    let position = docs.length;
    if (position === this.capacity) {
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
    if (docs.length === this.capacity) {
      this.floorScore = scores[docs.length - 1];
      this.floorDoc = docs[docs.length - 1];
    }
  }

  /** Whether the ranking is full and its last kept score is above `score`: no chunk scoring at most that gets in. */
  isFullAbove(score: number): boolean {
    return this.docs.length === this.capacity && this.floorScore > score;
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
  const fromNamed = rankNamedFirst(lists, boost, scratch, capacity);
  if (fromNamed) return fromNamed;
  if (lists.length === 1) return rankOne(lists[0], boost, capacity);
  if (lists.length === 2) return rankTwo(lists[0], lists[1], boost, capacity);
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

/** A chunk's weight for one word, and the heading boost when its headings name that word alone. */
function rankOne({ docs, weights }: TermImpacts, boost: HeadingBoost, capacity: number): Ranking {
  const ranking = new Ranking(capacity);
  const named = boost(1);
  for (let i = 0; i < docs.length; i++) {
    const w = weights[i];
    ranking.offer(docs[i], w > 0 ? w : -w * named);
  }
  return ranking.finish();
}

/**
 * Two words' lists merged in chunk order. A chunk in both sums the first word's weight and then the second's, as
 * the score table would, so scores and ties are the same to the last bit.
 */
function rankTwo(a: TermImpacts, b: TermImpacts, boost: HeadingBoost, capacity: number): Ranking {
  const ranking = new Ranking(capacity);
  const one = boost(1);
  const two = boost(2);
  const { docs: da, weights: wa } = a;
  const { docs: db, weights: wb } = b;
  let i = 0;
  let j = 0;
  while (i < da.length && j < db.length) {
    const x = da[i];
    const y = db[j];
    if (x < y) {
      const w = wa[i++];
      ranking.offer(x, w > 0 ? w : -w * one);
    } else if (y < x) {
      const w = wb[j++];
      ranking.offer(y, w > 0 ? w : -w * one);
    } else {
      const v = wa[i++];
      const w = wb[j++];
      const sum = (v > 0 ? v : -v) + (w > 0 ? w : -w);
      const n = (v < 0 ? 1 : 0) + (w < 0 ? 1 : 0);
      ranking.offer(x, n === 0 ? sum : sum * (n === 1 ? one : two));
    }
  }
  for (; i < da.length; i++) {
    const w = wa[i];
    ranking.offer(da[i], w > 0 ? w : -w * one);
  }
  for (; j < db.length; j++) {
    const w = wb[j];
    ranking.offer(db[j], w > 0 ? w : -w * one);
  }
  return ranking.finish();
}

/** The postings of a list whose chunks' headings name its word (weights made positive), and the others' top weight. */
interface NamedPostings {
  docs: Int32Array;
  weights: Float64Array;
  plainMax: number;
}

const namedParts = new WeakMap<TermImpacts, NamedPostings>();

function namedPart(list: TermImpacts): NamedPostings {
  let part = namedParts.get(list);
  if (part) return part;
  const { docs, weights } = list;
  let count = 0;
  let plainMax = 0;
  for (let i = 0; i < weights.length; i++) {
    if (weights[i] < 0) count++;
    else if (weights[i] > plainMax) plainMax = weights[i];
  }
  part = { docs: new Int32Array(count), weights: new Float64Array(count), plainMax };
  for (let i = 0, at = 0; i < weights.length; i++) {
    if (weights[i] >= 0) continue;
    part.docs[at] = docs[i];
    part.weights[at++] = -weights[i];
  }
  namedParts.set(list, part);
  return part;
}

/**
 * The ranking from the chunks whose headings name a query word, when it is provably the whole answer; else null.
 * Every such chunk is scored in full (its other words' weights found by galloping through their lists), in query
 * word order as the score table sums. A chunk no heading names scores at most the sum of each word's highest
 * weight among such chunks, unboosted: once the last kept score is above that, no other chunk can get in. The named
 * chunks are a small part of a common word's list (on the 5,000-page bench corpus, 5–15%), and the heading boost
 * puts them first, so most queries are answered from them.
 */
export function rankNamedFirst(
  lists: readonly TermImpacts[],
  boost: HeadingBoost,
  scratch: RankScratch,
  capacity: number,
): Ranking | null {
  if (capacity === Number.POSITIVE_INFINITY || capacity <= 0) return null;
  const parts = lists.map(namedPart);
  let namedPostings = 0;
  let plainBound = 0;
  for (const part of parts) {
    namedPostings += part.docs.length;
    plainBound += part.plainMax;
  }
  if (namedPostings < capacity) return null;
  const { touched, named: seen } = scratch;
  const cursors = new Int32Array(lists.length);
  const ranking = new Ranking(capacity);
  let count = 0;
  for (let t = 0; t < parts.length; t++) {
    const part = parts[t];
    cursors.fill(0);
    for (let k = 0; k < part.docs.length; k++) {
      const doc = part.docs[k];
      if (seen[doc] !== 0) continue;
      seen[doc] = 1;
      touched[count++] = doc;
      let sum = 0;
      let n = 0;
      for (let u = 0; u < lists.length; u++) {
        if (u === t) {
          sum += part.weights[k];
          n++;
          continue;
        }
        const { docs, weights } = lists[u];
        const at = seek(docs, doc, cursors[u]);
        cursors[u] = at;
        if (at === docs.length || docs[at] !== doc) continue;
        const w = weights[at];
        if (w > 0) sum += w;
        else {
          sum -= w;
          n++;
        }
      }
      ranking.offer(doc, sum * boost(n));
    }
  }
  for (let i = 0; i < count; i++) seen[touched[i]] = 0;
  return ranking.isFullAbove(plainBound) ? ranking : null;
}

/** The first position at or after `from` whose chunk number is ≥ `doc` (`docs` ascending): gallop, then bisect. */
function seek(docs: Int32Array, doc: number, from: number): number {
  let low = from;
  let high = from;
  let step = 1;
  while (high < docs.length && docs[high] < doc) {
    low = high + 1;
    high += step;
    step *= 2;
  }
  if (high > docs.length) high = docs.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (docs[mid] < doc) low = mid + 1;
    else high = mid;
  }
  return low;
}
