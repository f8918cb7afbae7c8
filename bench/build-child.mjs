/**
 * One measured build, run by bench/build.ts in its own process so peak RSS belongs to the build alone.
 *
 *   node bench/build-child.mjs cold    --compiler <lib/compiler/index.js> --root <site> --result <file.json>
 *   node bench/build-child.mjs rebuild --compiler <…> --root <site> --result <file.json> --edit <page file>
 *
 * Plain JavaScript, so that measuring the installed package (compiled lib/) loads no TypeScript loader into the
 * process or its page workers; `--compiler` names the compiler module to build with: the installed package's
 * `lib/compiler/index.js`, or the checkout's `compiler/index.ts` when the process runs under `--import tsx`.
 *
 * bench/build.ts starts it with the Node options `docs build` starts its build with (compiler/parallel/helper-threads.ts).
 *
 * `cold`: one `build()` in a fresh process with no dist/ and no caches.
 * `rebuild`: one `build()` to warm up, then one page's text is changed and `build()` runs again; only the second build
 * is reported. Both use the persisted page cache, as `docs build` does: the second build compiles the edited page and
 * reads every other page's record from the cache, then makes every cross-page file again.
 *
 * The result file holds a `ChildResult` (bench/build.ts).
 */
import { appendFile, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

const EDIT_MARKER = "Edited by the Quire incremental rebuild benchmark.";
const USAGE =
  "usage: build-child.mjs cold|rebuild --compiler <module> --root <dir> --result <file> [--edit <page file>]";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    compiler: { type: "string" },
    root: { type: "string" },
    result: { type: "string" },
    edit: { type: "string" },
  },
});
const mode = positionals[0];
if (
  (mode !== "cold" && mode !== "rebuild") ||
  !values.compiler ||
  !values.root ||
  !values.result ||
  (mode === "rebuild" && !values.edit)
) {
  console.error(USAGE);
  process.exit(2);
}
const compiler = pathToFileURL(path.resolve(values.compiler));
const { build, tuneBuildProcess, limitHeapGrowth } = await import(compiler.href);
// As `docs build` does: the process is the build's own (a compiler from before tuneBuildProcess had only this part).
(tuneBuildProcess ?? limitHeapGrowth)();
// The diagnostics module beside it, compiled or not (`index.js` → `diagnostics.js`, `index.ts` → `diagnostics.ts`).
const { BuildFailure, formatMessage } = await import(
  new URL(`diagnostics${path.extname(compiler.pathname)}`, compiler).href
);
const root = path.resolve(values.root);

/** One `build()` and its figures (a `ChildBuild`). */
async function measuredBuild() {
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

async function main() {
  if (mode === "cold") {
    const { build: cold } = await measuredBuild();
    await writeFile(values.result, JSON.stringify({ mode, build: cold }));
    return;
  }
  await measuredBuild(); // warm-up: what a watching dev process would already have done
  const file = path.resolve(root, values.edit);
  const before = await readFile(file, "utf8");
  await appendFile(file, `\n${EDIT_MARKER}\n`);
  try {
    const { result, build: second } = await measuredBuild();
    const page = result.site.pages.find((p) => path.resolve(root, p.sourcePath) === file);
    const route = page?.route ?? "?";
    const html = page
      ? await readFile(path.join(result.outDir, route === "/" ? "" : route.slice(1), "index.html"), "utf8").catch(
          () => "",
        )
      : "";
    const edit = { file: values.edit, route, marker: EDIT_MARKER, inDist: html.includes(EDIT_MARKER) };
    await writeFile(values.result, JSON.stringify({ mode, build: second, edit }));
  } finally {
    await writeFile(file, before); // leave the corpus as generated
  }
}

main().catch((error) => {
  if (error instanceof BuildFailure) for (const m of error.messages) console.error(`error ${formatMessage(m)}`);
  else console.error(error);
  process.exit(1);
});
