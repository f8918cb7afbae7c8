/**
 * Whether building these pages in worker threads pays (issue 10: "a site of any size uses both cores when it pays").
 * A page's cost is mostly its code fences (Shiki tokenizing, rehype-pretty-code re-parsing) plus a share for its
 * text; a worker costs a fixed start-up (it loads the compiler, the config and the site's grammars). The old rule —
 * 200 pages — left a 53-page site of code-heavy pages (7–15 fences each, ~20 s) on one thread, while 200 small pages
 * crossed it. Estimated here in milliseconds of one core on the bench machine (measured: ~15 ms per fence, ~4 ms per
 * page, ~1 ms per KiB); workers start when the work is several worker start-ups' worth.
 */
import type { SourcePage } from "../content/discover.ts";

const MS_PER_FENCE = 15;
const MS_PER_PAGE = 4;
const MS_PER_KIB = 1;
/** About three worker start-ups (loading the toolchain and grammars takes ~1 s of one core). */
const PARALLEL_WORK_MS = 3000;

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
