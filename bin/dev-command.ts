/**
 * `docs dev` (issue 11): builds once, serves the site with the `docs serve` server (search, MCP, `.md`, feedback
 * live), watches the site and rebuilds incrementally — pages from the page cache, output written only where it
 * changed — then tells the open tabs over Server-Sent Events which routes to reload or which stylesheet to swap.
 * The files made from the whole site (search indexes, llms files, runtime bundle, sitemaps, build manifest) are made
 * after that, once a reloading tab has fetched its page (or 300 ms passed): until then the last build's answer, and
 * afterwards the folder holds exactly what a cold build writes.
 * A failed rebuild prints its positioned errors, shows them as an overlay in the browser and keeps the last good
 * build served; the next good build clears it. The build goes to a private temp folder, never to dist/, and the dev
 * client exists only in the served responses. Last-updated dates come from frontmatter only (no git per save).
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { defaultCacheDir, openPageCache } from "../compiler/cache/page-cache.ts";
import { rememberedReads } from "../compiler/content/source-reads.ts";
import { CONFIG_FILES, loadConfig } from "../compiler/config/load.ts";
import { BuildFailure, formatMessage } from "../compiler/diagnostics.ts";
import { build, type PreviousBuild } from "../compiler/index.ts";
import { startNodeServer, type RunningServer } from "../runtime/adapters/node-server.ts";
import type { DocsRuntimeConfig } from "../runtime/config.ts";
import { createChangeBatcher } from "./dev/change-batcher.ts";
import { createDevIntercept } from "./dev/dev-intercept.ts";
import { createLiveEvents, problemEventOf } from "./dev/live-events.ts";
import { liveUpdateOf } from "./dev/live-update.ts";
import { watchSite } from "./dev/watch-site.ts";
import { outputsInside } from "./dev/watched-paths.ts";

export interface DevCommandOptions {
  root: string;
  port: string;
  host: string;
  open?: boolean;
  /** `--no-cache` sets false. */
  cache: boolean;
  cacheDir?: string;
}

