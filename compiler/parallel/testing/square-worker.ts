/** A worker for map-in-workers.test.ts: squares numbers, says which thread did it, and fails on 13 when asked. */
import { threadId, workerData } from "node:worker_threads";
import { serveBatches } from "../worker-batches.ts";

const { failOn } = workerData as { failOn?: number };

serveBatches((n: number) => {
  if (n === failOn) throw new Error(`cannot square ${n}`);
  return { n, square: n * n, thread: threadId };
});
