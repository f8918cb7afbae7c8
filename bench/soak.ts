/**
 * 60-second mixed-load soak of `docs serve` (issue 9): search, `.md` pages, MCP tool calls, agent feedback and the
 * content-changes feed, from a fixed number of closed-loop clients on loopback. Passes when no request fails and the
 * server's RSS at the end is within 10% of its RSS after warm-up. RSS is sampled every second and each end is the
 * median of a 10-second window, so one sample taken just before a garbage collection cannot decide the verdict.
 *
 *   npx tsx bench/soak.ts [--site fixtures/example] [--dist <built site>] [--seconds 60] [--warmup 10] [--concurrency 8]
 *
 * Without --dist the site is built first into a temporary folder.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { build } from "../compiler/index.ts";
import { seededRandom } from "../runtime/testing/seeded-random.ts";
import { quantile, rssKiB, startServeChild } from "./serve-child.ts";

const { values } = parseArgs({
  options: {
    site: { type: "string", default: "fixtures/example" },
    dist: { type: "string" },
    seconds: { type: "string", default: "60" },
    warmup: { type: "string", default: "20" },
    concurrency: { type: "string", default: "8" },
    /** One request kind only (search, markdown, mcp, feedback, changes), to find which one holds memory. */
    only: { type: "string" },
    /** Accept-Encoding the clients send (default: what fetch sends, gzip/br). */
    encoding: { type: "string" },
  },
});
const seconds = Number(values.seconds);
const warmupSeconds = Number(values.warmup);
const concurrency = Number(values.concurrency);
const root = path.resolve(values.site!);

const QUERIES = [
  "retry backoff",
  "install",
  "deploy workers",
  "rate limit",
  "cron schedule",
  "error codes",
  "Port already in use",
  "rollback",
];
const RPC_HEADERS = {
  "content-type": "application/json",
  accept: "application/json, text/event-stream",
  "mcp-protocol-version": "2025-11-25",
};

type Kind = "search" | "markdown" | "mcp" | "feedback" | "changes";
interface Tally {
  ok: number;
  failed: number;
  latencies: number[];
}

