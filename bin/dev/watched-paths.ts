/**
 * Which file-system events `docs dev` rebuilds for (issue 11): the config module, everything under the site root
 * that a build reads (content and its `agent.md` siblings, `public/`, root AGENTS.md / skill.md, components a page
 * or the config imports), never what builds and tools write (node_modules with the cache, dist/, .git, the
 * config loader's temp module, editor swap files).
 */
import path from "node:path";

const IGNORED_FOLDERS = new Set(["node_modules", ".git", "dist", ".quire-cache"]);

/** The folders a build writes (output, cache) that lie inside `root`, as `isWatchedChange`'s `outputs`. */
export function outputsInside(root: string, folders: readonly string[]): string[] {
  return folders
    .map((folder) => path.relative(root, folder).split(path.sep).join("/"))
    .filter((relative) => relative !== "" && !relative.startsWith(".."));
}

/** `relative`: the changed path relative to the site root, posix. `outputs`: further folders to ignore (posix, relative). */
export function isWatchedChange(relative: string, outputs: readonly string[] = []): boolean {
  if (relative === "" || relative.startsWith("../")) return false;
  const segments = relative.split("/");
  if (segments.some((segment) => IGNORED_FOLDERS.has(segment))) return false;
  if (outputs.some((folder) => folder && (relative === folder || relative.startsWith(`${folder}/`)))) return false;
  const name = segments[segments.length - 1];
  // The config loader's temp module, atomic-write leftovers, editor backups and swap files.
  if (
    /^\.docs\.config\..*\.mjs$/.test(name) ||
    name.startsWith(".quire-") ||
    /(~|\.swp|\.swx|\.tmp)$/.test(name) ||
    name === "4913"
  )
    return false;
  // Dot folders are skipped by discovery too; .well-known under public/ is served.
  return !segments.slice(0, -1).some((segment) => segment.startsWith(".") && segment !== ".well-known");
}
