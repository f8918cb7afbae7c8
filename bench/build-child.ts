/**
 * One measured build, run by bench/build.ts in its own process so peak RSS belongs to the build alone.
 *
 *   node --import tsx bench/build-child.ts cold    --root <site> --result <file.json>
 *   node --import tsx bench/build-child.ts rebuild --root <site> --result <file.json> --edit <page file>
 *
 * `cold`: one `build()` in a fresh process with no dist/ and no caches.
 * `rebuild`: one `build()` to warm up, then one page's text is changed and `build()` runs again; only the second build
 * is reported. Both use the persisted page cache, as `docs build` does: the second build compiles the edited page and
 * reads every other page's record from the cache, then makes every cross-page file again.
 */
import { appendFile, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { build, type BuildResult } from "../compiler/index.ts";
import { BuildFailure, formatMessage } from "../compiler/diagnostics.ts";

export interface ChildBuild {
  /** `build()` wall time in this process, ms (excludes Node start-up and module loading). */
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

export interface ChildResult {
  mode: "cold" | "rebuild";
  build: ChildBuild;
  /** Rebuild only: the edited page and whether its new text reached dist/. */
  edit?: { file: string; route: string; marker: string; inDist: boolean };
}

const EDIT_MARKER = "Edited by the Quire incremental rebuild benchmark.";

async function measuredBuild(root: string): Promise<{ result: BuildResult; build: ChildBuild }> {
  const started = performance.now();
  const result = await build({ root, git: false });
  const buildMs = performance.now() - started;
  return {
    result,
    build: {
      buildMs: Math.round(buildMs * 10) / 10,
      timings: result.timings,
      pages: result.site.pages.length,
      files: result.files,
      bytes: result.bytes,
      warnings: result.warnings.filter((m) => m.severity === "warning").length,
      maxRssKiB: process.resourceUsage().maxRSS,
      sinceStartMs: Math.round(performance.now()),
    },
  };
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { root: { type: "string" }, result: { type: "string" }, edit: { type: "string" } },
  });
  const mode = positionals[0];
  if (
    (mode !== "cold" && mode !== "rebuild") ||
    !values.root ||
    !values.result ||
    (mode === "rebuild" && !values.edit)
  ) {
    console.error("usage: build-child.ts cold|rebuild --root <dir> --result <file> [--edit <page file>]");
    process.exit(2);
  }
  const root = path.resolve(values.root);

  if (mode === "cold") {
    const { build: cold } = await measuredBuild(root);
    await writeFile(values.result, JSON.stringify({ mode, build: cold } satisfies ChildResult));
    return;
  }

  await measuredBuild(root); // warm-up: what a watching dev process would already have done
  const file = path.resolve(root, values.edit!);
  const before = await readFile(file, "utf8");
  await appendFile(file, `\n${EDIT_MARKER}\n`);
  try {
    const { result, build: second } = await measuredBuild(root);
    const page = result.site.pages.find((p) => path.resolve(root, p.sourcePath) === file);
    const route = page?.route ?? "?";
    const html = page
      ? await readFile(path.join(result.outDir, route === "/" ? "" : route.slice(1), "index.html"), "utf8").catch(
          () => "",
        )
      : "";
    await writeFile(
      values.result,
      JSON.stringify({
        mode,
        build: second,
        edit: { file: values.edit!, route, marker: EDIT_MARKER, inDist: html.includes(EDIT_MARKER) },
      } satisfies ChildResult),
    );
  } finally {
    await writeFile(file, before); // leave the corpus as generated
  }
}

main().catch((error: unknown) => {
  if (error instanceof BuildFailure) for (const m of error.messages) console.error(`error ${formatMessage(m)}`);
  else console.error(error);
  process.exit(1);
});
