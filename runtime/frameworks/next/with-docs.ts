/**
 * `withDocs(nextConfig)` (SPEC 4.7 adapter-react-app): wraps a Next.js config so `next build` and `next dev` build
 * the docs first (the package's own `docs build` CLI, in a child process, so the runtime imports no compiler code)
 * and the app gets the docs rewrites (MCP aliases, `.md`, Markdown negotiation, discovery; `rewrites.ts`) beside its
 * own, and keeps `quire` out of its server bundle. The docs build runs once per `next` process tree; under `next dev`
 * a `docs build --watch` child then rebuilds after every docs edit, and the adapter serves each new build.
 */
import { spawn, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { runtimeFile, type SiteSettings } from "../../contract/index.ts";
import { docsRewrites, type NextRewrite, type NextRewrites } from "./rewrites.ts";

export interface WithDocsOptions {
  /** The docs site's root (where `docs.config.ts` and the content are). Default: the working directory. */
  root?: string;
  /** Where the build goes; `createDocsLayout({ rootDir })` reads `<rootDir>/dist`. Default `<cwd>/dist`. */
  out?: string;
}

type Rewrites = NextRewrite[] | Partial<NextRewrites>;
type NextConfigObject = { rewrites?: () => Promise<Rewrites> | Rewrites; [key: string]: unknown };
type NextConfigInput =
  | NextConfigObject
  | ((phase: string, context: unknown) => NextConfigObject | Promise<NextConfigObject>);

const DEV_PHASE = "phase-development-server";
const BUILD_PHASES = new Set(["phase-production-build", DEV_PHASE]);
const BUILT_MARK = "QUIRE_NEXT_DOCS_BUILT";

export function withDocs(nextConfig: NextConfigInput = {}, options: WithDocsOptions = {}) {
  return async (phase: string, context: unknown): Promise<NextConfigObject> => {
    const config = typeof nextConfig === "function" ? await nextConfig(phase, context) : nextConfig;
    const out = path.resolve(options.out ?? "dist");
    if (BUILD_PHASES.has(phase) && process.env[BUILT_MARK] !== out) {
      const root = path.resolve(options.root ?? ".");
      buildDocs(root, out);
      process.env[BUILT_MARK] = out;
      if (phase === DEV_PHASE) watchDocs(root, out);
    }
    return {
      ...config,
      // The runtime reads the build and loads Node modules on first use: Next runs it from node_modules, unbundled.
      serverExternalPackages: [...((config.serverExternalPackages as string[] | undefined) ?? []), "quire"],
      async rewrites() {
        const own = normalize(config.rewrites ? await config.rewrites() : []);
        const docs = docsRewrites(...readRoutes(out));
        return {
          beforeFiles: [...docs.beforeFiles, ...own.beforeFiles],
          afterFiles: own.afterFiles,
          fallback: [...own.fallback, ...docs.fallback],
        };
      },
    };
  };
}

function normalize(rewrites: Rewrites): NextRewrites {
  if (Array.isArray(rewrites)) return { beforeFiles: [], afterFiles: rewrites, fallback: [] };
  return {
    beforeFiles: rewrites.beforeFiles ?? [],
    afterFiles: rewrites.afterFiles ?? [],
    fallback: rewrites.fallback ?? [],
  };
}

/** The installed package's `docs` CLI. */
function docsCli(): string {
  const packageJson = createRequire(import.meta.url).resolve("quire/package.json");
  return path.join(path.dirname(packageJson), "bin/docs.js");
}

/** `docs build --root <root> --out <out>` with the installed package's CLI; its output goes to the terminal. */
function buildDocs(root: string, out: string): void {
  const result = spawnSync(process.execPath, [docsCli(), "build", "--root", root, "--out", out], { stdio: "inherit" });
  if (result.status !== 0) {
    throw new Error(
      `withDocs: \`docs build --root ${root} --out ${out}\` failed (${result.error?.message ?? `exit ${result.status}`})`,
    );
  }
}

/** `docs build --watch` beside `next dev` (same process group: Ctrl-C stops both); stopped when this process exits. */
function watchDocs(root: string, out: string): void {
  const child = spawn(process.execPath, [docsCli(), "build", "--watch", "--root", root, "--out", out], {
    stdio: ["ignore", "inherit", "inherit"],
  });
  child.on("error", (error) => console.error(`withDocs: docs build --watch did not start (${error.message})`));
  process.once("exit", () => child.kill());
}

function readRoutes(out: string): [docsPath: string, mcpRoute: string] {
  const file = path.join(out, runtimeFile("site.json"));
  let settings: SiteSettings;
  try {
    settings = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new Error(`withDocs: cannot read ${file} (${(error as Error).message}); run \`docs build\` first`);
  }
  return [settings.docsPath, settings.mcp.route];
}
