/** `docs build`: runs the compiler (or sees that nothing changed), draws progress on a TTY and prints a one-screen summary. */
import path from "node:path";
import { hasBuildRecord, unchangedBuild } from "../compiler/cache/build-record.ts";
import { defaultCacheDir, openPageCache } from "../compiler/cache/page-cache.ts";
import { BuildFailure, type BuildMessage } from "../compiler/diagnostics.ts";
import { reportLines } from "./message-summary.ts";

export interface BuildCommandOptions {
  root: string;
  out?: string;
  git: boolean;
  /** `--verbose`: every message in full instead of the first few and a summary by cause. */
  verbose?: boolean;
  /** `--no-cache` sets false: every page is compiled. */
  cache: boolean;
  /** `--cache-dir`: where the incremental cache lives (default `<root>/node_modules/.cache/quire`). */
  cacheDir?: string;
}

/**
 * Runs the build in another process instead of this one, once it is clear there is something to build; resolves to
 * the exit status that process ended with, or undefined to build here (bin/node-flags.ts).
 */
export type BuildHandOff = () => Promise<number | undefined>;

/**
 * `startedAt`: when this build began on the `performance` clock (0, the process start, for a one-off build).
 * `handOff`: called for a first or cacheless build, before anything is read.
 */
export async function runBuild(options: BuildCommandOptions, startedAt = 0, handOff?: BuildHandOff): Promise<number> {
  const tty = process.stderr.isTTY === true;
  const outDir = options.out ? path.resolve(options.out) : path.resolve(options.root, "dist");
  try {
    const summary = await buildOrKeep(options, outDir, tty, handOff);
    // Built elsewhere: that process has printed its own summary.
    if (typeof summary === "number") return summary;
    if (tty) process.stderr.write("\r\x1b[K");
    // Issue 10: the printed time is the whole command's, from process start (performance's time origin), so Node
    // start-up, TypeScript loading and module imports count too.
    const seconds = ((performance.now() - startedAt) / 1000).toFixed(2);
    const warnings = summary.warnings.filter((m) => m.severity === "warning");
    for (const line of reportLines(warnings, { verbose: options.verbose === true })) console.warn(line);
    const { cache } = summary;
    console.log(
      [
        `✓ built ${summary.pages} pages into ${path.relative(process.cwd(), summary.outDir) || "."}`,
        `  artifacts  ${summary.files} files, ${formatBytes(summary.bytes)}`,
        `  warnings   ${warnings.length}`,
        ...(cache
          ? [
              `  cache      ${cache.rebuilt} compiled, ${summary.pages - cache.rebuilt} reused${cache.rejected ? `, ${cache.rejected} damaged entries ignored` : ""}${summary.kept ? "; nothing changed, output kept as it was" : ""}`,
            ]
          : []),
        `  time       ${seconds}s  (${Object.entries(summary.timings)
          .map(([k, v]) => `${k} ${Math.round(v)}ms`)
          .join(", ")})`,
      ].join("\n"),
    );
    return 0;
  } catch (error) {
    if (tty) process.stderr.write("\r\x1b[K");
    if (error instanceof BuildFailure) {
      const errors = error.messages.filter((m) => m.severity === "error");
      // Warnings found in the same round are shown too: fixing the errors should not reveal new problems.
      for (const line of reportLines(error.messages, { verbose: options.verbose === true })) console.error(line);
      console.error(
        `✗ build failed with ${errors.length} error${errors.length === 1 ? "" : "s"}; ${path.relative(process.cwd(), outDir) || outDir} was left unchanged`,
      );
      return 1;
    }
    console.error(`✗ internal error: ${(error as Error).message}`);
    if (process.env.DEBUG) console.error((error as Error).stack);
    return 2;
  }
}

function drawProgress(done: number, total: number): void {
  const width = 24;
  const filled = Math.round((done / total) * width);
  process.stderr.write(`\r  [${"█".repeat(filled)}${"░".repeat(width - filled)}] ${done}/${total} pages`);
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

interface BuildSummary {
  pages: number;
  outDir: string;
  files: number;
  bytes: number;
  warnings: BuildMessage[];
  timings: Record<string, number>;
  cache?: { rebuilt: number; rejected: number };
  /** Nothing changed since the build that wrote the output folder: it was kept as it was. */
  kept: boolean;
}

/**
 * Issue 11, nothing changed: config and sources are read first, with none of the page pipeline loaded; when their
 * fingerprint matches the last build into this output folder and the folder is as that build left it, the command
 * ends there. Otherwise the compiler is imported and builds from what was already read.
 */
async function buildOrKeep(
  options: BuildCommandOptions,
  outDir: string,
  tty: boolean,
  handOff?: BuildHandOff,
): Promise<BuildSummary | number> {
  const cacheDir = options.cacheDir ? path.resolve(options.cacheDir) : defaultCacheDir(path.resolve(options.root));
  // A first build into this folder, or one without the cache, has nothing to keep and much to do: it is handed off
  // before anything is read. A later one stays here, where it may end at the check below.
  if (!options.cache || !hasBuildRecord(cacheDir, outDir)) {
    const status = await handOff?.();
    if (status !== undefined) return status;
  }
  // Imported only now: a build handed off never loads them here (~0.1 s of the parent's start).
  const [{ readBuildInputs }, { siteKeys }] = await Promise.all([
    import("../compiler/build-inputs.ts"),
    import("../compiler/cache/site-keys.ts"),
  ]);
  const inputs = await readBuildInputs({ root: options.root, outDir, git: options.git });
  const cache = options.cache && openPageCache(cacheDir);
  if (cache) {
    const started = performance.now();
    const { fingerprint } = siteKeys(inputs);
    const kept = fingerprint ? await unchangedBuild(cache.dir, outDir, fingerprint) : undefined;
    if (kept)
      return {
        pages: kept.pages,
        outDir,
        files: kept.files.length,
        bytes: kept.bytes,
        warnings: kept.messages,
        timings: { ...inputs.timings, unchanged: Math.round((performance.now() - started) * 10) / 10 },
        cache: { rebuilt: 0, rejected: 0 },
        kept: true,
      };
  }
  const { build } = await import("../compiler/index.ts");
  const result = await build({
    root: options.root,
    outDir,
    git: options.git,
    inputs,
    cache,
    onPage: tty ? (done, total) => drawProgress(done, total) : undefined,
  });
  return {
    pages: result.site.pages.length,
    outDir: result.outDir,
    files: result.files,
    bytes: result.bytes,
    warnings: result.warnings,
    timings: result.timings,
    cache: result.cache,
    kept: result.unchanged,
  };
}
