/** `docs build`: runs the compiler, draws progress on a TTY and prints a one-screen summary. */
import path from "node:path";
import { build } from "../compiler/index.ts";
import { defaultCacheDir, openPageCache } from "../compiler/cache/page-cache.ts";
import { BuildFailure } from "../compiler/diagnostics.ts";
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

export async function runBuild(options: BuildCommandOptions): Promise<number> {
  const tty = process.stderr.isTTY === true;
  const outDir = options.out ? path.resolve(options.out) : path.resolve(options.root, "dist");
  try {
    const result = await build({
      root: options.root,
      outDir,
      git: options.git,
      cache:
        options.cache &&
        openPageCache(options.cacheDir ? path.resolve(options.cacheDir) : defaultCacheDir(path.resolve(options.root))),
      onPage: tty ? (done, total) => drawProgress(done, total) : undefined,
    });
    if (tty) process.stderr.write("\r\x1b[K");
    // Issue 10: the printed time is the whole command's, from process start (performance's time origin), so Node
    // start-up, TypeScript loading and module imports count too.
    const seconds = (performance.now() / 1000).toFixed(2);
    const warnings = result.warnings.filter((m) => m.severity === "warning");
    for (const line of reportLines(warnings, { verbose: options.verbose === true })) console.warn(line);
    console.log(
      [
        `✓ built ${result.site.pages.length} pages into ${path.relative(process.cwd(), result.outDir) || "."}`,
        `  artifacts  ${result.files} files, ${formatBytes(result.bytes)}`,
        `  warnings   ${warnings.length}`,
        ...(result.cache
          ? [
              `  cache      ${result.cache.rebuilt} compiled, ${result.site.pages.length - result.cache.rebuilt} reused${result.cache.rejected ? `, ${result.cache.rejected} damaged entries ignored` : ""}${result.output ? "" : "; nothing changed, output kept as it was"}`,
            ]
          : []),
        `  time       ${seconds}s  (${Object.entries(result.timings)
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
