/**
 * How far V8 lets the heap grow past what survived the last full collection, for the processes that compile a site
 * (`docs build`, `docs dev`, the build benchmark).
 *
 * A build keeps little for long: each page's objects die once its record is made. V8 sizes the next full collection
 * from how fast the thread allocates, and a page lane allocates fast, so it let each thread's heap reach three to
 * four times its live size (a main heap of ~230 MB holding ~55 MB, a worker's ~230 MB holding ~32 MB, on 1,000
 * generated pages) before collecting. A full collection of such a heap takes 5–20 ms, so collecting at 1.5× the live
 * size costs little: on 1,000 generated pages, 4 alternating pairs of whole `docs build` processes, peak RSS went from
 * 620 to 451 MiB at 1.00× the wall time; 25% instead of 50% saved 13 MiB more and took 2% longer.
 *
 * The flag is process-wide (every worker thread shares it), so only the commands that own their process set it;
 * `build()` called inside another tool's process leaves that process's collector as it is.
 */
import { setFlagsFromString } from "node:v8";

/** V8's `--heap-growing-percent`: the next full collection comes at (1 + this / 100) × the live heap. */
export const HEAP_GROWING_PERCENT = 50;

/** Call before the build starts its workers. */
export function limitHeapGrowth(): void {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
