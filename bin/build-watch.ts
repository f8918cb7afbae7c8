/**
 * `docs build --watch` (issue 18): build, then rebuild into the same output folder after every change to the site,
 * until stopped. For a framework's dev server that serves `dist/` through an adapter (`withDocs` under `next dev`
 * starts it), which picks each new build up (runtime/frameworks/build-stamp.ts). A failed rebuild prints its errors
 * and leaves the last good output in place, as every `docs build` does.
 */
import { statSync } from "node:fs";
import path from "node:path";
import { defaultCacheDir } from "../compiler/cache/page-cache.ts";
import { type BuildCommandOptions, runBuild } from "./build-command.ts";
import { createChangeBatcher } from "./dev/change-batcher.ts";
import { watchSite } from "./dev/watch-site.ts";
import { outputsInside } from "./dev/watched-paths.ts";

export interface BuildWatcher {
  /** Resolves once no rebuild is running or pending. */
  idle(): Promise<void>;
  close(): void;
}

export async function watchBuild(options: BuildCommandOptions): Promise<BuildWatcher> {
  const root = path.resolve(options.root);
  const outDir = options.out ? path.resolve(options.out) : path.join(root, "dist");
  const cacheDir = options.cacheDir ? path.resolve(options.cacheDir) : defaultCacheDir(root);
  await runBuild(options);
  if (!isFolder(root)) throw new Error(`${root} is not a folder: nothing to watch`);
  const batcher = createChangeBatcher({
    quietMs: 25,
    maxWaitMs: 250,
    onBatch: async (changed) => {
      console.log(`docs build --watch: ${changed.length === 1 ? changed[0] : `${changed.length} files`} changed`);
      await runBuild(options, performance.now());
    },
  });
  // The output and the cache are written by the build itself: changes there are not edits.
  const watcher = watchSite(
    root,
    outputsInside(root, [outDir, cacheDir]),
    (file) => batcher.add(file),
    (error) => console.error(`warning: watching ${root}: ${error.message}`),
  );
  console.log(`docs build --watch: watching ${path.relative(process.cwd(), root) || "."}; Ctrl-C stops`);
  return {
    idle: () => batcher.idle(),
    close() {
      watcher.close();
      batcher.dispose();
    },
  };
}

function isFolder(dir: string): boolean {
  try {
    return statSync(dir).isDirectory();
  } catch {
    return false;
  }
}
