/**
 * Test support: a committed golden build, `snapshots/<site>/`, served with `createDocsHandler` (STYLE "Tests": plain
 * requests over committed data). `compiler/snapshots.test.ts` keeps each tree byte-identical to what the build writes,
 * so runtime tests read real compiler output without importing `compiler/`. The trees are read-only: a test that needs
 * other files overlays them (`overlay`) or copies the tree to a temporary folder.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { FEEDBACK_VALIDATOR_FILE } from "../contract/index.ts";
import { createDocsHandler, type DocsHandler, type DocsHandlerOptions } from "../handler.ts";
import type { FeedbackValidator } from "../routes/context.ts";
import { createDirectoryStore } from "../store/directory.ts";
import { createPreloadedStore } from "../store/preloaded.ts";
import type { DocsStore } from "../store/types.ts";

const SNAPSHOTS = path.resolve(import.meta.dirname, "../../snapshots");

export interface SnapshotSite {
  /** Absolute path of `snapshots/<site>/`; never write into it. */
  dist: string;
  /** The tree's own compiled `_docs/feedback-validator.mjs`. */
  validateFeedback: FeedbackValidator;
  /** UTF-8 text of a file of the tree (dist-relative path). */
  readText(relative: string): Promise<string>;
  /** The tree as a store, with the given dist-relative files replaced or added in memory. */
  overlay(files: Record<string, string>): DocsStore;
  /** A handler over the tree; options override the defaults (directory store + compiled validator). */
  handler(options?: Partial<DocsHandlerOptions>): DocsHandler;
}

export async function snapshotSite(name = "example"): Promise<SnapshotSite> {
  const dist = path.join(SNAPSHOTS, name);
  const validator = pathToFileURL(path.join(dist, FEEDBACK_VALIDATOR_FILE)).href;
  const validateFeedback = (await import(validator)).default as FeedbackValidator;
  const store = createDirectoryStore(dist);
  return {
    dist,
    validateFeedback,
    readText: (relative) => readFile(path.join(dist, relative), "utf8"),
    overlay(files) {
      const replaced = createPreloadedStore(files);
      return { readText: async (relative) => (await replaced.readText(relative)) ?? store.readText(relative) };
    },
    handler: (options = {}) => createDocsHandler({ store, validateFeedback, ...options }),
  };
}

export const ORIGIN = "http://docs.test";

/** `new Request` against the test origin. */
export function request(pathAndQuery: string, init: RequestInit = {}): Request {
  return new Request(`${ORIGIN}${pathAndQuery}`, init);
}
