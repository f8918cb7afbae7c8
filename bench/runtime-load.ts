/**
 * Runtime figures: `docs serve` on loopback under a bounded closed-loop load (fixed connections, fixed duration), for
 * public search (`GET /api/docs?query=`) and MCP `tools/call search_docs`, beside a 1.5 KB static file that shows
 * what the load generator and the machine allow at all. Requests/s and p50/p99 latency count answered requests
 * only; failed ones (non-2xx or no answer) are reported apart, by cause, so a fast stream of errors can never pass
 * for throughput.
 *
 * The load generator is autocannon (HTTP/1.1 keep-alive over raw sockets, as a browser's connections are), sending
 * `Accept-Encoding: gzip, deflate, br` like a browser and never decoding: the server does its compression work, the
 * client does not add its own. It shares the two cores with the server. Until 2026-11-25 the bench drove the load
 * with `fetch` (undici), which decodes every body and on this machine could not show a p99 under 20 ms even for
 * the static file.
 *
 * Search and MCP are loaded twice: on one server process (`docs serve`), and on one per core
 * (`docs serve --workers auto`), which shares the cores with the load generator.
 */
import { availableParallelism } from "node:os";
import autocannon from "autocannon";
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
  /** The load generator's own ceiling: a small static file served by the same `docs serve`. */
  staticFile: LoadResult;
  search: LoadResult;
  mcpSearchDocs: LoadResult;
  /** The same two loads on `docs serve --workers <workers>` (one per core); null on a one-core machine. */
  perCore: { workers: number; search: LoadResult; mcpSearchDocs: LoadResult } | null;
}

/** One request of a load: what autocannon's `setupRequest` may set. */
export interface LoadRequest {
  method?: "GET" | "POST";
  path: string;
  headers?: Record<string, string>;
  body?: string;
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

/** What browsers send; the server then compresses as it would for a reader. */
const ACCEPT_ENCODING = "gzip, deflate, br";

export async function measureRuntime(
  corpusDir: string,
  dist: string,
  options = { concurrency: 16, durationSeconds: 5 },
): Promise<RuntimeFigures> {
  const single = await startServeChild(corpusDir, dist);
  let figures: Omit<RuntimeFigures, "perCore">;
  try {
    const staticFile = await load(options, single.origin, [{ path: "/robots.txt" }]);
    figures = { ...options, staticFile, ...(await loadSearchAndMcp(options, single.origin)) };
  } finally {
    await single.stop();
  }
  const workers = availableParallelism();
  if (workers < 2) return { ...figures, perCore: null };
  const spread = await startServeChild(corpusDir, dist, undefined, workers);
  try {
    return { ...figures, perCore: { workers, ...(await loadSearchAndMcp(options, spread.origin)) } };
  } finally {
    await spread.stop();
  }
}

async function loadSearchAndMcp(
  options: { concurrency: number; durationSeconds: number },
  origin: string,
): Promise<{ search: LoadResult; mcpSearchDocs: LoadResult }> {
  const search = await load(
    options,
    origin,
    QUERIES.map((query) => ({ path: `/api/docs?query=${encodeURIComponent(query)}` })),
  );
  const mcpSearchDocs = await load(
    options,
    origin,
    QUERIES.map((query, i) => ({
      method: "POST",
      path: "/api/docs/mcp",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-protocol-version": "2025-11-25",
      },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: i + 1,
        method: "tools/call",
        params: { name: "search_docs", arguments: { query } },
      }),
    })),
  );
  return { search, mcpSearchDocs };
}

/**
 * `concurrency` keep-alive connections, each sending `requests` in turn, one after another, until the time is up,
 * after a one-second warm-up that is not measured (the first requests build the search index and JIT the hot
 * paths). Each request's bytes are made once: made per send, they cost the load generator, which shares the
 * machine with the server, about a tenth of the MCP rate.
 */
export async function load(
  options: { concurrency: number; durationSeconds: number },
  origin: string,
  requests: LoadRequest[],
): Promise<LoadResult> {
  await run({ ...options, durationSeconds: Math.min(1, options.durationSeconds) }, origin, requests);
  return run(options, origin, requests);
}

async function run(
  options: { concurrency: number; durationSeconds: number },
  origin: string,
  requests: LoadRequest[],
): Promise<LoadResult> {
  const latencies: number[] = [];
  const failures: Record<string, number> = {};
  const fail = (cause: string) => (failures[cause] = (failures[cause] ?? 0) + 1);
  let answered = 0;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: origin,
        connections: options.concurrency,
        duration: options.durationSeconds,
        headers: { "accept-encoding": ACCEPT_ENCODING },
        requests: requests.map((request) => ({
          ...request,
          headers: { "accept-encoding": ACCEPT_ENCODING, ...request.headers },
        })),
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    instance.on("response", (_client, statusCode, _bytes, milliseconds) => {
      answered++;
      if (statusCode >= 200 && statusCode < 300) latencies.push(milliseconds);
      else fail(`status ${statusCode}`);
    });
  });
  const result = await done;
  // A closed loop has one request in flight per connection when time is up; any other request sent and never
  // answered got no answer (a dropped connection, a timeout).
  const unanswered = result.requests.sent - answered - options.concurrency;
  for (let i = 0; i < unanswered; i++) fail("no answer");
  const seconds = result.duration;
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
