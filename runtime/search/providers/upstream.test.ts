import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import type { SearchTransport } from "./config.ts";
import { callSignal } from "./upstream.ts";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;
const transport = (timeoutMs: number) => ({ timeoutMs }) as SearchTransport;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("callSignal", () => {
  it("times out even when only a listener holds the signal and a garbage collection runs", async () => {
    // As fetch holds it: undici keeps the request's signal through a WeakRef and a listener.
    const client = new AbortController();
    const reasons: string[] = [];
    for (let i = 0; i < 20; i++)
      callSignal(transport(40), client.signal).addEventListener("abort", function (this: AbortSignal) {
        reasons.push((this.reason as Error).name);
      });
    gc();
    await sleep(20);
    gc();
    await sleep(150);
    expect(reasons).toEqual(Array(20).fill("TimeoutError"));
  });

  it("aborts with the caller's reason when the client goes away first", () => {
    const client = new AbortController();
    const signal = callSignal(transport(10_000), client.signal);
    client.abort(new Error("client gone"));
    expect(signal.aborted).toBe(true);
    expect((signal.reason as Error).message).toBe("client gone");
  });

  it("starts aborted when the caller's signal already is", () => {
    expect(callSignal(transport(10_000), AbortSignal.abort()).aborted).toBe(true);
  });
});
