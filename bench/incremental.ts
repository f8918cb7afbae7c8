/**
 * Incremental-build benchmark (issue 11): the author's loop on the deterministic corpus.
 *
 *   npx tsx bench/incremental.ts --pages 1000 [--seed 1] [--keep] [--runs 5] [--source]
 *
 * What runs is what `npm install` gives a user: the package compiled by tools/build-package.mjs into lib/, run as
 * `node lib/bin/cli.js`. `--source` runs the checkout's TypeScript instead (`node bin/docs.js`, compiled by tsx on
 * load), which adds its loading to every process start (~0.3–0.4 s to `docs build` with nothing changed).
 *
 * Rows, each `docs build` a fresh process (spawn to exit), `--no-git`:
 * - cold build, empty cache (fills the page cache)
 * - `docs build` with nothing changed (same corpus, the dist/ it wrote), median of `--runs` processes
 * - edit one page, warm cache: `docs build` wall (one page gets a paragraph; the new text is checked in dist/)
 * - edit one page, warm cache: rebuild wall in `docs dev` (its own "built in N ms" line; page records in memory,
 *   only changed files written)
 * - `docs dev`: file saved → the tab's `reload` event arrives (SSE), → the page's new HTML is fetched, and → the
 *   site files are written (search indexes, llms files, runtime bundle: the rebuild's second half, after the reload), median of `--runs` saves; each save
 *   starts once the previous one's indexes are written
 * Results go to bench/results/<YYYY-MM-DD>.incremental.json. Run it from a tree nobody edits meanwhile: the cache key
 * includes a fingerprint of the compiler's sources, so an edit there makes every page a miss.
 */
import { spawn } from "node:child_process";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile, appendFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { writeCorpus } from "./corpus.ts";

const repo = fileURLToPath(new URL("..", import.meta.url));
/** The `docs` command the rows time (main sets it: the package's, or the sources' with `--source`). */
let docsBin = path.join(repo, "bin", "docs.js");

async function docsBuild(root: string): Promise<{ ms: number; stdout: string }> {
  const started = performance.now();
  const { code, stdout, stderr } = await run(process.execPath, [docsBin, "build", "--root", root, "--no-git"]);
  if (code !== 0) throw new Error(`docs build failed (${code}):\n${stdout}\n${stderr}`);
  return { ms: performance.now() - started, stdout };
}

function run(command: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: repo, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => {
      stdout += d;
    });
    child.stderr.on("data", (d) => {
      stderr += d;
    });
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

/** First leaf page two folders deep, in path order (the page bench/build.ts edits too). */
async function pickPage(root: string): Promise<{ file: string; route: string }> {
  const entries = await readdir(path.join(root, "docs"), { recursive: true });
  const files = entries
    .map((f) => `docs/${f.split(path.sep).join("/")}`)
    .filter((f) => /^docs\/[^/]+\/[^/]+\/page\.md$/.test(f))
    .sort();
  for (const file of files) {
    const dir = path.dirname(file);
    if (!files.some((other) => other !== file && other.startsWith(`${dir}/`))) return { file, route: `/${dir}` };
  }
  throw new Error("no leaf page two folders deep");
}

interface DevFigures {
  eventMs: number[];
  shownMs: number[];
  rebuildMs: number[];
  /** Save → the site files written ("site files in N ms" logged), after the tab got its page. */
  siteMs: number[];
}

