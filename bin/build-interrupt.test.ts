/**
 * `docs build` stopped mid-build (Ctrl-C, or SIGTERM from CI) through the command itself: it exits with 130 / 143,
 * leaves dist/ as it was and nothing beside it (issue 11). Killed outright, the command cannot clean up, but the build
 * it runs in a child process stops and does. The signal is sent once the build's temp folder exists,
 * that is while the pages and site files are being written.
 */
import { spawn } from "node:child_process";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeCorpus } from "../bench/corpus.ts";

const DOCS = path.resolve(import.meta.dirname, "docs.js");
let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "quire-build-interrupt-"));
  await writeCorpus(root, { pages: 150, seed: 3 });
  await mkdir(path.join(root, "dist"), { recursive: true });
  await writeFile(path.join(root, "dist", "index.html"), "the previous build");
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** Starts `docs build`, sends `signal` as soon as its temp folder appears; resolves to the exit code. */
async function interruptedBuild(signal: NodeJS.Signals): Promise<{ code: number | null; sawTemp: boolean }> {
  const child = spawn(process.execPath, [DOCS, "build", "--root", root, "--no-git", "--no-cache"], { stdio: "pipe" });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  let sawTemp = false;
  let running = true;
  void exited.then(() => (running = false));
  while (running && !sawTemp) {
    sawTemp = (await readdir(root)).some((name) => name.startsWith(".quire-tmp-"));
    if (sawTemp) child.kill(signal);
    else await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return { code: await exited, sawTemp };
}

/** Resolves once no build temp folder is left in the site (the build cleaned up, or finished), or after 60 s. */
async function tempFolderGone(): Promise<boolean> {
  for (let waited = 0; waited < 60_000; waited += 25) {
    if (!(await readdir(root)).some((name) => name.startsWith(".quire-"))) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return false;
}

describe("docs build, interrupted", () => {
  for (const [signal, status] of [
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ] as const) {
    it(`exits ${status} on ${signal} mid-build, with dist/ as it was and nothing beside it`, {
      timeout: 120_000,
    }, async () => {
      const { code, sawTemp } = await interruptedBuild(signal);
      expect(sawTemp, "the build's temp folder appeared").toBe(true);
      expect(code).toBe(status);
      expect((await readdir(root)).filter((name) => name.startsWith(".quire-"))).toEqual([]);
      expect(await readdir(path.join(root, "dist"))).toEqual(["index.html"]);
      expect(await readFile(path.join(root, "dist", "index.html"), "utf8")).toBe("the previous build");
    });
  }

  it("stops the build when the docs process is killed outright (kill -9), with dist/ as it was", {
    timeout: 120_000,
  }, async () => {
    // The build runs in a child of the docs process (bin/node-flags.ts); it must not go on building alone.
    const { code, sawTemp } = await interruptedBuild("SIGKILL");
    expect(sawTemp, "the build's temp folder appeared").toBe(true);
    expect(code).toBeNull();
    expect(await tempFolderGone(), "the build's temp folder was removed").toBe(true);
    expect(await readdir(path.join(root, "dist"))).toEqual(["index.html"]);
    expect(await readFile(path.join(root, "dist", "index.html"), "utf8")).toBe("the previous build");
  });
});
