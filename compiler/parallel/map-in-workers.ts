/**
 * Maps items through a pool of worker threads, in batches, keeping item order: the result at index i is the one for
 * item i whichever lane produced it. A worker module answers with `serveBatches` (worker-batches.ts): it posts
 * "ready" once loaded, then one array of results per batch it is sent. A worker that fails or exits early rejects
 * the whole map; every worker is terminated before the promise settles.
 *
 * With `local`, this thread is one more lane: it maps batches itself from the first moment, while the workers load
 * (a worker takes about a second to load the compiler, and its first pages run cold). Each worker is kept two
 * batches ahead, so it has work while this thread is busy with its own, and batches shrink near the end so that the
 * lanes finish together.
 */
import { Worker, type ResourceLimits } from "node:worker_threads";
import type { WorkerBatch, WorkerResults } from "./worker-batches.ts";

/**
 * Young generation for workers that parse Markdown (page building, review reading): parsing allocates many
 * short-lived nodes, and a larger young generation than V8's default spends less time collecting them. Measured as
 * whole `docs build` processes on 1,000 bench pages, 5 alternating pairs: 0.96× the wall time (every pair faster),
 * +30 MiB peak; review readers about 10% less time in the collector. V8 makes a third of it a semi-space and rounds
 * that up to a power of two: 64 MB gives 32 MB semi-spaces, twice V8's default of 16 MB.
 */
export const PARSER_YOUNG_GENERATION_MB = 64;

/**
 * Young generation for page workers while the main thread builds pages too (on two cores, one worker beside it):
 * 16 MB semi-spaces, V8's default and the main thread's. Such a build peaks at the end of its pages pass, while
 * every lane's heap is alive. Whole `docs build` processes against `PARSER_YOUNG_GENERATION_MB`, the results shelved
 * (model/shelve-page.ts), alternating pairs, `dist/` identical:
 *
 * | corpus | pairs | wall (medians, spread) | peak RSS |
 * |---|---:|---|---|
 * | 1,000 real-profile pages | 4, 4, 5 | 1.06×, 1.09×, 1.01× (0.87–1.19×) | 429–432 → 375–378 MiB |
 * | 1,000 generated pages | 5 | 0.99× (0.91–1.09×) | 344 → 295 MiB |
 * | 2,000 real-profile pages | 2 | 1.05× (1.02–1.07×) | 434 → 419 MiB |
 *
 * The second real-profile run was with 48 MB, the others with 32 MB: both give 16 MB semi-spaces, and measured the
 * same peak. That meets the 400 MiB goal (issue 11) at 1,000 pages of either profile, for a few percent of the time
 * on heavy pages. Two workers building without the main thread (past 2,000 pages) keep the larger one: with the
 * smaller one there too, 5,000 generated pages took 1.19× the time of the package before shelving and this (2 pairs,
 * 1.15–1.22×; shelving alone 1.00×), peak 487 → 413 MiB.
 */
export const LANE_WORKER_YOUNG_GENERATION_MB = 48;

/** The most threads a build or a review maps pages on, whatever the number of cores. */
export const MAX_LANES = 8;

export interface MapInWorkersOptions<Item, Result, Kept = Result> {
  workers: number;
  /** Items per message: large enough to amortise a round trip, small enough to balance the pool. */
  batch: number;
  workerData: unknown;
  resourceLimits?: ResourceLimits;
  onProgress?: (done: number, total: number) => void;
  /**
   * Applied to each result as it arrives, and what it gives is kept: a build moves each page result out of the heap
   * here (model/shelve-page.ts), so that what the map holds hardly grows. Without it, a result is kept as it is
   * (`Kept` is `Result`).
   */
  keep?: (result: Result) => Kept;
  /** This thread as one more lane: `map` does one item as a worker would, inside `lane` (which wraps them all). */
  local?: { map: (item: Item) => Promise<Result>; lane: (work: () => Promise<void>) => Promise<void> };
}

/** Batches in flight per worker when this thread is a lane too. */
const AHEAD = 2;

export async function mapInWorkers<Item, Result, Kept = Result>(
  module: URL,
  items: readonly Item[],
  options: MapInWorkersOptions<Item, Result, Kept>,
): Promise<Kept[]> {
  const results: Kept[] = new Array(items.length);
  const keep = options.keep ?? ((result: Result) => result as unknown as Kept);
  const lanes = options.workers + (options.local ? 1 : 0);
  let next = 0;
  let done = 0;
  /** Set once the map has settled (a lane failed, or all is done): this thread's lane takes nothing more. */
  let stopped = false;
  /** The next batch: `options.batch` items, fewer near the end so that every lane gets a share of what is left. */
  const take = (): WorkerBatch<Item> => {
    const size = Math.max(1, Math.min(options.batch, Math.ceil((items.length - next) / (2 * lanes))));
    const batch: WorkerBatch<Item> = [];
    for (; batch.length < size && next < items.length; next++) batch.push({ index: next, item: items[next] });
    return batch;
  };
  const finished = (count: number) => {
    done += count;
    options.onProgress?.(done, items.length);
  };
  const ahead = options.local ? AHEAD : 1;
  /** Called when this thread's lane has finished: a worker with nothing in flight (still loading, say) is done. */
  const whenLocalDone: (() => void)[] = [];
  const run = (worker: Worker) =>
    new Promise<void>((resolve, reject) => {
      let inFlight = 0;
      whenLocalDone.push(() => {
        if (inFlight === 0) resolve();
      });
      worker.on("message", (message: "ready" | WorkerResults<Result>) => {
        if (message !== "ready") {
          for (const { index, result } of message) results[index] = keep(result);
          inFlight--;
          finished(message.length);
        }
        while (inFlight < ahead && next < items.length) {
          worker.postMessage(take());
          inFlight++;
        }
        if (inFlight === 0) resolve();
      });
      worker.on("error", reject);
      worker.on("exit", (code) => {
        if (next < items.length || done < items.length) reject(new Error(`worker exited with code ${code}`));
      });
    });
  const runLocal = async (local: NonNullable<typeof options.local>) =>
    local.lane(async () => {
      while (next < items.length && !stopped) {
        for (const { index, item } of take()) {
          if (stopped) return;
          results[index] = keep(await local.map(item));
          finished(1);
          // A turn of the event loop between items: workers waiting for their next batch get it.
          await new Promise((resolve) => setImmediate(resolve));
        }
      }
      for (const settle of whenLocalDone) settle();
    });
  const pool = Array.from(
    { length: options.workers },
    () => new Worker(module, { workerData: options.workerData, resourceLimits: options.resourceLimits }),
  );
  try {
    await Promise.all([...pool.map(run), ...(options.local ? [runLocal(options.local)] : [])]);
  } finally {
    stopped = true;
    await Promise.all(pool.map((worker) => worker.terminate()));
  }
  return results;
}
