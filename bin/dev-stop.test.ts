/**
 * `docs dev` through the command, which runs the server in a child Node (bin/node-flags.ts): it serves, and it stops
 * on Ctrl-C or SIGTERM with exit status 0 and its private build folder removed. Killed outright, the command cannot
 * pass anything on, and the server in its child stops by itself: the port is freed and the folder removed.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { cp, mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const DOCS = path.resolve(import.meta.dirname, "docs.js");
const FIXTURE = path.resolve(import.meta.dirname, "../fixtures/markdown-plain");
let root: string;
/** TMPDIR of the dev processes: their build folders (`quire-dev-*`) go here and nowhere else. */
let temp: string;
/** The process groups of the commands started. */
const started: number[] = [];

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "quire-dev-stop-site-"));
  temp = await mkdtemp(path.join(os.tmpdir(), "quire-dev-stop-tmp-"));
  await cp(FIXTURE, root, { recursive: true });
});
afterAll(async () => {
  // A test that failed before stopping its server leaves nothing running: the command and its child share a group.
  for (const pid of started) {
    try {
      process.kill(-pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
  await rm(root, { recursive: true, force: true });
  await rm(temp, { recursive: true, force: true });
});

/** Starts `docs dev` on a free port; resolves once it serves, with the entry page's address it printed. */
async function startDev(): Promise<{ child: ChildProcess; entry: string; exited: Promise<number | null> }> {
  const child = spawn(process.execPath, [DOCS, "dev", "--root", root, "--port", "0"], {
    stdio: "pipe",
    // Its own process group, as a terminal gives a command.
    detached: true,
    env: { ...process.env, TMPDIR: temp },
  });
  started.push(child.pid!);
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  let output = "";
  const entry = await new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk;
      const served = /docs dev: (http:\/\/\S+)/.exec(output);
      if (served) resolve(served[1]!);
    };
    child.stdout.on("data", read);
    child.stderr.on("data", read);
    void exited.then((code) => reject(new Error(`docs dev exited with ${code} before serving:\n${output}`)));
  });
  return { child, entry, exited };
}

async function devFolders(): Promise<string[]> {
  return (await readdir(temp)).filter((name) => name.startsWith("quire-dev-"));
}

/** Resolves to true once `check` holds, polling for up to 30 s. */
async function eventually(check: () => Promise<boolean>): Promise<boolean> {
  for (let waited = 0; waited < 30_000; waited += 50) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

const refused = (url: string) =>
  fetch(url).then(
    () => false,
    () => true,
  );

describe("docs dev, stopped", () => {
  // Ctrl-C in a terminal signals the whole process group: the command and its child each get SIGINT, and the child
  // gets the one the command passes on as well. SIGTERM from a process manager reaches the command alone.
  for (const [signal, group] of [
    ["SIGINT", true],
    ["SIGTERM", false],
  ] as const) {
    it(`exits 0 on ${signal}${group ? " to its process group" : ""}, with its build folder removed`, {
      timeout: 120_000,
    }, async () => {
      const { child, entry, exited } = await startDev();
      expect((await fetch(entry)).status).toBe(200);
      expect(await devFolders()).toHaveLength(1);
      if (group) process.kill(-child.pid!, signal);
      else child.kill(signal);
      expect(await exited).toBe(0);
      expect(await devFolders()).toEqual([]);
      expect(await refused(entry)).toBe(true);
    });
  }

  it("stops serving when the docs process is killed outright (kill -9)", { timeout: 120_000 }, async () => {
    const { child, entry, exited } = await startDev();
    expect((await fetch(entry)).status).toBe(200);
    child.kill("SIGKILL");
    expect(await exited).toBeNull();
    expect(await eventually(() => refused(entry)), "the port is freed").toBe(true);
    expect(await eventually(async () => (await devFolders()).length === 0), "the build folder is removed").toBe(true);
  });
});
