/** Finds docs.config.ts(x), bundles it with esbuild and evaluates it, with errors positioned in the file. */
import { randomBytes } from "node:crypto";
import { type BigIntStats, existsSync, rmSync, statSync } from "node:fs";
import { readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Message, Plugin } from "esbuild";
import { sameStatus, settledAt } from "../content/source-reads.ts";
import { BuildFailure, type BuildMessage } from "../diagnostics.ts";

/** SPEC 1.1: the three places a config module may live, in lookup order. */
export const CONFIG_FILES = ["docs.config.ts", "docs.config.tsx", "src/lib/docs.config.ts"];

const publicEntry = fileURLToPath(new URL("../public.ts", import.meta.url));
const requireFromQuire = createRequire(import.meta.url);

/** The ESM build of a dependency, so config JSX and the renderer share one preact instance. */
function resolveEsm(specifier: string): string {
  return typeof import.meta.resolve === "function"
    ? import.meta.resolve(specifier)
    : pathToFileURL(requireFromQuire.resolve(specifier)).href;
}

export interface LoadedConfig {
  /** Config file relative to the root. */
  file: string;
  source: string;
  /** The esbuild bundle that was evaluated (local imports included); the incremental cache hashes it. */
  bundled: string;
  /** The default export, not yet validated. */
  value: unknown;
}

export function findConfigFile(root: string): string {
  const found = CONFIG_FILES.find((name) => existsSync(path.join(root, name)));
  if (!found) {
    throw new BuildFailure([
      {
        severity: "error",
        rule: "config/missing",
        file: ".",
        reason: `no config found in ${root}`,
        hint: `create one of ${CONFIG_FILES.join(", ")} with \`export default defineDocs({ entry: "docs" })\``,
      },
    ]);
  }
  return found;
}

/**
 * A config as bundled, which another thread of the same build evaluates as it is (a page worker gets the main
 * thread's): the same config whatever happened to the file since, and no esbuild in that thread.
 */
export type BundledConfig = Omit<LoadedConfig, "value">;

export async function loadConfig(root: string): Promise<LoadedConfig> {
  const file = findConfigFile(root);
  const absolute = path.join(root, file);
  if (lastLoaded?.absolute === absolute && lastLoaded.settled && lastLoaded.inputs.every(sameFile))
    return lastLoaded.loaded;
  // The inputs' times are compared with this clock: one written while it is bundled is racy (source-reads.ts).
  const readAt = Date.now();
  const source = await readFile(absolute, "utf8");
  const bundle = await bundleConfig(root, absolute, file);
  const loaded = await evaluateConfig(root, { file, source, bundled: bundle.code });
  // esbuild also reads the site's tsconfig.json and package.json (JSX, paths, module type), which no metafile lists.
  const inputs = [...bundle.inputs, path.join(root, "tsconfig.json"), path.join(root, "package.json")].map(fileStatus);
  const settled = inputs.every((input) => input.stats === undefined || settledAt(input.stats, readAt));
  lastLoaded = { absolute, inputs, settled, loaded };
  return loaded;
}

/**
 * The config this thread loaded last, with the status of every file its bundle read (the config and its local
 * imports). `docs dev` loads the config on every save; while none of those files changed, that is ~40 ms of esbuild
 * for the same bundle, which `evaluateConfig` would give the same module for anyway.
 */
let lastLoaded:
  | {
      absolute: string;
      inputs: { file: string; stats: BigIntStats | undefined }[];
      settled: boolean;
      loaded: LoadedConfig;
    }
  | undefined;

function fileStatus(file: string): { file: string; stats: BigIntStats | undefined } {
  return { file, stats: statusOf(file) };
}

/** Whether the file is as it was: the same status, or absent then and now. */
function sameFile(input: { file: string; stats: BigIntStats | undefined }): boolean {
  const now = statusOf(input.file);
  return now === undefined || input.stats === undefined ? now === input.stats : sameStatus(input.stats, now);
}

