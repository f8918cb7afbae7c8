/**
 * The client scripts under `templates/` are written to be read (comments, long names); pages get them minified by
 * esbuild, which is deterministic, so all interactive JavaScript together stays under the 15 KB gzipped budget of
 * issue 13 (`npm run bench:client-js`). Syntax is left at what the templates use, so no browser loses support.
 */
import { transformSync } from "esbuild";

export function minifyScript(source: string): string {
  let code = minified.get(source);
  if (code === undefined) {
    code = transformSync(source, { minify: true, legalComments: "none", charset: "utf8" }).code;
    // A handful of templates, the same in every build of a process (`docs dev` rebuilds on every save).
    if (minified.size >= 64) minified.clear();
    minified.set(source, code);
  }
  return code;
}

const minified = new Map<string, string>();
