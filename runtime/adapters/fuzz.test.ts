/**
 * Seeded fuzz of the docs handler (plain Requests) and of the `docs serve` Node server (raw sockets): no input may
 * yield a 5xx other than a deliberate 501/502/503, leak internals, or stop the server. Fixed seeds and bounded counts
 * keep this a few seconds; bench/fuzz.ts runs the same generator for longer. A failure names seed and case index.
 */
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSiteData } from "../site-data.ts";
import { createDirectoryStore } from "../store/directory.ts";
import { snapshotSite, type SnapshotSite } from "../testing/built-site.ts";
import {
  fuzzCases,
  isServerFault,
  LEAK,
  toFetchRequest,
  toWire,
  type FuzzCase,
  type FuzzSite,
} from "./fuzz-requests.ts";
import { startNodeServer, type RunningServer } from "./node-server.ts";

const SEED = 0x9e3779b9;
const HANDLER_CASES = 1200;
const SOCKET_CASES = 400;
const MAX_BODY_BYTES = 4096;

const config = { mcp: { security: { maxBodyBytes: MAX_BODY_BYTES } } };

let site: SnapshotSite;
let server: RunningServer;
let fuzzSite: FuzzSite;
beforeAll(async () => {
  site = await snapshotSite();
  server = await startNodeServer({ dist: site.dist, port: 0, config });
  const { pages } = await loadSiteData(createDirectoryStore(site.dist));
  fuzzSite = { routes: pages.map((page) => page.route), paths: pages.map((page) => page.path) };
}, 30_000);
afterAll(async () => {
  await server?.close();
});

const label = (fuzzCase: FuzzCase, seed = SEED) =>
  `seed ${seed} case ${fuzzCase.index}: ${fuzzCase.method} ${fuzzCase.target.slice(0, 120)}`;

describe("fuzzing the docs handler", () => {
  it(`answers ${HANDLER_CASES} seeded bad requests with no 5xx fault and no leaked internals`, async () => {
    const handler = site.handler({ config });
    const faults: string[] = [];
    const statuses = new Map<number, number>();
    let sent = 0;
    for (const fuzzCase of fuzzCases(SEED, HANDLER_CASES, fuzzSite, { maxBodyBytes: MAX_BODY_BYTES })) {
      const request = toFetchRequest(fuzzCase, "http://docs.test");
      if (!request) continue;
      sent++;
      const response = await handler(request);
      const text = await response.text();
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      if (isServerFault(response.status)) faults.push(`${label(fuzzCase)} → ${response.status} ${text.slice(0, 200)}`);
      else if (LEAK.test(text)) faults.push(`${label(fuzzCase)} → leaks ${LEAK.exec(text)![0]}`);
    }
    expect(faults).toEqual([]);
    // The generator must keep reaching the interesting answers, or the fuzz silently stops testing anything.
    expect(sent).toBeGreaterThan(HANDLER_CASES * 0.9);
    for (const status of [200, 400, 404, 405, 413])
      expect(statuses.get(status) ?? 0, `status ${status}`).toBeGreaterThan(0);
  }, 60_000);
});

interface WireAnswer {
  status: number | null;
  head: string;
  text: string;
  timedOut: boolean;
}

/** One case on its own connection; the answer is whatever arrives before the server closes it. */
function exchange(fuzzCase: FuzzCase, port: number): Promise<WireAnswer> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    let timedOut = false;
    // A guard against a hung exchange, not a timing assertion: a truncated body may leave the server waiting.
    socket.setTimeout(5000, () => {
      timedOut = true;
      socket.destroy();
    });
    socket.on("connect", () => {
      socket.write(toWire(fuzzCase, `127.0.0.1:${port}`));
      if (fuzzCase.truncate) socket.end();
    });
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", () => {});
    socket.on("close", () => {
      const raw = Buffer.concat(chunks);
      const split = raw.indexOf("\r\n\r\n");
      const head = raw.subarray(0, split < 0 ? raw.length : split).toString("latin1");
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1];
      resolve({
        status: status ? Number(status) : null,
        head,
        text: /content-encoding/i.test(head) ? "" : raw.toString("utf8"),
        timedOut,
      });
    });
  });
}

describe("fuzzing docs serve over raw sockets", () => {
  it(`survives ${SOCKET_CASES} seeded bad exchanges with no 5xx fault, and still serves afterwards`, async () => {
    const port = Number(new URL(server.origin).port);
    const cases = fuzzCases(SEED + 1, SOCKET_CASES, fuzzSite, { raw: true, maxBodyBytes: MAX_BODY_BYTES });
    const faults: string[] = [];
    const statuses = new Map<number | null, number>();
    const queue = [...cases];
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let fuzzCase = queue.shift(); fuzzCase; fuzzCase = queue.shift()) {
          const answer = await exchange(fuzzCase, port);
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          if (answer.status !== null && isServerFault(answer.status))
            faults.push(`${label(fuzzCase, SEED + 1)} → ${answer.status} ${answer.text.slice(0, 300)}`);
          else if (LEAK.test(answer.text))
            faults.push(`${label(fuzzCase, SEED + 1)} → leaks ${LEAK.exec(answer.text)![0]}`);
          // Only a request cut short may go unanswered: the server is still waiting for the bytes it was promised.
          else if (answer.status === null && !fuzzCase.truncate)
            faults.push(`${label(fuzzCase, SEED + 1)} → no answer${answer.timedOut ? " (timed out)" : ""}`);
        }
      }),
    );
    expect(faults).toEqual([]);
    for (const status of [200, 400, 404, 405, 413])
      expect(statuses.get(status) ?? 0, `status ${status}`).toBeGreaterThan(0);
    expect(server.server.listening).toBe(true);
    expect((await fetch(`${server.origin}/docs`)).status).toBe(200);
  }, 60_000);
});
