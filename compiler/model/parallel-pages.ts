/**
 * Whether building these pages in worker threads pays (issue 10: "a site of any size uses both cores when it pays").
 * A page's cost is mostly its code fences (Shiki tokenizing, rehype-pretty-code re-parsing) plus a share for its
 * text; a worker costs a fixed start-up (it loads the compiler, the config and the site's grammars). The old rule —
 * 200 pages — counted pages, so 150 code-heavy pages (7–15 fences each) stayed on one thread while 200 small ones
 * did not. The work is estimated in milliseconds of one core (~15 ms per fence, ~4 ms per page, ~1 ms per KiB) and
 * the threshold is the old one in those units: 200 pages of the bench corpus (≈ 7.6 s), i.e. about 80 real-profile
 * pages. Measured on the shared 2-core machine under heavy load (bench/results), 50 real-profile pages in two
 * workers cost 1.5× the CPU of one thread (each worker loads the compiler and every grammar of the site), so the
 * threshold stays well above a few worker start-ups.
 */
import type { SourcePage } from "../content/discover.ts";

const MS_PER_FENCE = 15;
const MS_PER_PAGE = 4;
const MS_PER_KIB = 1;
/** 200 bench-corpus pages' worth of work: the page-count threshold this estimate replaced. */
const PARALLEL_WORK_MS = 7500;

/** Rough single-core milliseconds to build these pages. */
export function estimatedPageWork(sources: readonly SourcePage[]): number {
  let ms = 0;
  for (const source of sources) {
    const fenceLines = source.source.match(/^[ \t]{0,3}(`{3,}|~{3,})/gm)?.length ?? 0;
    ms += MS_PER_PAGE + Math.floor(fenceLines / 2) * MS_PER_FENCE + (source.source.length / 1024) * MS_PER_KIB;
  }
  return ms;
}

export function parallelPays(sources: readonly SourcePage[], cores: number): boolean {
  return cores > 1 && estimatedPageWork(sources) >= PARALLEL_WORK_MS;
}
