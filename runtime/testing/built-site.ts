/** Test support: build a fixture site once into a temporary folder and serve it with `createDocsHandler`. */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "../../compiler/index.ts";
import { createDocsHandler, type DocsHandler, type DocsHandlerOptions } from "../handler.ts";
import type { FeedbackValidator } from "../routes/context.ts";
import { createDirectoryStore } from "../store/directory.ts";

export interface BuiltSite {
  dist: string;
  validateFeedback: FeedbackValidator;
  /** A handler over the build; options override the defaults (directory store + compiled validator). */
  handler(options?: Partial<DocsHandlerOptions>): DocsHandler;
  remove(): Promise<void>;
}

export async function buildSite(fixture = "example"): Promise<BuiltSite> {
  const dist = await mkdtemp(path.join(tmpdir(), `quire-runtime-${fixture}-`));
  await build({ root: `fixtures/${fixture}`, outDir: dist, git: false });
  const validateFeedback = (await import(pathToFileURL(path.join(dist, "_docs/feedback-validator.mjs")).href)).default as FeedbackValidator;
  return {
    dist,
    validateFeedback,
    handler: (options = {}) => createDocsHandler({ store: createDirectoryStore(dist), validateFeedback, ...options }),
    remove: () => rm(dist, { recursive: true, force: true }),
  };
}

export const ORIGIN = "http://docs.test";

/** `new Request` against the test origin. */
export function request(pathAndQuery: string, init: RequestInit = {}): Request {
  return new Request(`${ORIGIN}${pathAndQuery}`, init);
}
