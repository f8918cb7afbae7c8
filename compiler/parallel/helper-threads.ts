/**
 * How many threads V8 keeps for its background work (garbage collection, optimizing compilation) in a process that
 * builds a site (`docs build`, the build benchmark).
 *
 * Node starts four. A build already keeps every core busy with its own threads (this one and a worker per core,
 * `MAX_LANES` at most), so the helpers compete with those threads for the cores rather than using idle ones. On 100
 * real-profile pages, built on one thread on this 2-core machine, the four helpers took 3.0 s of CPU (mostly
 * optimizing compilation) beside the main thread's 4.5 s, and the main thread was off its core for a sixth of the
 * 5.3 s build. With one helper there is nothing to wait for. Whole `docs build` processes, alternating pairs,
 * one helper against four (2026-11-26):
 *
 * | corpus | wall | peak RSS |
 * |---|---:|---|
 * | 100 real-profile pages, one thread (4 pairs) | 0.91× | 252 → 243 MiB |
 * | 1,000 generated pages, this thread and a worker (3 pairs) | 0.95× | 372 → 381 MiB |
 * | 1,000 real-profile pages, two workers (2 pairs) | 0.91× | 555 → 568 MiB |
 *
 * Node reads `--v8-pool-size` only when it starts, so `docs build` runs the build in a child Node started with it
 * (bin/node-flags.ts). A machine with more cores than a build has threads has idle cores for the helpers, and Node's
 * default is left alone there.
 */
import { flagGiven } from "./flag-given.ts";
import { MAX_LANES } from "./map-in-workers.ts";

/** V8 helper threads for a build process on a machine with at most `MAX_LANES` cores. */
export const BUILD_HELPER_THREADS = 1;

/**
 * The Node options a build process should start with that this one lacks: none when the command line or
 * `NODE_OPTIONS` already sets the pool size (the user's choice stands), or when the machine has spare cores.
 */
export function buildProcessFlags(execArgv: readonly string[], nodeOptions: string, cores: number): string[] {
  const given = flagGiven([...execArgv, ...nodeOptions.split(/\s+/)], "--v8-pool-size");
  return given || cores > MAX_LANES ? [] : [`--v8-pool-size=${BUILD_HELPER_THREADS}`];
}
