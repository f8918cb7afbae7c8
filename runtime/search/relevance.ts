/**
 * Relevance figures of a search over golden queries (issue 12): recall@5 (the expected chunk among the first five)
 * and MRR (mean of 1 / rank of the expected chunk, 0 when absent from the first ten). Used by tests and the bench.
 */

export interface GoldenQuery {
  query: string;
  /** The chunk id expected (`<path>#<heading-id>`, or `<path>` for a page's lead). */
  expected: string;
}

export interface RelevanceReport {
  recallAt5: number;
  mrr: number;
  /** Queries whose expected chunk was not in the first five, with the rank found (0: not in the first ten). */
  misses: { query: string; expected: string; rank: number }[];
}

/** `search` returns chunk ids, best first. */
export async function measureRelevance(
  golden: GoldenQuery[],
  search: (query: string) => Promise<string[]> | string[],
): Promise<RelevanceReport> {
  let found = 0;
  let reciprocal = 0;
  const misses: RelevanceReport["misses"] = [];
  for (const { query, expected } of golden) {
    const ids = (await search(query)).slice(0, 10);
    const rank = ids.indexOf(expected) + 1;
    if (rank > 0) reciprocal += 1 / rank;
    if (rank > 0 && rank <= 5) found++;
    else misses.push({ query, expected, rank });
  }
  return { recallAt5: found / golden.length, mrr: reciprocal / golden.length, misses };
}

/** Section-level figures (the golden chunk) and page-level ones (the golden chunk's page among distinct pages). */
export interface SectionAndPageRelevance {
  section: RelevanceReport;
  page: RelevanceReport;
}

/**
 * `measureRelevance` on sections, then on pages from the same rankings: a chunk id's page is what precedes `#`, and a
 * ranking's pages are its chunks' pages without repeats. Engines that rank pages first and sections within them
 * (Pagefind) are compared on both.
 */
export async function measureSectionAndPage(
  golden: GoldenQuery[],
  search: (query: string) => Promise<string[]> | string[],
): Promise<SectionAndPageRelevance> {
  const rankings = new Map<string, string[]>();
  const section = await measureRelevance(golden, async (query) => {
    const ids = await search(query);
    rankings.set(query, ids);
    return ids;
  });
  const pageOf = (id: string) => id.split("#")[0];
  const page = await measureRelevance(
    golden.map(({ query, expected }) => ({ query, expected: pageOf(expected) })),
    (query) => [...new Set((rankings.get(query) ?? []).map(pageOf))],
  );
  return { section, page };
}
