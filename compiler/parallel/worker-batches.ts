/** The worker side of map-in-workers.ts: answers each batch with its results, in the batch's order. */
import { parentPort } from "node:worker_threads";

export type WorkerBatch<Item> = { index: number; item: Item }[];
export type WorkerResults<Result> = { index: number; result: Result }[];

export function serveBatches<Item, Result>(handle: (item: Item) => Result | Promise<Result>): void {
  const port = parentPort!;
  port.on("message", async (batch: WorkerBatch<Item>) => {
    const results: WorkerResults<Result> = [];
    for (const { index, item } of batch) results.push({ index, result: await handle(item) });
    port.postMessage(results);
  });
  port.postMessage("ready");
}
