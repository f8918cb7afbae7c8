/**
 * The long run of the seeded fuzz in runtime/adapters/fuzz.test.ts: many more bad requests through the docs handler
 * and raw-socket exchanges with a `docs serve` child process, any seed. Exits 1 on a 5xx fault, a leak of
 * internals, an unanswered complete request, or a server that stops answering.
 *
 *   npx tsx bench/fuzz.ts [--seed 1] [--handler 20000] [--socket 5000] [--site fixtures/example] [--dist <built site>]
 *
 * Without --dist the site is built first into a temporary folder.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { build } from "../compiler/index.ts";
import { loadFeedbackValidator } from "../runtime/adapters/node-server.ts";
import {
  fuzzCases,
  isServerFault,
  LEAK,
  toFetchRequest,
  toWire,
  type FuzzCase,
} from "../runtime/adapters/fuzz-requests.ts";
import { createDocsHandler } from "../runtime/handler.ts";
import { loadSiteData } from "../runtime/site-data.ts";
import { createDirectoryStore } from "../runtime/store/directory.ts";
import { startServeChild } from "./serve-child.ts";

const { values } = parseArgs({
  options: {
    seed: { type: "string", default: "1" },
    handler: { type: "string", default: "20000" },
    socket: { type: "string", default: "5000" },
    site: { type: "string", default: "fixtures/example" },
    dist: { type: "string" },
  },
});
const seed = Number(values.seed);
const root = path.resolve(values.site!);

function exchange(fuzzCase: FuzzCase, port: number): Promise<{ status: number | null; text: string }> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.setTimeout(10_000, () => socket.destroy());
    socket.on("connect", () => {
      socket.write(toWire(fuzzCase, `127.0.0.1:${port}`));
      if (fuzzCase.truncate) socket.end();
    });
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", () => {});
    socket.on("close", () => {
      const raw = Buffer.concat(chunks);
      const head = raw.subarray(0, Math.max(0, raw.indexOf("\r\n\r\n"))).toString("latin1");
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1];
      resolve({
        status: status ? Number(status) : null,
        text: /content-encoding/i.test(head) ? "" : raw.toString("utf8"),
      });
    });
  });
}

const count = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
const histogram = (map: Map<string, number>) =>
  [...map]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k}:${v}`)
    .join(" ");

async function main(): Promise<void> {
  const scratch = await mkdtemp(path.join(tmpdir(), "quire-fuzz-"));
  const dist = values.dist ? path.resolve(values.dist) : path.join(scratch, "dist");
  if (!values.dist) await build({ root, outDir: dist, git: false });
  const { pages } = await loadSiteData(createDirectoryStore(dist));
  const site = { routes: pages.map((p) => p.route), paths: pages.map((p) => p.path) };
  const faults: string[] = [];
  const config = { mcp: { security: { maxBodyBytes: 4096 } } };

  // 1. The handler, in process.
  const handler = createDocsHandler({
    store: createDirectoryStore(dist),
    config,
    validateFeedback: await loadFeedbackValidator(dist),
  });
  const handlerStatuses = new Map<string, number>();
  let t0 = performance.now();
  let sent = 0;
  for (const fuzzCase of fuzzCases(seed, Number(values.handler), site, { maxBodyBytes: 4096 })) {
    const request = toFetchRequest(fuzzCase, "http://docs.test");
    if (!request) continue;
    sent++;
    const response = await handler(request);
    const text = await response.text();
    count(handlerStatuses, String(response.status));
    if (isServerFault(response.status) || LEAK.test(text))
      faults.push(
        `handler seed ${seed} case ${fuzzCase.index}: ${fuzzCase.method} ${fuzzCase.target.slice(0, 100)} → ${response.status}`,
      );
  }
  console.log(
    `handler: ${sent} requests in ${((performance.now() - t0) / 1000).toFixed(1)} s  ${histogram(handlerStatuses)}`,
  );

  // 2. docs serve over raw sockets (the server's own default body cap applies there).
  const server = await startServeChild(root, dist);
  try {
    const port = Number(new URL(server.origin).port);
    const socketStatuses = new Map<string, number>();
    const queue = fuzzCases(seed + 1, Number(values.socket), site, { raw: true, maxBodyBytes: 1_048_576 });
    const total = queue.length;
    t0 = performance.now();
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let fuzzCase = queue.shift(); fuzzCase; fuzzCase = queue.shift()) {
          const answer = await exchange(fuzzCase, port);
          count(socketStatuses, String(answer.status ?? "none"));
          const label = `socket seed ${seed + 1} case ${fuzzCase.index}: ${fuzzCase.method} ${fuzzCase.target.slice(0, 100)}`;
          if (answer.status !== null && isServerFault(answer.status)) faults.push(`${label} → ${answer.status}`);
          else if (LEAK.test(answer.text)) faults.push(`${label} → leak`);
          else if (answer.status === null && !fuzzCase.truncate) faults.push(`${label} → no answer`);
        }
      }),
    );
    const alive = (await fetch(`${server.origin}/docs`)).status === 200 && server.process.exitCode === null;
    console.log(
      `socket:  ${total} exchanges in ${((performance.now() - t0) / 1000).toFixed(1)} s  ${histogram(socketStatuses)}  server ${alive ? "still up" : "DOWN"}`,
    );
    if (!alive) faults.push("docs serve stopped answering");
  } finally {
    await server.stop();
    await rm(scratch, { recursive: true, force: true });
  }
  for (const fault of faults.slice(0, 20)) console.error(fault);
  console.log(faults.length === 0 ? "PASS: no 5xx fault, no leak, server up" : `FAIL: ${faults.length} faults`);
  process.exitCode = faults.length === 0 ? 0 : 1;
}

await main();
