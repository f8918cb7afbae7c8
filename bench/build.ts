/**
 * Build benchmark: generates the deterministic corpus, builds it in child processes and prints the figures.
 *
 *   npm run bench -- --pages 1000 [--seed 1] [--keep] [--no-rebuild]
 *
 * Writes bench/results/<YYYY-MM-DD>.json (one entry per corpus size and seed; a re-run replaces its entry).
 * See bench/README.md for what each figure means.
 */
import { execFileSync, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { measureRuntime, type LoadResult } from "./runtime-load.ts";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { CORPUS_PROFILES, type CorpusProfile, writeCorpus } from "./corpus.ts";
import { installedDocs } from "./installed.ts";
import { buildProcessFlags } from "../compiler/parallel/helper-threads.ts";

const repo = fileURLToPath(new URL("..", import.meta.url));
const childScript = fileURLToPath(new URL("./build-child.mjs", import.meta.url));
const resultsDir = fileURLToPath(new URL("./results/", import.meta.url));
const GNU_TIME = "/usr/bin/time";

// ---------------------------------------------------------------- measuring

/** What bench/build-child.mjs writes: one build's own figures. */
interface ChildBuild {
  /** `build()` wall time in the child, ms (excludes Node start-up and module loading). */
  buildMs: number;
  /** Milliseconds per pass, in the order `build()` returned them. */
  timings: Record<string, number>;
  pages: number;
  files: number;
  bytes: number;
  warnings: number;
  /** `process.resourceUsage().maxRSS` right after the build, KiB. */
  maxRssKiB: number;
  /** Node start to end of `build()`, ms. */
  sinceStartMs: number;
}

interface ChildResult {
  mode: "cold" | "rebuild";
  build: ChildBuild;
  /** Rebuild only: the edited page and whether its new text reached dist/. */
  edit?: { file: string; route: string; marker: string; inDist: boolean };
}

/**
 * What builds: the package as users install it (lib/ compiled by tools/build-package.mjs, no TypeScript loader in
 * the process or its workers), or with `--source` the checkout's TypeScript under tsx.
 */
interface Compiler {
  label: "installed package (lib/)" | "source checkout (tsx)";
  node: string[];
}

function compilerFor(source: boolean, scratch: string): Compiler {
  if (source)
    return {
      label: "source checkout (tsx)",
      node: ["--import", "tsx", childScript, "--compiler", path.join(repo, "compiler", "index.ts")],
    };
  const lib = path.join(path.dirname(path.dirname(installedDocs(scratch))), "lib");
  return {
    label: "installed package (lib/)",
    node: [childScript, "--compiler", path.join(lib, "compiler", "index.js")],
  };
}

interface Measured {
  child: ChildResult;
  /** Parent-side wall time of the whole child process (Node start-up, tsx, module loading, build, exit), ms. */
  processMs: number;
  /** Peak RSS of the child process, KiB, and where the figure came from. */
  peakRssKiB: number;
  rssSource: "/usr/bin/time -v" | "process.resourceUsage().maxRSS";
}

/** Runs bench/build-child.mjs in a fresh Node process, under `/usr/bin/time -v` when it exists. */
async function runChild(compiler: Compiler, args: string[], scratch: string): Promise<Measured> {
  const resultFile = path.join(scratch, `child-${args[0]}.json`);
  const timeFile = path.join(scratch, `time-${args[0]}.txt`);
  // Started as `docs build` starts its build (bin/node-flags.ts), so the figures are the command's.
  const flags = buildProcessFlags([], process.env.NODE_OPTIONS ?? "", os.availableParallelism());
  const node = [process.execPath, ...flags, ...compiler.node, ...args, "--result", resultFile];
  const useTime = existsSync(GNU_TIME);
  const [command, ...rest] = useTime ? [GNU_TIME, "-v", "-o", timeFile, ...node] : node;
  const started = performance.now();
  const code = await new Promise<number>((resolve, reject) => {
    const child = spawn(command!, rest, { cwd: repo, stdio: ["ignore", "inherit", "inherit"] });
    child.on("error", reject);
    child.on("exit", (status) => resolve(status ?? 1));
  });
  const processMs = performance.now() - started;
  if (code !== 0) throw new Error(`build child (${args[0]}) exited with status ${code}`);
  const child = JSON.parse(await readFile(resultFile, "utf8")) as ChildResult;
  if (useTime) {
    const report = await readFile(timeFile, "utf8");
    const rss = /Maximum resident set size \(kbytes\): (\d+)/.exec(report);
    if (rss) return { child, processMs, peakRssKiB: Number(rss[1]), rssSource: "/usr/bin/time -v" };
  }
  return { child, processMs, peakRssKiB: child.build.maxRssKiB, rssSource: "process.resourceUsage().maxRSS" };
}

// ---------------------------------------------------------------- dist/

async function walk(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) out.push(path.join(entry.parentPath ?? entry.path, entry.name));
  }
  return out;
}

