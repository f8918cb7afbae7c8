/**
 * The client scripts under `templates/` are written to be read (comments, long names); pages get them minified by
 * esbuild, which is deterministic, so all interactive JavaScript together stays under the 15 KB gzipped budget of
 * issue 13 (`npm run bench:client-js`). Syntax is left at what the templates use, so no browser loses support.
 *
 * The templates are the package's own, so the package build minifies each script once (`minifiedScripts`, written
 * beside this module) and a build reads the result. esbuild's synchronous API would otherwise start a thread and an
 * esbuild process in every build (~140 ms of a 100-page build's main thread). A script the table does not hold (a
 * source checkout, a template edited since) or a table from another esbuild is minified here as before.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { transformSync, version } from "esbuild";

/** The table's name beside this module in `lib/` (tools/build-package.mjs writes it). */
export const MINIFIED_SCRIPTS_FILE = "minified-scripts.json";

/** Minified scripts by the SHA-256 of their source, and the esbuild that minified them. */
export interface MinifiedScripts {
  esbuild: string;
  scripts: Record<string, string>;
}

export function minifyScript(source: string): string {
  let code = minified.get(source);
  if (code === undefined) {
    shipped ??= new Map(Object.entries(shippedMinifiedScripts()?.scripts ?? {}));
    const found = shipped.get(sourceKey(source));
    code = typeof found === "string" ? found : minifyNow(source);
    // A handful of templates, the same in every build of a process (`docs dev` rebuilds on every save).
    if (minified.size >= 64) minified.clear();
    minified.set(source, code);
  }
  return code;
}

/** The table the package build ships, for these script sources. */
export function minifiedScripts(sources: readonly string[]): MinifiedScripts {
  const scripts: Record<string, string> = {};
  for (const source of sources) scripts[sourceKey(source)] = minifyNow(source);
  return { esbuild: version, scripts };
}

/** The table beside this module (or at `file`), if there is one and this esbuild made it. */
export function shippedMinifiedScripts(
  file = new URL(`./${MINIFIED_SCRIPTS_FILE}`, import.meta.url),
): MinifiedScripts | undefined {
  try {
    const table = JSON.parse(readFileSync(file, "utf8")) as MinifiedScripts;
    return table.esbuild === version && table.scripts && typeof table.scripts === "object" ? table : undefined;
  } catch {
    // No table (a source checkout) or a damaged one: every script is minified as it is met.
    return undefined;
  }
}

function minifyNow(source: string): string {
  return transformSync(source, { minify: true, legalComments: "none", charset: "utf8" }).code;
}

function sourceKey(source: string): string {
  return createHash("sha256").update(source).digest("hex");
}

const minified = new Map<string, string>();
let shipped: Map<string, string> | undefined;
