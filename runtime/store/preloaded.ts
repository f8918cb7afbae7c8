/** SPEC 4.7 `_preloadedContent`: a map of path → text, for serverless bundles without a filesystem. */
import type { DocsStore } from "./types.ts";

export function createPreloadedStore(content: Record<string, string> | Map<string, string>): DocsStore {
  const map = content instanceof Map ? content : new Map(Object.entries(content));
  return {
    async readText(path) {
      return map.get(path.replace(/^\/+/, "")) ?? null;
    },
  };
}
