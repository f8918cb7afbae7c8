/**
 * One review page reader (review-site.ts reads large sites across cores): loads the config itself, the same way
 * the main thread did (static fallback included; components are functions, not transferable), then reads the
 * pages it is sent. The source text stays with the main thread, which has it already.
 */
import { workerData } from "node:worker_threads";
import type { SourcePage } from "../content/discover.ts";
import { builtInComponents } from "../markdown/components/index.ts";
import { serveBatches } from "../parallel/worker-batches.ts";
import { loadReviewConfig } from "./config-fallback.ts";
import { readPage, type ReviewPageFacts, type ReviewWorkerInit } from "./review-site.ts";

const { root } = workerData as ReviewWorkerInit;
const { config } = await loadReviewConfig(root);
const components = { ...builtInComponents, ...config.components };

serveBatches((source: SourcePage): ReviewPageFacts => {
  const { source: _, ...facts } = readPage(source, config, components);
  return facts;
});
