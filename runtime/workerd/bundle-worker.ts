/**
 * Bundles a worker entry for workerd with esbuild (Node-side tooling, not part of the runtime core): ESM,
 * neutral platform with worker/browser export conditions, the build's feedback validator aliased in.
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { build, type Plugin } from "esbuild";

export interface BundleWorkerOptions {
  entry: string;
  outFile: string;
  /** The built `dist/` whose `_docs/feedback-validator.mjs` answers `quire-feedback-validator`. */
  dist: string;
}

/** A `.wasm` import left in the bundle as a module import, and the file workerd should load under that name. */
export interface WasmModule {
  name: string;
  file: string;
}

export interface BundledWorker {
  code: string;
  nodeImports: string[];
  /** The worker's WebAssembly imports, for `workerdConfig` (wrangler finds them itself). */
  wasmModules: WasmModule[];
}

export async function bundleWorker(options: BundleWorkerOptions): Promise<BundledWorker> {
  const wasmModules = new Map<string, string>();
  const result = await build({
    entryPoints: [options.entry],
    outfile: options.outFile,
    bundle: true,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    mainFields: ["module", "main"],
    conditions: ["workerd", "worker", "browser"],
    // Libraries written for bundlers read process.env.NODE_ENV at load; workers have no `process` (wrangler does the same).
    define: { "process.env.NODE_ENV": '"production"' },
    alias: { "quire-feedback-validator": path.join(path.resolve(options.dist), "_docs", "feedback-validator.mjs") },
    metafile: true,
    plugins: [wasmAsModule(wasmModules)],
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
  return {
    code,
    nodeImports: [...new Set([...external.filter((name) => name.startsWith("node:")), ...inline])],
    wasmModules: [...wasmModules].map(([name, file]) => ({ name, file })).sort((a, b) => a.name.localeCompare(b.name)),
  };
}

/**
 * Workers cannot compile WebAssembly from bytes at run time, so a `.wasm` import stays an import of a module named by
 * its specifier (`satori/yoga.wasm`), which the workerd config supplies from the resolved file.
 */
function wasmAsModule(found: Map<string, string>): Plugin {
  return {
    name: "wasm-as-module",
    setup(build) {
      build.onResolve({ filter: /\.wasm$/ }, (args) => {
        const file = createRequire(path.join(args.resolveDir, "noop.js")).resolve(args.path);
        found.set(args.path, file);
        return { path: args.path, external: true };
      });
    },
  };
}
