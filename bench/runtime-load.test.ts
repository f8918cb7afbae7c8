import { describe, expect, it } from "vitest";
import { load } from "./runtime-load.ts";

describe("the runtime load bench", () => {
  it("keeps failed requests out of req/s and the percentiles, and counts them by cause", async () => {
    let calls = 0;
    let ok = 0;
    let unavailable = 0;
    let dropped = 0;
    const warmUp = 20;
    const send = async (): Promise<Response> => {
      const n = calls++;
      // Yield so the closed loop behaves like real I/O.
      await new Promise((resolve) => setImmediate(resolve));
      if (n >= warmUp && n % 5 === 0) {
        dropped++;
        throw new TypeError("fetch failed");
      }
      if (n >= warmUp && n % 3 === 0) {
        unavailable++;
        return new Response("{}", { status: 503 });
      }
      if (n >= warmUp) ok++;
      return new Response("{}", { status: 200 });
    };
    const result = await load({ concurrency: 4, durationSeconds: 0.2 }, send);
    expect(dropped + unavailable).toBeGreaterThan(0);
    expect(result.requests).toBe(ok);
    expect(result.errors).toBe(dropped + unavailable);
    expect(result.failures).toEqual({ "status 503": unavailable, "no answer": dropped });
    // req/s is answered requests over the (rounded) duration, nowhere near the rate of all calls.
    expect(result.requestsPerSecond).toBeGreaterThanOrEqual(Math.floor(ok / (result.seconds + 0.005)));
    expect(result.requestsPerSecond).toBeLessThanOrEqual(Math.ceil(ok / (result.seconds - 0.005)));
  });
});