async function measureDev(root: string, page: { file: string; route: string }, runs: number): Promise<DevFigures> {
  const child = spawn(process.execPath, [docsBin, "dev", "--root", root, "--port", "0"], {
    cwd: repo,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout.on("data", (d) => {
    log += d;
  });
  child.stderr.on("data", (d) => {
    log += d;
  });
  try {
    const origin = await new Promise<string>((resolve, reject) => {
      const timer = setInterval(() => {
        const match = /docs dev: (http:\/\/[^/\s]+)/.exec(log);
        if (match) {
          clearInterval(timer);
          resolve(match[1]!);
        }
      }, 20);
      child.on("exit", () => {
        clearInterval(timer);
        reject(new Error(`docs dev exited:\n${log}`));
      });
    });
    const events = await fetch(`${origin}/__quire/dev/events`);
    const reader = events.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    const nextEvent = async (name: string, predicate: (data: any) => boolean): Promise<void> => {
      for (;;) {
        for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(frame)?.[1];
          const data = /^data: (.*)$/m.exec(frame)?.[1];
          if (event === name && data && predicate(JSON.parse(data))) return;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error("event stream closed");
        buffer += value;
      }
    };
    await nextEvent("hello", () => true);
    const figures: DevFigures = { eventMs: [], shownMs: [], rebuildMs: [], siteMs: [] };
    const searchWritten = (from: number) =>
      new Promise<void>((resolve) => {
        const timer = setInterval(() => {
          if (/site files in \d+ ms/.test(log.slice(from))) {
            clearInterval(timer);
            resolve();
          }
        }, 5);
      });
    const file = path.join(root, page.file);
    for (let i = 0; i < runs; i++) {
      const marker = `Saved in the dev benchmark, run ${i}.`;
      const lines = log.length;
      const started = performance.now();
      await appendFile(file, `\n${marker}\n`);
      await nextEvent("reload", (data) => data.routes.includes(page.route));
      figures.eventMs.push(performance.now() - started);
      const html = await (await fetch(`${origin}${page.route}`)).text();
      figures.shownMs.push(performance.now() - started);
      if (!html.includes(marker)) throw new Error(`run ${i}: the new text is not in ${page.route}`);
      const built = /built in (\d+) ms/.exec(log.slice(lines));
      if (built) figures.rebuildMs.push(Number(built[1]));
      // Each save starts from an idle server: the rebuild's second half (site files) is done.
      await searchWritten(lines);
      figures.siteMs.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 300)); // let the watcher settle between saves
    }
    await reader.cancel();
    return figures;
  } finally {
    child.kill("SIGTERM");
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const ms = (n: number) => (n >= 1000 ? `${(n / 1000).toFixed(2)} s` : `${Math.round(n)} ms`);

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      pages: { type: "string", default: "1000" },
      seed: { type: "string", default: "1" },
      keep: { type: "boolean", default: false },
      runs: { type: "string", default: "5" },
      source: { type: "boolean", default: false },
    },
  });
  if (!values.source) {
    const built = await run(process.execPath, [path.join(repo, "tools", "build-package.mjs")]);
    if (built.code !== 0) throw new Error(`the package did not build:\n${built.stdout}\n${built.stderr}`);
    docsBin = path.join(repo, "lib", "bin", "cli.js");
  }
  const ran = values.source ? "the sources (bin/docs.js under tsx)" : "the package (lib/bin/cli.js)";
  const pages = Number(values.pages);
  const seed = Number(values.seed);
  const runs = Number(values.runs);
  const scratch = await mkdtemp(path.join(os.tmpdir(), `quire-incremental-${pages}-`));
  const root = path.join(scratch, "site");
  try {
    await writeCorpus(root, { pages, seed });
    console.log(`corpus: ${pages} pages (seed ${seed}) → ${root}`);
    const cold = await docsBuild(root);
    console.log(`cold build (fills the cache): ${ms(cold.ms)}`);
    // A process start is noisy: the median of `runs` builds, each a whole process.
    const unchangedRuns: number[] = [];
    for (let i = 0; i < runs; i++) {
      const unchanged = await docsBuild(root);
      if (!unchanged.stdout.includes("nothing changed"))
        console.warn("warning: the nothing-changed build did not skip (see its summary)\n" + unchanged.stdout);
      unchangedRuns.push(unchanged.ms);
    }
    const unchanged = { ms: median(unchangedRuns) };
    console.log(`nothing changed: ${ms(unchanged.ms)} (median of ${runs}: ${unchangedRuns.map(ms).join(", ")})`);
    const page = await pickPage(root);
    const original = await readFile(path.join(root, page.file), "utf8");
    const marker = "Edited by the incremental benchmark.";
    await writeFile(path.join(root, page.file), `${original}\n${marker}\n`);
    const edited = await docsBuild(root);
    const html = await readFile(path.join(root, "dist", page.route.slice(1), "index.html"), "utf8");
    if (!html.includes(marker)) throw new Error("the edit did not reach dist/");
    console.log(
      `edit one page, docs build: ${ms(edited.ms)}\n${edited.stdout.split("\n").find((l) => l.includes("time")) ?? ""}`,
    );
    await writeFile(path.join(root, page.file), original);
    const dev = await measureDev(root, page, runs);
    const rows: [string, string][] = [
      [`cold build, empty cache (${pages} pages)`, ms(cold.ms)],
      ["docs build with nothing changed (median)", ms(unchanged.ms)],
      ["edit one page, warm cache: docs build wall", ms(edited.ms)],
      ["edit one page, warm cache: rebuild wall in docs dev (median)", ms(median(dev.rebuildMs))],
      ["docs dev: file saved → reload event (median)", ms(median(dev.eventMs))],
      ["docs dev: file saved → new HTML fetched (median)", ms(median(dev.shownMs))],
      ["docs dev: file saved → site files written (median)", ms(median(dev.siteMs))],
    ];
    const width = Math.max(...rows.map(([k]) => k.length));
    console.log(
      `\nIncremental — ${pages} pages, seed ${seed}, ${ran}, Node ${process.version}, ${os.cpus().length} CPUs, load ${os.loadavg()[0]!.toFixed(1)}`,
    );
    for (const [k, v] of rows) console.log(`  ${k.padEnd(width)}  ${v}`);
    const resultsDir = fileURLToPath(new URL("./results/", import.meta.url));
    await mkdir(resultsDir, { recursive: true });
    const day = new Date().toISOString().slice(0, 10);
    const file = path.join(resultsDir, `${day}.incremental-${pages}.json`);
    await writeFile(
      file,
      `${JSON.stringify({ pages, seed, ran: values.source ? "source" : "package", node: process.version, cpus: os.cpus().length, loadavg: os.loadavg(), coldMs: cold.ms, unchangedMs: unchanged.ms, unchangedRuns, editBuildMs: edited.ms, dev }, null, 2)}\n`,
    );
    console.log(`results → ${path.relative(process.cwd(), file)}`);
  } finally {
    if (values.keep) console.log(`kept ${scratch}`);
    else await rm(scratch, { recursive: true, force: true });
  }
}

await main();
