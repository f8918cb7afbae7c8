/** The debounce of docs dev: one rebuild per save, none lost while a build runs (issue 11). */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createChangeBatcher } from "./change-batcher.ts";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("createChangeBatcher", () => {
  it("turns a burst of events into one sorted batch after the quiet period", async () => {
    const batches: string[][] = [];
    const batcher = createChangeBatcher({
      quietMs: 25,
      maxWaitMs: 250,
      onBatch: (paths) => {
        batches.push(paths);
      },
    });
    batcher.add("docs/b/page.md");
    await vi.advanceTimersByTimeAsync(10);
    batcher.add("docs/a/page.md");
    batcher.add("docs/b/page.md");
    await vi.advanceTimersByTimeAsync(24);
    expect(batches).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(batches).toEqual([["docs/a/page.md", "docs/b/page.md"]]);
  });

  it("flushes at maxWaitMs even when events never stop", async () => {
    const batches: string[][] = [];
    const batcher = createChangeBatcher({
      quietMs: 25,
      maxWaitMs: 100,
      onBatch: (paths) => {
        batches.push(paths);
      },
    });
    for (let t = 0; t < 100; t += 10) {
      batcher.add(`f${t}`);
      await vi.advanceTimersByTimeAsync(10);
    }
    expect(batches.length).toBe(1);
    expect(batches[0]).toContain("f0");
  });

  it("keeps changes that arrive during a build for one batch right after it", async () => {
    const batches: string[][] = [];
    let finish!: () => void;
    const batcher = createChangeBatcher({
      quietMs: 25,
      maxWaitMs: 250,
      onBatch: (paths) => {
        batches.push(paths);
        return batches.length === 1
          ? new Promise<void>((resolve) => {
              finish = resolve;
            })
          : undefined;
      },
    });
    batcher.add("a");
    await vi.advanceTimersByTimeAsync(25);
    batcher.add("b");
    batcher.add("c");
    await vi.advanceTimersByTimeAsync(500);
    expect(batches).toEqual([["a"]]);
    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(batches).toEqual([["a"], ["b", "c"]]);
  });

  it("a failing build does not stop later batches", async () => {
    const batches: string[][] = [];
    const batcher = createChangeBatcher({
      quietMs: 5,
      maxWaitMs: 50,
      onBatch: (paths) => {
        batches.push(paths);
        throw new Error("boom");
      },
    });
    batcher.add("a");
    await vi.advanceTimersByTimeAsync(5);
    batcher.add("b");
    await vi.advanceTimersByTimeAsync(5);
    expect(batches).toEqual([["a"], ["b"]]);
  });
});