async function main(): Promise<void> {
  const scratch = await mkdtemp(path.join(tmpdir(), "quire-soak-"));
  const dist = values.dist ? path.resolve(values.dist) : path.join(scratch, "dist");
  if (!values.dist) await build({ root, outDir: dist, git: false });
  const server = await startServeChild(root, dist);
  try {
    const { origin } = server;
    const pages = (
      await (
        await fetch(`${origin}/api/docs/mcp`, {
          method: "POST",
          headers: RPC_HEADERS,
          body: JSON.stringify({
            jsonrpc: "2.0",
            id: 0,
            method: "tools/call",
            params: { name: "list_pages", arguments: {} },
          }),
        })
      ).json()
    ).result.structuredContent.pages as { path: string; markdownUrl: string }[];
    const random = seededRandom(42);
    const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];
    let etag: string | null = null;
    const encodingHeader: Record<string, string> = values.encoding ? { "accept-encoding": values.encoding } : {};
    let id = 0;

    const requests: Record<Kind, () => Promise<Response>> = {
      search: () => fetch(`${origin}/api/docs?query=${encodeURIComponent(pick(QUERIES))}`),
      markdown: () =>
        fetch(`${origin}${new URL(pick(pages).markdownUrl, origin).pathname}`, { headers: encodingHeader }),
      mcp: () => {
        const call = pick([
          { name: "search_docs", arguments: { query: pick(QUERIES) } },
          { name: "read_page", arguments: { path: pick(pages).path } },
          { name: "get_context", arguments: { query: pick(QUERIES), maxBytes: 4000 } },
          { name: "list_tasks", arguments: {} },
        ]);
        return fetch(`${origin}/mcp`, {
          method: "POST",
          headers: RPC_HEADERS,
          body: JSON.stringify({ jsonrpc: "2.0", id: ++id, method: "tools/call", params: call }),
        });
      },
      feedback: () =>
        fetch(`${origin}/api/docs/agent/feedback`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            context: { page: `/docs/${pick(pages).path}`, source: "md-route" },
            payload: { task: "soak", outcome: "worked", confidence: 0.5 },
          }),
        }),
      changes: () =>
        fetch(`${origin}/api/docs?audience=agent&response=changes`, {
          headers: etag && random() < 0.5 ? { "if-none-match": etag } : {},
        }),
    };
    const kinds = (values.only ? [values.only] : Object.keys(requests)) as Kind[];

    const run = async (durationSeconds: number, tallies: Record<Kind, Tally>) => {
      const deadline = performance.now() + durationSeconds * 1000;
      await Promise.all(
        Array.from({ length: concurrency }, async (_, client) => {
          for (let n = client; performance.now() < deadline; n++) {
            const kind = kinds[n % kinds.length];
            const t0 = performance.now();
            const tally = tallies[kind];
            try {
              const response = await requests[kind]();
              const body = await response.text();
              // A JSON-RPC answer can be HTTP 200 and still an error; a tool error counts as a failure too.
              const rpcFailed = kind === "mcp" && (/"error":\{/.test(body) || /"isError":true/.test(body));
              if ((response.ok || response.status === 304) && !rpcFailed) {
                tally.ok++;
                tally.latencies.push(performance.now() - t0);
                if (kind === "changes" && response.headers.get("etag")) etag = response.headers.get("etag");
              } else {
                tally.failed++;
                if (tally.failed <= 3) console.error(`failed ${kind}: ${response.status} ${body.slice(0, 200)}`);
              }
            } catch (error) {
              tally.failed++;
              if (tally.failed <= 3) console.error(`failed ${kind}: ${(error as Error).message}`);
            }
          }
        }),
      );
    };
    const fresh = () =>
      Object.fromEntries(
        (Object.keys(requests) as Kind[]).map((kind) => [kind, { ok: 0, failed: 0, latencies: [] }]),
      ) as unknown as Record<Kind, Tally>;

    const pid = server.process.pid;
    console.log(
      `soak: ${origin}, ${concurrency} clients, warm-up ${warmupSeconds} s, then ${seconds} s (site ${path.relative(process.cwd(), root)})`,
    );
    const warm = fresh();
    await run(warmupSeconds, warm);
    const rssStart = await rssKiB(pid);
    const samples: number[] = [];
    const sampler = setInterval(
      () =>
        void rssKiB(pid).then((kib) => {
          if (kib === null) return;
          samples.push(kib);
          if (samples.length % 10 === 0) console.log(`  ${samples.length} s: RSS ${(kib / 1024).toFixed(1)} MiB`);
        }),
      1000,
    );
    const tallies = fresh();
    const started = performance.now();
    await run(seconds, tallies);
    const elapsed = (performance.now() - started) / 1000;
    clearInterval(sampler);
    // Medians of the first and last 10 seconds of the measured run.
    const median = (values: number[]) =>
      quantile(
        [...values].sort((a, b) => a - b),
        0.5,
      );
    const rssStartWindow = samples.length >= 20 ? median(samples.slice(0, 10)) : rssStart;
    const rssEnd = samples.length >= 20 ? median(samples.slice(-10)) : await rssKiB(pid);

    let failed = 0;
    let total = 0;
    for (const kind of kinds) {
      const { ok, failed: bad, latencies } = tallies[kind];
      latencies.sort((a, b) => a - b);
      failed += bad;
      total += ok;
      console.log(
        `${kind.padEnd(9)} ${String(ok).padStart(7)} ok  ${String(bad).padStart(4)} failed  ${(ok / elapsed).toFixed(0).padStart(5)} req/s  p50 ${quantile(latencies, 0.5).toFixed(1)} ms  p99 ${quantile(latencies, 0.99).toFixed(1)} ms`,
      );
    }
    const mib = (kib: number | null) => (kib === null ? "n/a" : `${(kib / 1024).toFixed(1)} MiB`);
    const growth = rssStartWindow && rssEnd ? (rssEnd - rssStartWindow) / rssStartWindow : null;
    console.log(
      `total     ${total} ok, ${failed} failed, ${(total / elapsed).toFixed(0)} req/s over ${elapsed.toFixed(1)} s`,
    );
    console.log(
      `RSS right after warm-up ${mib(rssStart)}; median of the first 10 s ${mib(rssStartWindow)}, of the last 10 s ${mib(rssEnd)} (${growth === null ? "n/a" : `${growth >= 0 ? "+" : ""}${(growth * 100).toFixed(1)}%`}); max ${mib(samples.length ? Math.max(...samples) : null)}`,
    );
    const flat = growth !== null && Math.abs(growth) <= 0.1;
    console.log(failed === 0 && flat ? "PASS: no failed request, memory flat" : "FAIL");
    process.exitCode = failed === 0 && flat ? 0 : 1;
  } finally {
    await server.stop();
    await rm(scratch, { recursive: true, force: true });
  }
}

await main();
