import { threadId } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import { mapInWorkers } from "./map-in-workers.ts";

const WORKER = new URL("./testing/square-worker.js", import.meta.url);
type Squared = { n: number; square: number; thread: number };

const numbers = (count: number) => Array.from({ length: count }, (_, i) => i);
/** This thread's lane, a little slower than a worker, so that a worker that has loaded gets a share. */
const local = (wrapped: string[]) => ({
  map: async (n: number): Promise<Squared> => {
    await new Promise((resolve) => setTimeout(resolve, 4));
    return { n, square: n * n, thread: threadId };
  },
  lane: async (work: () => Promise<void>) => {
    wrapped.push("start");
    await work();
    wrapped.push("end");
  },
});

describe("mapInWorkers", () => {
  it("keeps item order whichever lane mapped an item, with this thread as a lane beside the workers", async () => {
    const wrapped: string[] = [];
    const progress: number[] = [];
    const results = await mapInWorkers<number, Squared>(WORKER, numbers(600), {
      workers: 1,
      batch: 8,
      workerData: {},
      local: local(wrapped),
      onProgress: (done) => progress.push(done),
    });
    expect(results.map((r) => r.n)).toEqual(numbers(600));
    expect(results.every((r) => r.square === r.n * r.n)).toBe(true);
    const threads = new Set(results.map((r) => r.thread));
    expect(threads.has(threadId)).toBe(true);
    expect(threads.size).toBe(2);
    expect(wrapped).toEqual(["start", "end"]);
    expect(progress.at(-1)).toBe(600);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  }, 30_000);

  it("maps with workers alone", async () => {
    const results = await mapInWorkers<number, Squared>(WORKER, numbers(50), { workers: 2, batch: 4, workerData: {} });
    expect(results.map((r) => r.square)).toEqual(numbers(50).map((n) => n * n));
    expect(results.every((r) => r.thread !== threadId)).toBe(true);
  }, 30_000);

  it("rejects when a worker fails, and when this thread's lane does", async () => {
    await expect(
      mapInWorkers<number, Squared>(WORKER, numbers(40), { workers: 2, batch: 4, workerData: { failOn: 13 } }),
    ).rejects.toThrow(/cannot square 13/);
    const failing = {
      map: async (n: number): Promise<Squared> => {
        if (n === 2) throw new Error("this thread cannot square 2");
        return { n, square: n * n, thread: threadId };
      },
      lane: (work: () => Promise<void>) => work(),
    };
    await expect(
      mapInWorkers<number, Squared>(WORKER, numbers(40), { workers: 1, batch: 4, workerData: {}, local: failing }),
    ).rejects.toThrow(/this thread cannot square 2/);
  }, 30_000);
});

describe("mapInWorkers after a failure", () => {
  it("stops this thread's lane when a worker fails", async () => {
    let mapped = 0;
    const slow = {
      map: async (n: number): Promise<Squared> => {
        mapped++;
        await new Promise((resolve) => setTimeout(resolve, 20));
        return { n, square: n * n, thread: threadId };
      },
      lane: (work: () => Promise<void>) => work(),
    };
    // The worker fails on every number from 13 up, so on its first batch however late it loads; this thread's lane,
    // at 20 ms an item, would need seconds more.
    await expect(
      mapInWorkers<number, Squared>(WORKER, numbers(400), {
        workers: 1,
        batch: 8,
        workerData: { failFrom: 13 },
        local: slow,
      }),
    ).rejects.toThrow(/cannot square \d+/);
    const atFailure = mapped;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mapped - atFailure).toBeLessThanOrEqual(1);
    expect(mapped).toBeLessThan(300);
  }, 30_000);
});
