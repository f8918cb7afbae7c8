/**
 * Issue 18: a framework app serving `dist/` from disk picks up a new build without a restart — `docs build --watch`
 * under `next dev`, or a deploy that rewrites `dist/` in place. Every build rewrites `_docs/build-manifest.json`; its
 * modification time is the build's stamp, read at most once per `intervalMs` (callers in that window share one
 * read, so concurrent requests agree on which build they see). Node only (directory mode loads it on first use).
 */
import { stat } from "node:fs/promises";
import path from "node:path";
import { runtimeFile } from "../contract/index.ts";

export interface BuildStamp {
  /** The build's stamp (-1 while there is none); `fresh` skips the shared recent read. */
  read(fresh?: boolean): Promise<number>;
}

export function createBuildStamp(dist: string, intervalMs = 500): BuildStamp {
  const manifest = path.join(dist, runtimeFile("build-manifest.json"));
  let last: Promise<number> | undefined;
  let readAt = 0;
  return {
    read(fresh = false) {
      const now = performance.now();
      if (!fresh && last && now - readAt < intervalMs) return last;
      readAt = now;
      last = stat(manifest).then(
        (info) => info.mtimeMs,
        () => -1,
      );
      return last;
    },
  };
}