/** The file's status, or undefined where there is none to read (absent, or not readable). */
function statusOf(file: string): BigIntStats | undefined {
  try {
    return statSync(file, { bigint: true, throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/** Evaluates a bundled config; `root` is the site's, which `bundled.file` is relative to. */
export async function evaluateConfig(root: string, bundled: BundledConfig): Promise<LoadedConfig> {
  const { file, source, bundled: code } = bundled;
  const absolute = path.join(root, file);
  if (lastEvaluated?.absolute === absolute && lastEvaluated.code === code)
    return { file, source, bundled: code, value: lastEvaluated.value };
  // Written beside the config so the site's own node_modules resolve, then removed.
  const temp = path.join(path.dirname(absolute), `.docs.config.${process.pid}.${randomBytes(6).toString("hex")}.mjs`);
  // Known before it exists: a signal that stops the process while the file is being written still removes it.
  liveTempFiles.add(temp);
  try {
    await writeFile(temp, code);
  } catch (error) {
    liveTempFiles.delete(temp);
    throw error;
  }
  try {
    const module = await import(/* @vite-ignore */ pathToFileURL(temp).href);
    if (module.default === undefined) {
      throw new BuildFailure([
        {
          severity: "error",
          rule: "config/no-default-export",
          file,
          line: 1,
          column: 1,
          reason: "the config module has no default export",
          hint: "write `export default defineDocs({ ... })`",
        },
      ]);
    }
    lastEvaluated = { absolute, code, value: module.default };
    return { file, source, bundled: code, value: module.default };
  } catch (error) {
    if (error instanceof BuildFailure) throw error;
    throw new BuildFailure([
      {
        severity: "error",
        rule: "config/evaluate",
        file,
        reason: `could not be evaluated: ${(error as Error).message ?? String(error)}`,
        hint: "use docs.config.tsx when the file contains JSX; remove unresolved imports and environment-dependent top-level code",
      },
    ]);
  } finally {
    await rm(temp, { force: true });
    liveTempFiles.delete(temp);
  }
}

/**
 * The config this thread evaluated last. `docs dev` bundles the config on every save; a bundle the same as the last
 * one (local imports included) is the same module, and importing it again only wrote, loaded and removed one more
 * temp file (~20 ms) and kept one more module in Node's module cache for the rest of the session.
 */
let lastEvaluated: { absolute: string; code: string; value: unknown } | undefined;

/**
 * Temp config modules being imported right now. A process stopped mid-import (Ctrl-C in `docs dev`, `next dev`
 * stopping its `docs build --watch`) removes them on exit, so no `.docs.config.*.mjs` is left in the site.
 */
const liveTempFiles = new Set<string>();
process.once("exit", () => {
  for (const temp of liveTempFiles) rmSync(temp, { force: true });
});

/** The config's bundle and the absolute paths of the files it was made from. */
async function bundleConfig(root: string, absolute: string, file: string): Promise<{ code: string; inputs: string[] }> {
  try {
    // Loaded here, not with this module: a page worker evaluates the main thread's bundle and needs no esbuild.
    const { build } = await import("esbuild");
    const result = await build({
      // esbuild reports error files relative to this folder; messages name files relative to the root.
      absWorkingDir: path.resolve(root),
      entryPoints: [absolute],
      bundle: true,
      write: false,
      platform: "node",
      format: "esm",
      target: "node20",
      jsx: "automatic",
      jsxImportSource: "preact",
      packages: "external",
      logLevel: "silent",
      plugins: [resolveQuireAndPreact],
      metafile: true,
    });
    // Inputs are named relative to absWorkingDir; ones from a plugin's namespace (`name:path`) are no files.
    const inputs = Object.keys(result.metafile.inputs)
      .filter((input) => !/^[a-z-]+:/.test(input))
      .map((input) => path.resolve(root, input));
    return { code: result.outputFiles[0].text, inputs };
  } catch (error) {
    const errors = (error as { errors?: Message[] }).errors;
    if (!errors) throw error;
    throw new BuildFailure(
      errors.map(
        (e): BuildMessage => ({
          severity: "error",
          rule: "config/syntax",
          file: e.location?.file ? e.location.file.split(path.sep).join("/") : file,
          line: e.location?.line,
          column: e.location ? e.location.column + 1 : undefined,
          reason: e.text,
        }),
      ),
    );
  }
}

/**
 * `import { defineDocs } from "quire"` resolves to this package even when the site has no node_modules.
 * JSX in docs.config.tsx and in components MDX pages import (markdown/bundle-page.ts) compiles against the same
 * preact instance the renderer uses (one copy, shared hooks).
 */
export const resolveQuireAndPreact: Plugin = {
  name: "quire-config-resolve",
  setup(builder) {
    builder.onResolve({ filter: /^quire$/ }, () => ({ path: publicEntry }));
    builder.onResolve({ filter: /^(preact|react|react-dom)(\/.*)?$/ }, (args) => {
      const specifier = args.path
        .replace(/^react-dom/, "preact/compat")
        .replace(/^react(?=$|\/)/, "preact/compat")
        .replace("preact/compat/jsx-runtime", "preact/jsx-runtime")
        .replace("preact/compat/jsx-dev-runtime", "preact/jsx-runtime");
      return { path: resolveEsm(specifier), external: true };
    });
  },
};
