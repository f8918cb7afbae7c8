/** `docs serve` as a child process on loopback for the runtime benches (load, soak, fuzz): start, wait, stop, RSS. */
import { spawn, type ChildProcess } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { freePort } from "../runtime/testing/free-port.ts";

export interface ServeChild {
  origin: string;
  process: ChildProcess;
  /** Sends SIGTERM; resolves once the process (with its workers) has exited. */
  stop(): Promise<void>;
}

const REPO = path.resolve(import.meta.dirname, "..");

/**
 * Starts `docs serve --root <root> --dist <dist>` on a free loopback port and waits until `probe` answers 200.
 * `workers` > 1 runs that many server processes on the port (`--workers`).
 */
export async function startServeChild(
  root: string,
  dist: string,
  probe = "/api/docs?query=warmup",
  workers = 1,
): Promise<ServeChild> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      path.join(REPO, "bin/docs.js"),
      "serve",
      "--root",
      root,
      "--dist",
      dist,
      "--port",
      String(port),
      "--host",
      "127.0.0.1",
      "--workers",
      String(workers),
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  // "docs serve: <url>" is printed once every worker listens.
  let printed = "";
  const announced = new Promise<void>((resolve) =>
    child.stdout!.on("data", (chunk: Buffer) => {
      printed += chunk.toString();
      if (printed.includes("docs serve: http")) resolve();
    }),
  );
  const origin = `http://127.0.0.1:${port}`;
  try {
    await waitUntilUp(`${origin}${probe}`, child, announced);
  } catch (error) {
    child.kill();
    throw error;
  }
  return {
    origin,
    process: child,
    stop: () => {
      child.kill();
      return exited;
    },
  };
}

/** Resident set size of a process in KiB (Linux /proc), or null where that is not available. */
export async function rssKiB(pid: number | undefined): Promise<number | null> {
  if (pid === undefined) return null;
  try {
    const status = await readFile(`/proc/${pid}/status`, "utf8");
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/** The value at quantile `q` of ascending `sorted` (nearest rank), 0 when empty. */
export function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

async function waitUntilUp(url: string, server: ChildProcess, announced: Promise<void>): Promise<void> {
  const until = Date.now() + 60_000;
  let listening = false;
  void announced.then(() => (listening = true));
  while (Date.now() < until) {
    if (server.exitCode !== null) throw new Error(`docs serve exited with code ${server.exitCode}`);
    try {
      if (listening && (await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("docs serve did not start within 60 s");
}
