/**
 * A worker for map-in-workers.test.ts: squares numbers, says which thread did it, and fails when asked: on
 * `failOn`, or on every number from `failFrom` up.
 */
import { threadId, workerData } from "node:worker_threads";
import { serveBatches } from "../worker-batches.ts";

const { failOn, failFrom } = workerData as { failOn?: number; failFrom?: number };

serveBatches((n: number) => {
  if (n === failOn || (failFrom !== undefined && n >= failFrom)) throw new Error(`cannot square ${n}`);
  return { n, square: n * n, thread: threadId };
});
