/**
 * File-system watching for `docs dev` (issue 11), with `node:fs` `watch`: the site root itself (the config, AGENTS.md,
 * skill.md, new folders) and each top-level folder recursively, except the ones `watched-paths.ts` ignores — so a
 * site's node_modules is never walked. A folder created at the top later gets its own watcher.
 */
import { existsSync, readdirSync, statSync, watch, type FSWatcher } from "node:fs";
import path from "node:path";
import { isWatchedChange } from "./watched-paths.ts";

export interface SiteWatcher {
  close(): void;
}

/** `onChange` gets root-relative posix paths that pass `isWatchedChange`. */
export function watchSite(
  root: string,
  outputs: string[],
  onChange: (relative: string) => void,
  onError: (error: Error) => void,
): SiteWatcher {
  const watchers = new Map<string, FSWatcher>();
  const posix = (value: string) => value.split(path.sep).join("/");
  const report = (relative: string) => {
    if (isWatchedChange(relative, outputs)) onChange(relative);
  };
  const watchFolder = (name: string) => {
    if (watchers.has(name) || !isWatchedChange(`${name}/x`, outputs)) return;
    try {
      const watcher = watch(path.join(root, name), { recursive: true }, (_, file) => {
        if (file) report(`${name}/${posix(file.toString())}`);
        else report(name);
      });
      watcher.on("error", () => {
        // The folder went away (deleted or renamed); the root watcher reports that, and a new one is made if it returns.
        watcher.close();
        watchers.delete(name);
      });
      watchers.set(name, watcher);
    } catch (error) {
      onError(error as Error);
    }
  };
  const isFolder = (name: string) => {
    try {
      return statSync(path.join(root, name)).isDirectory();
    } catch {
      return false;
    }
  };

  const top = watch(root, (_, file) => {
    if (!file) return;
    const name = file.toString();
    if (isFolder(name)) watchFolder(name);
    else if (watchers.has(name) && !existsSync(path.join(root, name))) {
      watchers.get(name)!.close();
      watchers.delete(name);
    }
    report(posix(name));
  });
  top.on("error", onError);
  for (const entry of readdirSync(root, { withFileTypes: true })) if (entry.isDirectory()) watchFolder(entry.name);

  return {
    close() {
      top.close();
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
    },
  };
}