async function distSize(dist: string): Promise<{ files: number; bytes: number }> {
  const files = await walk(dist);
  let bytes = 0;
  for (const file of files) bytes += (await stat(file)).size;
  return { files: files.length, bytes };
}

interface AssetFigure {
  kind: "js" | "css";
  /** URL for external files, `inline` for inline script/style. */
  source: string;
  bytes: number;
  gzip: number;
}

interface ShippedPerPage {
  route: string;
  htmlBytes: number;
  htmlGzip: number;
  jsGzip: number;
  cssGzip: number;
  assets: AssetFigure[];
}

const attr = (tag: string, name: string): string | undefined =>
  new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i")
    .exec(tag)
    ?.slice(1)
    .find((v) => v !== undefined);
const gzipLength = (data: string | Buffer): number => gzipSync(data).byteLength; // zlib default level (6)

/** Inline `<script>` types that are data, not code, and so are not counted as JS. */
const DATA_SCRIPT = /^(application\/(ld\+)?json|importmap|speculationrules|text\/template)$/i;

/** JS and CSS a browser downloads for one page: external files gzipped one by one, inline blocks gzipped on their own. */
async function shippedPerPage(dist: string, route: string): Promise<ShippedPerPage> {
  const htmlFile = path.join(dist, route === "/" ? "" : route.slice(1), "index.html");
  const html = await readFile(htmlFile, "utf8");
  const assets: AssetFigure[] = [];
  const external = async (kind: "js" | "css", url: string): Promise<void> => {
    const pathname = new URL(url, `https://bench.invalid${route === "/" ? "/" : `${route}/`}`).pathname;
    const file = path.join(dist, decodeURIComponent(pathname));
    const data = await readFile(file).catch(() => undefined);
    if (!data) throw new Error(`${route}: ${kind} ${url} is not in dist/`);
    assets.push({ kind, source: url, bytes: data.byteLength, gzip: gzipLength(data) });
  };
  for (const m of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = (attr(m[0], "rel") ?? "").toLowerCase().split(/\s+/);
    const href = attr(m[0], "href");
    if (rel.includes("stylesheet") && href) await external("css", href);
  }
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const src = attr(`<script ${m[1]}>`, "src");
    const type = attr(`<script ${m[1]}>`, "type") ?? "";
    if (src) await external("js", src);
    else if (!DATA_SCRIPT.test(type) && m[2]!.trim())
      assets.push({ kind: "js", source: "inline", bytes: Buffer.byteLength(m[2]!), gzip: gzipLength(m[2]!) });
  }
  for (const m of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)) {
    if (m[1]!.trim())
      assets.push({ kind: "css", source: "inline", bytes: Buffer.byteLength(m[1]!), gzip: gzipLength(m[1]!) });
  }
  const sum = (kind: "js" | "css") => assets.filter((a) => a.kind === kind).reduce((n, a) => n + a.gzip, 0);
  return {
    route,
    htmlBytes: Buffer.byteLength(html),
    htmlGzip: gzipLength(html),
    jsGzip: sum("js"),
    cssGzip: sum("css"),
    assets,
  };
}

// ---------------------------------------------------------------- report

const ms = (n: number): string =>
  n >= 10_000 ? `${(n / 1000).toFixed(1)} s` : n >= 1000 ? `${(n / 1000).toFixed(2)} s` : `${Math.round(n)} ms`;
