/**
 * A JSON Schema validator as self-contained ESM: ajv's standalone code, with the small runtime helpers it `require`s
 * bundled in by esbuild. It validates without ajv and without `new Function` (the edge runtime's feedback validator,
 * DESIGN invariant 4), and loads without compiling the schema (the package's frontmatter validator).
 */
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Ajv, Options } from "ajv";

// ajv and esbuild are loaded when a validator is made, not with this module: a build whose validators were all made
// ahead loads neither for them. Both are CommonJS, so they load synchronously.
const requireHere = createRequire(import.meta.url);

const packageDir = fileURLToPath(new URL("../..", import.meta.url));
/**
 * The `node_modules` folder holding ajv. esbuild names each inlined module by its path relative to the working
 * directory; relative to this folder the names (`ajv/dist/runtime/…`) are the same wherever the site is built from
 * and however its dependencies are installed or hoisted, so the validator's bytes depend on the schema alone.
 */
const modulesDir = (() => {
  const ajvFile = requireHere.resolve("ajv");
  const marker = `${path.sep}node_modules${path.sep}`;
  return ajvFile.slice(0, ajvFile.lastIndexOf(marker) + marker.length - 1);
})();

/** ESM whose default export (and `validate`) is `schema`'s validator, made with these ajv options. */
export function standaloneValidator(schema: object, options: Omit<Options, "code">): string {
  const { Ajv } = requireHere("ajv") as typeof import("ajv");
  const standaloneCode = (requireHere("ajv/dist/standalone") as { default: (ajv: Ajv, validate: unknown) => string })
    .default;
  const { buildSync } = requireHere("esbuild") as typeof import("esbuild");
  const ajv = new Ajv({ ...options, code: { source: true, esm: true } });
  const source = standaloneCode(ajv, ajv.compile(schema));
  const bundled = buildSync({
    stdin: { contents: source, resolveDir: packageDir, loader: "js" },
    absWorkingDir: modulesDir,
    bundle: true,
    write: false,
    format: "esm",
    platform: "neutral",
    mainFields: ["module", "main"],
    minify: false,
    legalComments: "none",
  });
  return bundled.outputFiles[0].text;
}

/** The SHA-256 of a schema's JSON: which schema a validator made ahead was made from. */
export function schemaKey(schema: object): string {
  return createHash("sha256").update(JSON.stringify(schema)).digest("hex");
}
