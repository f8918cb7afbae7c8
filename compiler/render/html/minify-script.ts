/**
 * The client scripts under `templates/` are written to be read (comments, long names); pages get them minified by
 * esbuild, which is deterministic, so all interactive JavaScript together stays under the 15 KB gzipped budget of
 * issue 13 (`npm run bench:client-js`). Syntax is left at what the templates use, so no browser loses support.
 *
 * The templates are the package's own, so the package build minifies each script once and ships the table beside
 * this module (package/made-ahead.ts). esbuild's synchronous API would otherwise start a thread and an esbuild
 * process in every build (~140 ms of a 100-page build's main thread).
 */
import { transformSync, version } from "esbuild";
import { madeAhead, type MadeAheadTable } from "../../package/made-ahead.ts";

/** The table's name beside this module in `lib/` (tools/build-package.mjs writes it). */
export const MINIFIED_SCRIPTS_FILE = "minified-scripts.json";

const scripts = madeAhead<string>({
  file: new URL(`./${MINIFIED_SCRIPTS_FILE}`, import.meta.url),
  tools: () => ({ esbuild: version }),
  keyText: (source) => source,
  make: (source) => transformSync(source, { minify: true, legalComments: "none", charset: "utf8" }).code,
  // A handful of templates, the same in every build of a process (`docs dev` rebuilds on every save).
  keep: 64,
});

export function minifyScript(source: string): string {
  return scripts.get(source);
}

/** The table the package build ships, for these script sources. */
export function minifiedScripts(sources: readonly string[]): MadeAheadTable {
  return scripts.table(sources);
}

/** The table beside this module (or at `file`), if there is one and this esbuild made it. */
export function shippedMinifiedScripts(file?: URL): MadeAheadTable | undefined {
  return scripts.read(file);
}
