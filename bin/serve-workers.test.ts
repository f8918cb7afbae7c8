import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { request } from "node:http";
import { createServer, type Server } from "node:net";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "../compiler/index.ts";
import { parseWorkerCount } from "./serve-workers.ts";
import { freePort } from "../runtime/testing/free-port.ts";

describe("parseWorkerCount", () => {
  it("takes 1 to 256 or auto, and explains anything else", () => {
    expect(parseWorkerCount(undefined)).toBe(1);
    expect(parseWorkerCount("3")).toBe(3);
    expect(parseWorkerCount("auto")).toBe(availableParallelism());
    for (const bad of ["0", "257", "-1", "1.5", "two", ""])
      expect(parseWorkerCount(bad)).toEqual({ error: expect.stringContaining(`got "${bad}"`) });
  });
});

let dist: string;

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), "quire-serve-workers-"));
  await build({ root: "fixtures/example", outDir: dist, git: false });
}, 90_000);

afterAll(async () => {
  await rm(dist, { recursive: true, force: true });
});

interface Serve {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function serve(port: number, workers: string): Serve {
  const child = spawn(
    process.execPath,
    [
      "bin/docs.js",
      "serve",
      "--root",
      "fixtures/example",
      "--dist",
      dist,
      "--port",
      String(port),
      "--workers",
      workers,
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let text = "";
  child.stdout!.on("data", (chunk) => (text += chunk));
  child.stderr!.on("data", (chunk) => (text += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, output: () => text, exited };
}

async function until<T>(what: string, probe: () => T | undefined | false, timeoutMs = 30_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Child process ids of `pid` (Linux /proc). */
function childrenOf(pid: number): number[] {
  const text = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim();
  return text ? text.split(/\s+/).map(Number) : [];
}

/** User + system CPU ticks a process has used (Linux /proc). */
function cpuTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return Number(fields[11]) + Number(fields[12]);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A GET on a connection of its own (no keep-alive), so the primary hands each one to the next worker. */
function getOnNewConnection(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent: false, headers: { connection: "close" } }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
    });
    req.on("error", reject);
    req.end();
  });
}

describe.skipIf(process.platform !== "linux")("docs serve --workers (real processes)", () => {
  it("serves from every worker, replaces one that dies, and stops them all on SIGTERM", async () => {
    const port = await freePort();
    const run = serve(port, "2");
    try {
      const banner = await until("the banner", () => /docs serve: (http:\/\/\S+)/.exec(run.output()) ?? undefined);
      expect(banner[1]).toBe(`http://127.0.0.1:${port}/docs`);
      expect(run.output()).toContain("2 worker processes");
      expect(run.output().match(/docs serve: http/g)).toHaveLength(1);
      const primary = run.child.pid!;
      const workers = childrenOf(primary);
      expect(workers).toHaveLength(2);

      // Connections go to the workers in turn: both do work, and search and MCP answer from either.
      const before = workers.map(cpuTicks);
      const statuses = await Promise.all(
        Array.from({ length: 120 }, (_, i) =>
          getOnNewConnection(`http://127.0.0.1:${port}${i % 2 ? "/api/docs?query=idempotency" : "/docs"}`),
        ),
      );
      expect(new Set(statuses)).toEqual(new Set([200]));
      workers.forEach((pid, i) => expect(cpuTicks(pid)).toBeGreaterThan(before[i]));
      const search = await (await fetch(`http://127.0.0.1:${port}/api/docs?query=idempotency`)).json();
      expect(search.results[0].url).toContain("/docs/concepts/jobs");

      process.kill(workers[0], "SIGKILL");
      const replaced = await until("a replacement worker", () => {
        const now = childrenOf(primary);
        return now.length === 2 && !now.includes(workers[0]) && now;
      });
      expect(replaced).toContain(workers[1]);
      await until("the restart line", () => run.output().includes(`worker ${workers[0]} stopped (signal SIGKILL)`));
      const still = await Promise.all(
        Array.from({ length: 10 }, () => getOnNewConnection(`http://127.0.0.1:${port}/docs`)),
      );
      expect(new Set(still)).toEqual(new Set([200]));

      run.child.kill("SIGTERM");
      expect(await run.exited).toBe(0);
      for (const pid of replaced) await until(`worker ${pid} to exit`, () => !alive(pid), 10_000);
      await expect(getOnNewConnection(`http://127.0.0.1:${port}/docs`)).rejects.toThrow(/ECONNREFUSED/);
    } finally {
      run.child.kill("SIGKILL");
    }
  }, 90_000);

  it("workers close and exit when their primary is killed outright", async () => {
    const port = await freePort();
    const run = serve(port, "2");
    try {
      await until("the banner", () => run.output().includes("docs serve: http"));
      const workers = childrenOf(run.child.pid!);
      expect(workers).toHaveLength(2);
      run.child.kill("SIGKILL");
      for (const pid of workers) await until(`worker ${pid} to exit`, () => !alive(pid), 10_000);
    } finally {
      run.child.kill("SIGKILL");
    }
  }, 60_000);

  it("reports a port in use once and exits 1, leaving no worker behind", async () => {
    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    const { port } = taken.address() as { port: number };
    const run = serve(port, "3");
    try {
      expect(await run.exited).toBe(1);
      expect(run.output().match(/port \d+ is in use/g)).toEqual([`port ${port} is in use`]);
      expect(run.output()).not.toContain("docs serve: http");
    } finally {
      taken.close();
      run.child.kill("SIGKILL");
    }
  }, 60_000);

  it("refuses a bad --workers value before starting anything", async () => {
    const run = serve(0, "many");
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain(
      '--workers must be a whole number from 1 to 256, or "auto" (one per core), got "many"',
    );
  }, 30_000);
});
