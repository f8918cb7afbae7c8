/**
 * Whether building these pages on more than one thread pays (issue 10: "a site of any size uses both cores when it
 * pays"). A page's cost is mostly its code fences (Shiki tokenizing, rehype-pretty-code) plus a share for
 * its text; a worker costs a fixed start-up (it loads the compiler, the config and the site's grammars) and its
 * first pages run cold. The estimate is in milliseconds of one core, fitted to whole cold `docs build`s on this
 * 2-core machine (2026-11-26; wall times of the whole build, every page on this thread against this thread plus one
 * worker):
 *
 * | corpus | estimate | one thread | with a worker |
 * |---|---:|---:|---:|
 * | 200 bench pages | 2.3 s | 4.6 s | 5.2 s |
 * | 500 bench pages | 5.8 s | 7.8–8.7 s | 7.7–8.4 s |
 * | 1,000 bench pages | 11.4 s | 13.0–13.5 s | 11.5 s |
 * | 100 real-profile pages | 5.5 s | 6.8–7.1 s | 7.4–7.6 s |
 * | 200 real-profile pages | 11.4 s | 11.9–12.1 s | 11.0–11.8 s |
 * | 300 real-profile pages | 17.2 s | 15.5–15.7 s | 14.3–14.6 s |
 *
 * The threshold sits where the two meet.
 */
import type { SourcePage } from "../content/discover.ts";

const MS_PER_FENCE = 4.5;
const MS_PER_PAGE = 1.2;
const MS_PER_KIB = 0.3;
/** About 500 bench-corpus pages' or 130 real-profile pages' worth of work. */
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

/**
 * Up to this many pages the main thread builds pages beside the workers (from the start, while they load), one
 * worker fewer; beyond it the workers build alone. The main thread holds every page's record, so its heap grows with
 * the pages, and each full collection there marks all of it: building pages there too makes those collections
 * frequent. One thread fewer is one heap fewer. Whole `docs build` processes with this thread building against
 * the workers alone, alternating pairs (2026-11-27, page records owning their strings, model/own-strings.ts):
 *
 * | corpus | pairs | wall | peak RSS |
 * |---|---:|---|---|
 * | 1,000 real-profile pages | 4, 3, 4 | 0.97×, 1.16×, 1.03× (0.86–1.21×) | 528–539 → 463–467 MiB |
 * | 2,000 real-profile pages | 2 | 0.99× (0.98×, 1.00×) | 576 → 507 MiB |
 * | 2,500 bench pages | 2 | 1.04× (0.95×, 1.13×) | 440 → 402 MiB |
 * | 5,000 bench pages | 2 | 1.10× (1.03×, 1.16×) | 508 → 479 MiB |
 *
 * So about 4% more time at 1,000 real pages, on a noisy machine, for 13% less memory (the issue's goal is 400 MiB).
 * Before records owned their strings, a page built on this thread kept its whole text alive through the cuts in its
 * record, and this thread built pages only up to ~1,500 bench pages' worth of work.
 */
const MAIN_THREAD_LANE_PAGES = 2000;

/**
 * From this much work a build on this thread alone has the bodies parsed ahead on another (markdown/parse-ahead.ts):
 * about 45 real-profile or 220 bench pages. Whole `docs build` processes against the same package without it,
 * alternating pairs (2026-11-27): 30 real-profile pages 1.03× the wall time (8 pairs), 60 pages 0.95× (8 pairs),
 * 100 pages 0.94× (6 pairs), 400 bench pages 0.88× (6 pairs, every pair faster). The parser's thread shares the
 * second core with V8's helper thread, so the CPU time grows (1.04–1.09×), and so does the peak (+23 MiB at 400
 * bench pages, +54 MiB at 100 real-profile pages).
 */
const PARSE_AHEAD_WORK_MS = 2500;

/**
 * How the pages are built: on this thread alone, or by workers, with this thread as one more lane or not; on this
 * thread alone, with their bodies parsed ahead on another or not.
 */
export interface PageLanes {
  workers: number;
  thisThread: boolean;
  parseAhead: boolean;
}

export function pageLanes(sources: readonly SourcePage[], cores: number): PageLanes {
  const work = cores > 1 ? estimatedPageWork(sources) : 0;
  if (work < PARALLEL_WORK_MS) return { workers: 0, thisThread: true, parseAhead: work >= PARSE_AHEAD_WORK_MS };
  return sources.length <= MAIN_THREAD_LANE_PAGES
    ? { workers: cores - 1, thisThread: true, parseAhead: false }
    : { workers: cores, thisThread: false, parseAhead: false };
}
