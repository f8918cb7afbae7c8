/** Finds docs.config.ts(x), bundles it with esbuild and evaluates it, with errors positioned in the file. */
import { randomBytes } from "node:crypto";
import { existsSync, rmSync } from "node:fs";
import { readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Message, Plugin } from "esbuild";
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
  const source = await readFile(absolute, "utf8");
  return await evaluateConfig(root, { file, source, bundled: await bundleConfig(root, absolute, file) });
}

/** Evaluates a bundled config; `root` is the site's, which `bundled.file` is relative to. */
export async function evaluateConfig(root: string, bundled: BundledConfig): Promise<LoadedConfig> {
  const { file, source, bundled: code } = bundled;
  const absolute = path.join(root, file);
  if (lastEvaluated?.absolute === absolute && lastEvaluated.code === code)
    return { file, source, bundled: code, value: lastEvaluated.value };
  // Written beside the config so the site's own node_modules resolve, then removed.
  const temp = path.join(path.dirname(absolute), `.docs.config.${process.pid}.${randomBytes(6).toString("hex")}.mjs`);
  await writeFile(temp, code);
  liveTempFiles.add(temp);
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

async function bundleConfig(root: string, absolute: string, file: string): Promise<string> {
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
    });
    return result.outputFiles[0].text;
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
