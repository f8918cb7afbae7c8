/**
 * restartWithNodeFlags with real processes: a script that restarts itself with a flag, then (in the child) exits,
 * dies of a signal, or waits for one. The parent must end as its child ended and pass on a signal sent to it alone.
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { canRestart } from "./node-flags.ts";

const FLAG = "--v8-pool-size=1";
let dir: string;
let script: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "quire-node-flags-"));
  script = path.join(dir, "restart.mjs");
  const module = pathToFileURL(path.resolve(import.meta.dirname, "node-flags.ts")).href;
  await writeFile(
    script,
    `const { followParent, restartWithNodeFlags } = await import(${JSON.stringify(module)});
const mode = process.argv[2];
if (!process.execArgv.includes(${JSON.stringify(FLAG)})) {
  const status = await restartWithNodeFlags([${JSON.stringify(FLAG)}]);
  process.exitCode = status ?? 99;
} else if (mode === "exit") {
  const restarted = followParent();
  console.log(JSON.stringify({ execArgv: process.execArgv, argv: process.argv.slice(2), restarted }));
  process.exit(7);
} else if (mode === "killed") {
  process.kill(process.pid, "SIGKILL");
} else if (mode === "wait") {
  process.on("SIGTERM", () => process.exit(42));
  console.log("waiting");
  setInterval(() => {}, 1000);
} else if (mode === "orphan") {
  followParent();
  process.on("SIGTERM", async () => {
    const { writeFileSync } = await import("node:fs");
    writeFileSync(process.argv[3], "stopped");
    process.exit(0);
  });
  console.log("waiting");
  setInterval(() => {}, 1000);
} else if (mode === "alone") {
  followParent();
  console.log("done");
}
`,
  );
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Runs the script under tsx (it imports the .ts module); `onLine` sees each line the child prints. */
function run(args: string[], onLine?: (line: string, parent: ReturnType<typeof spawn>) => void) {
  const parent = spawn(process.execPath, ["--import", "tsx", script, ...args], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  parent.stdout!.on("data", (chunk: Buffer) => {
    out += chunk;
    for (const line of chunk.toString().split("\n")) if (line) onLine?.(line, parent);
  });
  return new Promise<{ code: number | null; out: string }>((resolve) =>
    parent.on("exit", (code) => resolve({ code, out })),
  );
}

describe("restartWithNodeFlags", () => {
  it("runs the same script with the flag, this process's options and its arguments, and ends with its status", {
    timeout: 30_000,
  }, async () => {
    const { code, out } = await run(["exit", "--root", "a b"]);
    expect(code).toBe(7);
    const child = JSON.parse(out) as { execArgv: string[]; argv: string[]; restarted?: { commandStartedAt: number } };
    expect(child.execArgv).toEqual([FLAG, "--import", "tsx"]);
    expect(child.argv).toEqual(["exit", "--root", "a b"]);
    // The command started with the parent, before the child: a build's printed time counts from there.
    expect(child.restarted?.commandStartedAt).toBeLessThan(0);
  });

  it("ends with 128 + the signal's number when a signal killed the child", { timeout: 30_000 }, async () => {
    expect((await run(["killed"])).code).toBe(128 + os.constants.signals.SIGKILL);
  });

  it("stops the child, through its SIGTERM handler, when the parent is killed outright", {
    timeout: 30_000,
  }, async () => {
    const marker = path.join(dir, "stopped");
    const { code } = await run(["orphan", marker], (line, parent) => {
      if (line === "waiting") parent.kill("SIGKILL");
    });
    expect(code).toBeNull();
    for (let tries = 0; tries < 200 && !existsSync(marker); tries++) await new Promise((r) => setTimeout(r, 25));
    expect(readFileSync(marker, "utf8")).toBe("stopped");
  });

  it("lets a child that follows its parent end on its own when it is done", { timeout: 30_000 }, async () => {
    expect(await run(["alone"])).toEqual({ code: 0, out: "done\n" });
  });

  it("passes on a signal sent to this process alone", { timeout: 30_000 }, async () => {
    const { code } = await run(["wait"], (line, parent) => {
      if (line === "waiting") parent.kill("SIGTERM");
    });
    expect(code).toBe(42);
  });
});

describe("canRestart", () => {
  it("restarts on Node, not on runtimes that run Node's scripts with options of their own", () => {
    expect(canRestart({ ...process.versions })).toBe(true);
    for (const runtime of ["bun", "deno", "electron"])
      expect(canRestart({ ...process.versions, [runtime]: "1.0.0" }), runtime).toBe(false);
  });
});