const kib = (n: number): string =>
  n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MiB` : n >= 1024 ? `${(n / 1024).toFixed(1)} KiB` : `${n} B`;

function table(title: string, rows: [string, string][]): string {
  const width = Math.max(...rows.map(([k]) => k.length));
  return [title, ...rows.map(([k, v]) => `  ${k.padEnd(width)}  ${v}`)].join("\n");
}

/** A leaf page two folders deep, first in path order: a typical page rather than the landing page. */
async function pickPage(corpusDir: string): Promise<{ file: string; route: string }> {
  const files = (await walk(path.join(corpusDir, "docs")))
    .map((f) => path.relative(corpusDir, f).split(path.sep).join("/"))
    .filter((f) => /^docs\/[^/]+\/[^/]+\/page\.md$/.test(f))
    .sort();
  for (const file of files) {
    const folder = path.join(corpusDir, path.dirname(file));
    const hasChildren = (await readdir(folder, { withFileTypes: true })).some((e) => e.isDirectory());
    if (!hasChildren) return { file, route: `/${path.dirname(file)}` };
  }
  const fallback = files[0] ?? "docs/page.mdx";
  return { file: fallback, route: `/${path.dirname(fallback)}` };
}

function gitRevision(): string | undefined {
  try {
    const head = execFileSync("git", ["rev-parse", "--short", "HEAD"], {
      cwd: repo,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
    const dirty = execFileSync("git", ["status", "--porcelain", "--", "compiler", "bin", "templates"], {
      cwd: repo,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
    return dirty ? `${head}+dirty` : head;
  } catch {
    return undefined;
  }
}

interface ResultEntry {
  corpus: { pages: number; seed: number; [key: string]: unknown };
  [key: string]: unknown;
}

async function saveResult(entry: ResultEntry): Promise<string> {
  await mkdir(resultsDir, { recursive: true });
  const now = new Date();
  const day = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
  const file = path.join(resultsDir, `${day}.json`);
  let runs: ResultEntry[] = [];
  try {
    runs = (JSON.parse(await readFile(file, "utf8")) as { runs?: ResultEntry[] }).runs ?? [];
  } catch {
    // first run of the day
  }
  const sameCorpus = (r: ResultEntry) =>
    r.corpus.pages === entry.corpus.pages &&
    r.corpus.seed === entry.corpus.seed &&
    (r.corpus.profile ?? "bench") === (entry.corpus.profile ?? "bench");
  runs = runs.filter((r) => !sameCorpus(r));
  runs.push(entry);
  runs.sort((a, b) => a.corpus.pages - b.corpus.pages || a.corpus.seed - b.corpus.seed);
  await writeFile(file, `${JSON.stringify({ date: day, runs }, null, 2)}\n`);
  return file;
}

// ---------------------------------------------------------------- main

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      pages: { type: "string", default: "1000" },
      seed: { type: "string", default: "1" },
      keep: { type: "boolean", default: false },
      "no-rebuild": { type: "boolean", default: false },
      profile: { type: "string", default: "bench" },
      source: { type: "boolean", default: false },
    },
  });
  const pages = Number(values.pages);
  const seed = Number(values.seed);
  const profile = values.profile as CorpusProfile;
  if (!Number.isInteger(pages) || pages < 1 || !Number.isInteger(seed) || !CORPUS_PROFILES.includes(profile)) {
    console.error(
      "usage: npm run bench -- [--pages 1000] [--seed 1] [--profile bench|real] [--keep] [--no-rebuild] [--source]",
    );
    process.exit(2);
  }

  const scratch = await mkdtemp(path.join(os.tmpdir(), `quire-bench-${pages}-`));
  const corpusDir = path.join(scratch, "site");
  try {
    const generated = performance.now();
    await writeCorpus(corpusDir, { pages, seed, profile });
    const corpusFiles = await walk(corpusDir);
    let corpusBytes = 0;
    for (const f of corpusFiles) corpusBytes += (await stat(f)).size;
    const mdx = corpusFiles.filter((f) => f.endsWith(".mdx")).length;
    console.log(
      `corpus: ${pages} ${profile}-profile pages (seed ${seed}, ${pages - mdx} md, ${mdx} mdx, ${kib(corpusBytes)}) in ${ms(performance.now() - generated)} → ${corpusDir}`,
    );

    const compiler = compilerFor(values.source, scratch);
    console.log(`cold build (${compiler.label}) …`);
    const cold = await runChild(compiler, ["cold", "--root", corpusDir], scratch);
    const dist = path.join(corpusDir, "dist");
    const size = await distSize(dist);
    const page = await pickPage(corpusDir);
    const shipped = await shippedPerPage(dist, page.route);

    let rebuild: Measured | undefined;
    if (!values["no-rebuild"]) {
      console.log(`rebuild after editing ${page.file} …`);
      rebuild = await runChild(compiler, ["rebuild", "--root", corpusDir, "--edit", page.file], scratch);
    }
    console.log("runtime load on docs serve (search, MCP tools/call) …");
    const runtime = await measureRuntime(corpusDir, dist);

    const b = cold.child.build;
    const pagesPerSecond = (b.pages / cold.processMs) * 1000;
    console.log("");
    console.log(
      table(
        `Quire build (${compiler.label}) — ${pages} pages, seed ${seed}, Node ${process.version}, ${os.cpus().length} CPUs`,
        [
          ["cold build, process wall", `${ms(cold.processMs)}  (${pagesPerSecond.toFixed(0)} pages/s)`],
          ["cold build, build() only", `${ms(b.buildMs)}  (${((b.pages / b.buildMs) * 1000).toFixed(0)} pages/s)`],
          ["peak RSS", `${kib(cold.peakRssKiB * 1024)}  (${cold.rssSource})`],
          ...(rebuild
            ? [
                [
                  "rebuild after 1 edit",
                  `${ms(rebuild.child.build.buildMs)}  (docs build, page cache warm${rebuild.child.edit?.inDist ? "" : "; EDIT NOT FOUND IN dist/"})`,
                ] as [string, string],
              ]
            : []),
          ["dist/", `${kib(size.bytes)} in ${size.files} files`],
          [
            `shipped per page (${shipped.route})`,
            `JS ${kib(shipped.jsGzip)} gz, CSS ${kib(shipped.cssGzip)} gz, HTML ${kib(shipped.htmlGzip)} gz`,
          ],
        ],
      ),
    );
    console.log("");
    const passRows = Object.entries(b.timings).map(([name, t]): [string, string] => {
      const again = rebuild?.child.build.timings[name];
      return [
        name,
        `${ms(t).padStart(8)}  ${((t / b.buildMs) * 100).toFixed(1).padStart(5)}%${again === undefined ? "" : `   rebuild ${ms(again).padStart(8)}`}`,
      ];
    });
    console.log(table("Time per pass (cold)", passRows));
    console.log("");
    console.log(
      table(
        "Shipped per page, gzip (zlib level 6)",
        shipped.assets.map((a): [string, string] => [`${a.kind} ${a.source}`, `${kib(a.gzip)}  (${kib(a.bytes)} raw)`]),
      ),
    );
    console.log("");
    const loadRow = (name: string, r: LoadResult): [string, string] => [
      name,
      `${String(r.requestsPerSecond).padStart(6)} req/s   p50 ${r.p50Ms} ms   p99 ${r.p99Ms} ms   (${r.requests} requests, ${r.errors} errors)`,
    ];
    console.log(
      table(`Runtime on docs serve, loopback, ${runtime.concurrency} concurrent, ${runtime.durationSeconds} s each`, [
        loadRow("GET /robots.txt (the load generator's ceiling)", runtime.staticFile),
        loadRow("GET /api/docs?query=", runtime.search),
        loadRow("MCP tools/call search_docs", runtime.mcpSearchDocs),
        ...(runtime.perCore
          ? [
              loadRow(`GET /api/docs?query=, --workers ${runtime.perCore.workers}`, runtime.perCore.search),
              loadRow(
                `MCP tools/call search_docs, --workers ${runtime.perCore.workers}`,
                runtime.perCore.mcpSearchDocs,
              ),
            ]
          : []),
      ]),
    );

    const file = await saveResult({
      corpus: { pages, seed, profile, files: corpusFiles.length, bytes: corpusBytes, md: pages - mdx, mdx },
      machine: {
        node: process.version,
        platform: process.platform,
        arch: process.arch,
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model,
        memoryBytes: os.totalmem(),
      },
      quire: { revision: gitRevision(), compiler: compiler.label },
      cold: {
        processMs: Math.round(cold.processMs),
        buildMs: b.buildMs,
        pagesPerSecond: Math.round(pagesPerSecond),
        peakRssKiB: cold.peakRssKiB,
        rssSource: cold.rssSource,
        timings: b.timings,
        pages: b.pages,
        warnings: b.warnings,
      },
      rebuild: rebuild && {
        buildMs: rebuild.child.build.buildMs,
        timings: rebuild.child.build.timings,
        incremental: true,
        note: "second build() in the same process with the persisted page cache: the edited page is compiled, every other record is read from the cache",
        edit: rebuild.child.edit,
      },
      dist: size,
      shippedPerPage: shipped,
      runtime,
    });
    console.log(`\nresults → ${path.relative(process.cwd(), file)}`);
  } finally {
    if (values.keep) console.log(`kept ${scratch}`);
    else await rm(scratch, { recursive: true, force: true });
  }
}

await main();
