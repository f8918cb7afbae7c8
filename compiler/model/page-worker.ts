/**
 * One page-building worker: evaluates the main thread's config bundle itself (components are functions, not
 * transferable).
 */
import { workerData } from "node:worker_threads";
import { type BundledConfig, evaluateConfig } from "../config/load.ts";
import { checkConfig, resolveConfig } from "../config/resolve.ts";
import type { SourcePage } from "../content/discover.ts";
import { builtInComponents } from "../markdown/components/index.ts";
import { prepareHighlighter } from "../markdown/highlighter.ts";
import { createHtmlRenderer } from "../markdown/html.ts";
import { serveBatches } from "../parallel/worker-batches.ts";
import { buildPage, type PageContext } from "./build-page.ts";

export interface WorkerInit {
  root: string;
  config: BundledConfig;
  gitDates: [string, string][];
  /** The site's code languages (see markdown/highlighter.ts). */
  languages: string[];
}

const init = workerData as WorkerInit;
const loaded = await evaluateConfig(init.root, init.config);
const config = resolveConfig(checkConfig(loaded), init.root, loaded.file);
await prepareHighlighter(config.theme, init.languages);
const context: PageContext = {
  config,
  renderer: createHtmlRenderer(config),
  components: { ...builtInComponents, ...config.components },
  gitDates: new Map(init.gitDates),
};

serveBatches((source: SourcePage) => buildPage(source, context));
