/**
 * How far V8 lets the heap grow past what survived the last full collection, for the processes that compile a site
 * (`docs build`, `docs dev`, the build benchmark).
 *
 * A build keeps little for long: each page's objects die once its record is made. V8 sizes the next full collection
 * from how fast the thread allocates, and a page lane allocates fast, so it let each thread's heap reach three to
 * four times its live size (a main heap of ~230 MB holding ~55 MB, a worker's ~230 MB holding ~32 MB, on 1,000
 * generated pages) before collecting. Collecting at 1.5× the live size keeps the peak about a third lower, for more
 * marking (on two cores, the collector's background threads take time from the page lanes). Whole `docs build`
 * processes, alternating pairs, against V8's own sizing:
 *
 * | corpus | peak RSS | wall |
 * |---|---:|---:|
 * | 1,000 generated pages (5 pairs) | 570 → 387 MiB | 1.05× |
 * | 100 real-profile pages, one thread (5 pairs) | 414 → 259 MiB | 1.07× |
 * | 5,000 generated pages (2 pairs) | 738 → 541 MiB | 1.17× |
 *
 * At 100% instead of 50%: 1,000 pages 425 MiB at 1.03×, 5,000 pages 581 MiB at 1.07×.
 *
 * The flag is process-wide (every worker thread shares it), so only the commands that own their process set it;
 * `build()` called inside another tool's process leaves that process's collector as it is. A value given on Node's
 * command line is left as given: `node --heap-growing-percent=0 node_modules/.bin/docs build` restores V8's own
 * sizing, for the faster build. (Node refuses the flag in `NODE_OPTIONS`.)
 */
import { setFlagsFromString } from "node:v8";
import { flagGiven } from "./flag-given.ts";

/** V8's `--heap-growing-percent`: the next full collection comes at (1 + this / 100) × the live heap. */
export const HEAP_GROWING_PERCENT = 50;

/** The flag to set, or undefined when Node's command line (`process.execArgv`) already gives one. */
export function heapGrowthFlag(execArgv: readonly string[]): string | undefined {
  return flagGiven(execArgv, "--heap-growing-percent") ? undefined : `--heap-growing-percent=${HEAP_GROWING_PERCENT}`;
}

/** Call before the build starts its workers. */
export function limitHeapGrowth(): void {
  const flag = heapGrowthFlag(process.execArgv);
  if (flag) setFlagsFromString(flag);
}
