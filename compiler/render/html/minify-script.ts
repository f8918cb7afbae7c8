/**
 * The client scripts under `templates/` are written to be read (comments, long names); pages get them minified by
 * esbuild, which is deterministic, so all interactive JavaScript together stays under the 15 KB gzipped budget of
 * issue 13 (`npm run bench:client-js`). Syntax is left at what the templates use, so no browser loses support.
 */
import { transformSync } from "esbuild";

export function minifyScript(source: string): string {
  return transformSync(source, { minify: true, legalComments: "none", charset: "utf8" }).code;
}
