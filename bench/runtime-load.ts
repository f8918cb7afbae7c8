/**
 * Runtime figures: `docs serve` on loopback under a bounded closed-loop load (fixed concurrency, fixed duration),
 * for public search (`GET /api/docs?query=`) and MCP `tools/call search_docs`. Requests/s and p50/p99 latency.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";

export interface LoadResult {
  requests: number;
  errors: number;
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

const QUERIES = ["retry backoff", "configure queue", "deploy workers", "rate limit", "install package", "cron schedule", "error codes", "authentication token", "cache invalidation", "webhook events"];

export async function measureRuntime(corpusDir: string, dist: string, options = { concurrency: 16, durationSeconds: 5 }): Promise<RuntimeFigures> {
  const port = await freePort();
  const repo = path.resolve(import.meta.dirname, "..");
  const server = spawn(process.execPath, [path.join(repo, "bin/docs.js"), "serve", "--root", corpusDir, "--dist", dist, "--port", String(port), "--host", "127.0.0.1"], { stdio: ["ignore", "ignore", "inherit"] });
  try {
    const origin = `http://127.0.0.1:${port}`;
    await waitUntilUp(`${origin}/api/docs?query=warmup`, server);
    let n = 0;
    const search = await load(options, () => fetch(`${origin}/api/docs?query=${encodeURIComponent(QUERIES[n++ % QUERIES.length])}`));
    const mcpSearchDocs = await load(options, () => fetch(`${origin}/api/docs/mcp`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-11-25" },
      body: JSON.stringify({ jsonrpc: "2.0", id: ++n, method: "tools/call", params: { name: "search_docs", arguments: { query: QUERIES[n % QUERIES.length] } } }),
    }));
    return { ...options, search, mcpSearchDocs };
  } finally {
    server.kill();
  }
}

/** `concurrency` loops each sending one request after another until the time is up. */
async function load(options: { concurrency: number; durationSeconds: number }, send: () => Promise<Response>): Promise<LoadResult> {
  // Warm-up, not measured: the first requests build the search index and JIT the hot paths.
  for (let i = 0; i < 20; i++) await (await send()).arrayBuffer();
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + options.durationSeconds * 1000;
  await Promise.all(Array.from({ length: options.concurrency }, async () => {
    while (performance.now() < deadline) {
      const t0 = performance.now();
      try {
        const response = await send();
        await response.arrayBuffer();
        if (!response.ok) errors++;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - t0);
    }
  }));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    requests: latencies.length,
    errors,
    seconds: Math.round(seconds * 100) / 100,
    requestsPerSecond: Math.round(latencies.length / seconds),
    p50Ms: Math.round(at(0.5) * 10) / 10,
    p99Ms: Math.round(at(0.99) * 10) / 10,
  };
}

async function waitUntilUp(url: string, server: ChildProcess): Promise<void> {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (server.exitCode !== null) throw new Error(`docs serve exited with code ${server.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("docs serve did not start within 60 s");
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}
