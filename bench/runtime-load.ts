/**
 * Runtime figures: `docs serve` on loopback under a bounded closed-loop load (fixed concurrency, fixed duration),
 * for public search (`GET /api/docs?query=`) and MCP `tools/call search_docs`. Requests/s and p50/p99 latency count
 * answered requests only; failed ones (non-2xx or no answer) are reported apart, by cause, so a fast stream of errors
 * can never pass for throughput.
 */
import { quantile, startServeChild } from "./serve-child.ts";

export interface LoadResult {
  /** Requests answered with a 2xx, the only ones in req/s and the percentiles. */
  requests: number;
  /** Failed requests: non-2xx answers and requests that got no answer. */
  errors: number;
  /** Failed requests by cause: `status 503`, `no answer`. */
  failures: Record<string, number>;
  seconds: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
}

export interface RuntimeFigures {
  concurrency: number;
  durationSeconds: number;
  search: LoadResult;
  mcpSearchDocs: LoadResult;
}

const QUERIES = [
  "retry backoff",
  "configure queue",
  "deploy workers",
  "rate limit",
  "install package",
  "cron schedule",
  "error codes",
  "authentication token",
  "cache invalidation",
  "webhook events",
];

export async function measureRuntime(
  corpusDir: string,
  dist: string,
  options = { concurrency: 16, durationSeconds: 5 },
): Promise<RuntimeFigures> {
  const server = await startServeChild(corpusDir, dist);
  try {
    const { origin } = server;
    let n = 0;
    const search = await load(options, () =>
      fetch(`${origin}/api/docs?query=${encodeURIComponent(QUERIES[n++ % QUERIES.length])}`),
    );
    const mcpSearchDocs = await load(options, () =>
      fetch(`${origin}/api/docs/mcp`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          "mcp-protocol-version": "2025-11-25",
        },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: ++n,
          method: "tools/call",
          params: { name: "search_docs", arguments: { query: QUERIES[n % QUERIES.length] } },
        }),
      }),
    );
    return { ...options, search, mcpSearchDocs };
  } finally {
    server.stop();
  }
}

/** `concurrency` loops each sending one request after another until the time is up. */
export async function load(
  options: { concurrency: number; durationSeconds: number },
  send: () => Promise<Response>,
): Promise<LoadResult> {
  // Warm-up, not measured: the first requests build the search index and JIT the hot paths.
  for (let i = 0; i < 20; i++) await (await send()).arrayBuffer();
  const latencies: number[] = [];
  const failures: Record<string, number> = {};
  const fail = (cause: string) => (failures[cause] = (failures[cause] ?? 0) + 1);
  const started = performance.now();
  const deadline = started + options.durationSeconds * 1000;
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        try {
          const response = await send();
          await response.arrayBuffer();
          if (response.ok) latencies.push(performance.now() - t0);
          else fail(`status ${response.status}`);
        } catch {
          fail("no answer");
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors: Object.values(failures).reduce((sum, count) => sum + count, 0),
    failures,
    seconds: Math.round(seconds * 100) / 100,
    requestsPerSecond: Math.round(latencies.length / seconds),
    p50Ms: Math.round(quantile(latencies, 0.5) * 10) / 10,
    p99Ms: Math.round(quantile(latencies, 0.99) * 10) / 10,
  };
}
