/**
 * How soon V8 optimizes a function while page workers build a site.
 *
 * V8 hands a function to its optimizing compiler once the function has run through a budget of bytecode
 * (`--interrupt-budget`), and compiles it on a helper thread, of which a build process keeps one (helper-threads.ts).
 * In a build on one thread that helper has the second core to itself: on 100 real pages it ran for 4.8–5.3 s of CPU
 * beside the page thread's ~9 s (CPU time per thread, read from `/proc`), ~4 s of it optimizing compilation (1.0 s
 * with `--no-concurrent-recompilation`, which moves that work onto the page thread). When page workers keep
 * both cores busy, it takes that time from them, for many functions a build does not run long enough to repay. So
 * when a build starts page workers the budget is raised fourfold, from Node 20's 66 KiB: the functions that run most
 * are still optimized, later. Whole `docs build` processes, alternating pairs, against V8's budget (2026-11-27):
 *
 * | corpus | wall | CPU | peak RSS |
 * |---|---:|---:|---|
 * | 1,000 generated pages, this thread and a worker (4 pairs, every pair faster) | 0.88× | 0.86× | 377 → 367 MiB |
 * | the same, 5 pairs on a noisier hour (0.93–1.14×) | 0.95× | 0.96× | 373 → 361 MiB |
 * | 1,000 real-profile pages, two workers (5 pairs, 0.88–1.19×) | 0.95× | 0.88× | 550 → 559 MiB |
 *
 * Raised eightfold: 0.92× (4 pairs, 0.85–1.10×). Raised fourfold from the start of a build on one thread (100 real
 * pages): 1.08× the time (6 pairs), as the page thread runs slower code for longer while the helper's core is idle
 * anyway; a build that starts no workers keeps V8's budget. Since a build on one thread has its pages parsed ahead on
 * a second (markdown/parse-ahead.ts), that core is no longer idle, and such a build raises the budget too: with the
 * parser's larger young generation (parse-ahead.ts), 100 real pages took 0.83× the time and 0.78× the CPU of the
 * package before both (8 pairs, 0.67–1.23×; the budget alone on top of the young generation 0.92×, 8 pairs), peak
 * 295 → 316 MiB; 400 bench pages 1.03× (6 pairs, 0.97–1.14×), 248 → 273 MiB; `dist/` identical.
 *
 * The flag is process-wide, so, as with heap-growth.ts, only the commands that own their process allow it (the build
 * sets it when it starts workers or the parse-ahead thread, and it stays for the process's later builds), and a value
 * given on Node's command line stands.
 */
import { setFlagsFromString } from "node:v8";
import { flagGiven } from "./flag-given.ts";

/** The budget, in bytes of bytecode run, once page workers are started: four times Node 20's (V8 11.3's) 66 KiB. */
export const WORKER_BUILD_INTERRUPT_BUDGET = 4 * 66 * 1024;

/** The flag a build that starts page workers sets, or undefined when Node's command line already gives a budget. */
export function optimizingBudgetFlag(execArgv: readonly string[]): string | undefined {
  return flagGiven(execArgv, "--interrupt-budget") ? undefined : `--interrupt-budget=${WORKER_BUILD_INTERRUPT_BUDGET}`;
}

/** Set by the commands that own their process (build-process.ts); undefined elsewhere. */
let flag: string | undefined;

/** Lets this process's builds raise the budget, unless Node's command line (`process.execArgv`) sets one. */
export function allowOptimizingBudget(): void {
  flag = optimizingBudgetFlag(process.execArgv);
}

/** Called as a build starts page workers or the parse-ahead thread. */
export function raiseOptimizingBudget(): void {
  if (flag) setFlagsFromString(flag);
}
