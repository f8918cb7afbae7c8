/**
 * CLI start-up benchmark: the `docs` command as installed (compiled lib/) against the source checkout (tsx compiling
 * the TypeScript on load), for `docs --version`, a small build (fixtures/example, 24 pages, one thread) and a
 * 250-page corpus (past the 200-page threshold, so each page worker thread loads the compiler too).
 *
 *   npm run bench:startup [-- --runs 10]
 *
 * Compiles lib/ with tools/build-package.mjs (what `prepack` runs), then lays out a copy of the installed package in a
 * temp folder: bin/docs.js without sources beside it takes its compiled path. Runs alternate compiled/tsx after one
 * warm-up each, so drift in machine speed hits both. Writes bench/results/<YYYY-MM-DD>.startup.json.
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { writeCorpus } from "./corpus.ts";
import { installedDocs } from "./installed.ts";

const repo = fileURLToPath(new URL("..", import.meta.url));

interface Spread {
  medianMs: number;
  minMs: number;
  maxMs: number;
}
interface Comparison {
  command: string;
  runs: number;
  compiled: Spread;
  tsx: Spread;
  medianRatio: number;
  savedMs: number;
}

/** Wall time of one process, start to exit; a non-zero exit fails the bench (a broken layout must not look fast). */
function timeProcess(args: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, {
      cwd: repo,
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, NODE_OPTIONS: "" },
    });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0
        ? resolve(performance.now() - started)
        : reject(new Error(`node ${args.join(" ")} exited with ${code}`)),
    );
  });
}

function spread(samples: number[]): Spread {
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const medianMs = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { medianMs: Math.round(medianMs), minMs: Math.round(sorted[0]!), maxMs: Math.round(sorted.at(-1)!) };
}

async function compare(command: string, compiled: string[], tsx: string[], runs: number): Promise<Comparison> {
  await timeProcess(compiled);
  await timeProcess(tsx);
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < runs; i++) {
    a.push(await timeProcess(compiled));
    b.push(await timeProcess(tsx));
  }
  const [fast, slow] = [spread(a), spread(b)];
  return {
    command,
    runs,
    compiled: fast,
    tsx: slow,
    medianRatio: Number((fast.medianMs / slow.medianMs).toFixed(3)),
    savedMs: slow.medianMs - fast.medianMs,
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { runs: { type: "string", default: "10" } } });
  const runs = Number(values.runs);
  const scratch = mkdtempSync(path.join(os.tmpdir(), "quire-startup-"));
  try {
    const installed = installedDocs(scratch);
    const checkout = path.join(repo, "bin", "docs.js");
    const out = path.join(scratch, "dist");
    const corpus = path.join(scratch, "corpus");
    await writeCorpus(corpus, { pages: 250, seed: 1 });
    const example = ["build", "--root", "fixtures/example", "--out", out, "--no-git"];
    const workers = ["build", "--root", corpus, "--out", out, "--no-git"];
    const buildRuns = Math.max(3, runs >> 1);
    const results = [
      await compare("docs --version", [installed, "--version"], [checkout, "--version"], runs),
      await compare(
        "docs build, fixtures/example (24 pages)",
        [installed, ...example],
        [checkout, ...example],
        buildRuns,
      ),
      await compare(
        "docs build, corpus of 250 pages (workers)",
        [installed, ...workers],
        [checkout, ...workers],
        buildRuns,
      ),
    ];
    console.log(`\n${"command".padEnd(46)}  compiled ms (min–max)  tsx ms (min–max)   compiled/tsx  saved`);
    for (const r of results) {
      const cell = (s: Spread) => `${s.medianMs} (${s.minMs}–${s.maxMs})`.padEnd(20);
      console.log(
        `${r.command.padEnd(46)}  ${cell(r.compiled)}   ${cell(r.tsx)}  ${r.medianRatio.toFixed(2).padStart(12)}  ${r.savedMs} ms`,
      );
    }
    const day = new Date().toISOString().slice(0, 10);
    const file = path.join(repo, "bench", "results", `${day}.startup.json`);
    const revision = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: repo, encoding: "utf8" }).trim();
    writeFileSync(
      file,
      `${JSON.stringify({ date: day, node: process.version, cpus: os.availableParallelism(), revision, results }, null, 2)}\n`,
    );
    console.log(`\nresults → ${path.relative(process.cwd(), file)}`);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

await main();
