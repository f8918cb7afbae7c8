import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { load } from "./runtime-load.ts";

describe("the runtime load bench", () => {
  it("keeps failed requests out of req/s and the percentiles, and counts them by cause", async () => {
    // Every 3rd request a 503, every 5th a dropped connection; the rest answered.
    let calls = 0;
    let ok = 0;
    const seen: string[] = [];
    const server = createServer((request, response) => {
      const n = calls++;
      seen.push(`${request.method} ${request.url} ${request.headers["accept-encoding"]}`);
      if (n % 5 === 4) return void request.socket.destroy();
      if (n % 3 === 2) return void response.writeHead(503).end("{}");
      ok++;
      response.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const paths = Array.from({ length: 7 }, (_, n) => `/q?n=${n}`);
      const result = await load(
        { concurrency: 4, durationSeconds: 1 },
        origin,
        paths.map((path) => ({ path })),
      );
      const measured = result.requests + result.errors;
      expect(result.failures["status 503"]).toBeGreaterThan(0);
      expect(result.failures["no answer"]).toBeGreaterThan(0);
      expect(result.errors).toBe(result.failures["status 503"] + result.failures["no answer"]);
      // Answered requests only, over the measured second (the warm-up's are not counted).
      expect(result.requests).toBeLessThan(ok);
      expect(result.requests / measured).toBeGreaterThan(0.4);
      expect(result.requests / measured).toBeLessThan(0.7);
      expect(result.requestsPerSecond).toBe(Math.round(result.requests / result.seconds));
      expect(result.p99Ms).toBeGreaterThanOrEqual(result.p50Ms);
      // Each connection sends the requests in turn, as a browser would ask for them.
      expect(seen[0]).toBe("GET /q?n=0 gzip, deflate, br");
      expect(new Set(seen)).toEqual(new Set(paths.map((path) => `GET ${path} gzip, deflate, br`)));
    } finally {
      server.close();
    }
  });
});