export interface DevServer {
  origin: string;
  /** The private folder the dev builds are written to (never dist/). */
  outDir: string;
  /** Resolves when the rebuilds of all changes seen so far are done (tests). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export async function runDev(options: DevCommandOptions): Promise<number> {
  const port = Number(options.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`✗ --port must be a number from 0 to 65535, got "${options.port}"`);
    return 1;
  }
  let dev: DevServer;
  try {
    dev = await startDev({ ...options, port });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    console.error(
      code === "EADDRINUSE" ? `✗ port ${port} is in use; pick another with --port` : `✗ ${(error as Error).message}`,
    );
    return 1;
  }
  if (options.open) openBrowser(dev.origin);
  // `on`, not `once`: Ctrl-C can reach this process twice when it runs in a child of the command
  // (bin/node-flags.ts), and the second must not end it before its build folder is removed.
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void dev.close().then(() => process.exit(0));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  return 0;
}

export async function startDev(
  options: Omit<DevCommandOptions, "port"> & { port: number; quiet?: boolean },
): Promise<DevServer> {
  const root = path.resolve(options.root);
  const log = options.quiet ? () => {} : (line: string) => console.log(line);
  const cacheDir = options.cacheDir ? path.resolve(options.cacheDir) : defaultCacheDir(root);
  const cache = options.cache ? openPageCache(cacheDir, { keepInMemory: true }) : false;
  // Listings and texts of the last build, reused where the file system says nothing changed (source-reads.ts).
  const sourceReads = rememberedReads();
  const outDir = await mkdtemp(path.join(os.tmpdir(), "quire-dev-"));
  const events = createLiveEvents();
  let previous: PreviousBuild | undefined;
  let entry = "/";
  let buildId = 0;
  let server: RunningServer | undefined;
  let runtimeConfig = await loadRuntimeConfig(root);
  const pageServed = createPageServed();

  const rebuild = async (changed: string[]) => {
    const started = performance.now();
    // What the watcher reported is all the sources this build asks about; `unreported` below checks the rest.
    sourceReads.onlyChanged(
      changed.length > 0 && changed.length <= REPORTED_CHANGES_TRUSTED
        ? changed.map((file) => path.join(root, file))
        : undefined,
    );
    try {
      const result = await build({
        root,
        outDir,
        git: false,
        cache,
        sourceReads,
        previous,
        pagesFirst: true,
        keepOutput: true,
      });
      // A dev build always writes (its folder is fresh, then `previous` turns the unchanged-build shortcut off).
      if (!result.output || !result.siteFiles) throw new Error("the dev build wrote no output");
      const update = previous ? liveUpdateOf(previous.output, result.output) : { reload: [], css: [] };
      previous = { output: result.output, siteFiles: result.siteFiles };
      buildId++;
      entry = result.config.docsPath ? `/${result.config.docsPath}` : "/";
      if (changed.some((file) => CONFIG_FILES.includes(file))) runtimeConfig = await loadRuntimeConfig(root);
      await server?.reload(runtimeConfig);
      events.fixed();
      events.update(update, buildId);
      const ms = Math.round(performance.now() - started);
      const compiled = result.cache
        ? `${result.cache.rebuilt} of ${result.site.pages.length} pages compiled`
        : `${result.site.pages.length} pages compiled`;
      const warnings = result.warnings.filter((m) => m.severity === "warning").length;
      log(
        `${stamp()} ✓ built in ${ms} ms (${compiled}${warnings ? `, ${warnings} warnings` : ""})${update.reload.length ? ` → reload ${summarize(update.reload)}` : ""}${update.css.length ? " → stylesheet swapped" : ""}`,
      );
      if (result.writeSiteFiles) {
        // The tabs reload first; the site files (search indexes, llms files, runtime bundle…) follow.
        if (update.reload.length > 0 && events.clients > 0) await pageServed.next(RELOAD_GRACE_MS);
        const siteStarted = performance.now();
        previous = undefined; // until the site files are written, the folder is not what `previous` says
        const site = await result.writeSiteFiles();
        previous = site;
        await server?.reload(runtimeConfig);
        const siteWarnings = site.warnings.filter((m) => m.severity === "warning").length;
        log(
          `${stamp()} ✓ site files in ${Math.round(performance.now() - siteStarted)} ms${siteWarnings ? ` (${siteWarnings} warnings)` : ""}`,
        );
      }
      // A change the watcher missed (an editor or a file system that reports nothing) is built now.
      const missed = changed.length > 0 ? sourceReads.unreported() : [];
      if (missed.length > 0) {
        log(`${stamp()} ${summarize(missed.map((file) => path.relative(root, file)))} changed unreported: rebuilding`);
        for (const file of missed) batcher.add(path.relative(root, file).split(path.sep).join("/"));
      }
    } catch (error) {
      const messages = error instanceof BuildFailure ? error.messages.filter((m) => m.severity === "error") : [];
      for (const message of messages) console.error(`error ${formatMessage(message)}`);
      if (messages.length > 0) {
        events.problem(problemEventOf(messages));
      } else {
        console.error(`✗ internal error: ${(error as Error).message}`);
        events.problem({
          messages: [{ where: ".", reason: `internal error: ${(error as Error).message}`, rule: "internal" }],
        });
      }
      console.error(`${stamp()} ✗ build failed${buildId > 0 ? "; still serving the last good build" : ""}`);
    }
  };

  await rebuild([]);
  server = await startNodeServer({
    dist: outDir,
    config: runtimeConfig,
    host: options.host,
    port: options.port,
    intercept: createDevIntercept({ events, hasBuild: () => buildId > 0, onPage: pageServed.served }),
  });
  const batcher = createChangeBatcher({ quietMs: 25, maxWaitMs: 250, onBatch: rebuild });
  const watcher = watchSite(
    root,
    outputsInside(root, [outDir, cacheDir]),
    (file) => batcher.add(file),
    (error) => console.error(`warning: watching ${root}: ${error.message}`),
  );
  log(`docs dev: ${server.origin}${entry}  (watching ${path.relative(process.cwd(), root) || "."}; Ctrl-C stops)`);

  return {
    origin: server.origin,
    outDir,
    idle: () => batcher.idle(),
    async close() {
      watcher.close();
      batcher.dispose();
      events.close();
      await server!.close();
      await rm(outDir, { recursive: true, force: true });
    },
  };
}

/** The config's callbacks for the runtime (as `docs serve` loads them); undefined when it does not load. */
async function loadRuntimeConfig(root: string): Promise<DocsRuntimeConfig | undefined> {
  if (!CONFIG_FILES.some((name) => existsSync(path.join(root, name)))) return undefined;
  try {
    const loaded = await loadConfig(root);
    return loaded.value && typeof loaded.value === "object" ? (loaded.value as DocsRuntimeConfig) : undefined;
  } catch {
    return undefined; // the build reports why
  }
}

/**
 * Up to this many reported changes, a rebuild asks the file system about those alone (source-reads.ts `onlyChanged`);
 * more (a branch switch) and it asks about every source, as the first build does.
 */
const REPORTED_CHANGES_TRUSTED = 50;

/** How long a rebuild waits for a reloading tab to fetch its page before it makes the site files. */
const RELOAD_GRACE_MS = 300;

/** `next(ms)` resolves once the dev server has answered a page, or after `ms`. */
function createPageServed() {
  let waiting: (() => void) | undefined;
  return {
    served: () => waiting?.(),
    next: (ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(done, ms);
        function done() {
          clearTimeout(timer);
          waiting = undefined;
          // A turn for the response to leave before the site files take the thread.
          setTimeout(resolve, 5);
        }
        waiting = done;
      }),
  };
}

function summarize(routes: string[]): string {
  return routes.length <= 3 ? routes.join(", ") : `${routes.slice(0, 3).join(", ")} and ${routes.length - 3} more`;
}

function stamp(): string {
  return new Date().toTimeString().slice(0, 8);
}

function openBrowser(url: string): void {
  const [command, args] =
    process.platform === "darwin"
      ? ["open", [url]]
      : process.platform === "win32"
        ? ["cmd", ["/c", "start", "", url]]
        : ["xdg-open", [url]];
  const child = spawn(command, args as string[], { detached: true, stdio: "ignore" });
  child.on("error", () => console.warn(`warning: could not open a browser; visit ${url}`));
  child.unref();
}
