/**
 * Bundles a worker entry for workerd with esbuild (Node-side tooling, not part of the runtime core): ESM,
 * neutral platform with worker/browser export conditions, the build's feedback validator aliased in.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { build } from "esbuild";

export interface BundleWorkerOptions {
  entry: string;
  outFile: string;
  /** The built `dist/` whose `_docs/feedback-validator.mjs` answers `quire-feedback-validator`. */
  dist: string;
}

export async function bundleWorker(options: BundleWorkerOptions): Promise<{ code: string; nodeImports: string[] }> {
  const result = await build({
    entryPoints: [options.entry],
    outfile: options.outFile,
    bundle: true,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    mainFields: ["module", "main"],
    conditions: ["workerd", "worker", "browser"],
    alias: { "quire-feedback-validator": path.join(path.resolve(options.dist), "_docs", "feedback-validator.mjs") },
    metafile: true,
    write: true,
    logLevel: "silent",
  });
  const code = await readFile(options.outFile, "utf8");
  const external = Object.values(result.metafile.outputs).flatMap((output) =>
    output.imports.map((entry) => entry.path),
  );
  const inline = [...code.matchAll(/(?:from\s*|import\s*\(\s*|require\s*\(\s*)["'](node:[^"']+)["']/g)].map(
    (match) => match[1],
  );
  return { code, nodeImports: [...new Set([...external.filter((name) => name.startsWith("node:")), ...inline])] };
}
