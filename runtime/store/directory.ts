/** A dist/ folder on disk as a store (Node). Kept out of the runtime core, which never imports node: modules. */
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { DocsStore } from "./types.ts";

const NOT_A_FILE = new Set(["ENOENT", "EISDIR", "ENOTDIR", "ENAMETOOLONG", "ELOOP", "EINVAL"]);

export function createDirectoryStore(root: string): DocsStore {
  const base = path.resolve(root);
  return {
    async readText(relative) {
      const file = path.resolve(base, relative.replace(/^\/+/, ""));
      // Never leave the folder, whatever the request path says.
      if (file !== base && !file.startsWith(base + path.sep)) return null;
      try {
        return await readFile(file, "utf8");
      } catch (error) {
        // A name no file can have (too long, a loop of links) is a missing file to the client, not a server fault.
        if (NOT_A_FILE.has((error as NodeJS.ErrnoException).code ?? "")) return null;
        throw error;
      }
    },
  };
}
