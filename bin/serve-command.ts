/**
 * `docs serve`: the built site plus the docs runtime on a local Node server. The site's config is loaded (bin may
 * use the compiler) only for what the build cannot hold: callbacks and MCP security (SPEC 5, 6).
 */
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { CONFIG_FILES, loadConfig } from "../compiler/config/load.ts";
import { BuildFailure, formatMessage } from "../compiler/diagnostics.ts";
import { startNodeServer } from "../runtime/adapters/node-server.ts";
import type { DocsRuntimeConfig } from "../runtime/config.ts";
import { announceListening, isServeWorker, parseWorkerCount, superviseWorkers } from "./serve-workers.ts";

export interface ServeCommandOptions {
  /** Site root holding docs.config.ts(x); the build is read from `<root>/dist` unless `dist` says otherwise. */
  root: string;
  dist?: string;
  port: string;
  host: string;
  /** Extra Host names the MCP routes accept on a loopback server (behind a reverse proxy). */
  allowedHost?: string[];
  /** Server processes on the port: a number, or `auto` for one per core (serve-workers.ts). Default 1. */
  workers?: string;
}

export async function runServe(options: ServeCommandOptions): Promise<number> {
  const code = await serve(options);
  // A worker that could not start leaves the cluster, so its process ends and the primary sees the exit code.
  if (code !== 0 && isServeWorker) process.disconnect?.();
  return code;
}

async function serve(options: ServeCommandOptions): Promise<number> {
  const root = path.resolve(options.root);
  const dist = options.dist ? path.resolve(options.dist) : path.join(root, "dist");
  const port = Number(options.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`✗ --port must be a number from 0 to 65535, got "${options.port}"`);
    return 1;
  }
  if (!existsSync(path.join(dist, "_docs", "site.json"))) {
    console.error(
      `✗ no build in ${path.relative(process.cwd(), dist) || "."}: run \`docs build\` first (expected _docs/site.json)`,
    );
    return 1;
  }
  const workers = parseWorkerCount(options.workers);
  if (typeof workers !== "number") {
    console.error(`✗ ${workers.error}`);
    return 1;
  }
  const from = path.relative(process.cwd(), dist) || ".";
  if (workers > 1 && !isServeWorker)
    return await superviseWorkers(
      workers,
      (url) => `docs serve: ${url}  (from ${from}; ${workers} worker processes; Ctrl-C stops)`,
    );
  const config = await loadSiteConfig(root);
  if (config === "failed") return 1;

  let running;
  try {
    running = await startNodeServer({ dist, config, host: options.host, port, allowedHosts: options.allowedHost });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    console.error(
      code === "EADDRINUSE"
        ? `✗ port ${port} is in use; pick another with --port`
        : `✗ cannot listen on ${options.host}:${port}: ${(error as Error).message}`,
    );
    return 1;
  }
  const entry = await docsEntry(dist);
  const stop = () => void running.close().then(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  if (isServeWorker) announceListening(running.origin, entry);
  else console.log(`docs serve: ${running.origin}${entry}  (from ${from}; Ctrl-C stops)`);
  return 0;
}

/** The user's config for callbacks; without a config file the server still runs, with no callbacks. */
async function loadSiteConfig(root: string): Promise<DocsRuntimeConfig | undefined | "failed"> {
  if (!CONFIG_FILES.some((name) => existsSync(path.join(root, name)))) {
    console.warn(
      `warning: no ${CONFIG_FILES.join(" / ")} in ${root}; serving without config callbacks (analytics, feedback, MCP security)`,
    );
    return undefined;
  }
  try {
    const loaded = await loadConfig(root);
    return loaded.value && typeof loaded.value === "object" ? (loaded.value as DocsRuntimeConfig) : undefined;
  } catch (error) {
    if (error instanceof BuildFailure)
      for (const message of error.messages) console.error(`error ${formatMessage(message)}`);
    else console.error(`✗ cannot load the config: ${(error as Error).message}`);
    return "failed";
  }
}

async function docsEntry(dist: string): Promise<string> {
  try {
    const site = JSON.parse(await readFile(path.join(dist, "_docs", "site.json"), "utf8")) as { docsPath?: string };
    return site.docsPath ? `/${site.docsPath}` : "/";
  } catch {
    return "/";
  }
}
