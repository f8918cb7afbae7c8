/**
 * Builds every page, in parallel across cores for large sites. Results keep source order, so the output
 * is the same whichever worker built a page.
 */
import { availableParallelism } from "node:os";
import type { BundledConfig } from "../config/load.ts";
import type { SourcePage } from "../content/discover.ts";
import { buildPage, type PageContext } from "./build-page.ts";
import type { PageResult } from "./types.ts";
import type { ResultShelf } from "./shelve-page.ts";
import {
  LANE_WORKER_YOUNG_GENERATION_MB,
  MAX_LANES,
  mapInWorkers,
  PARSER_YOUNG_GENERATION_MB,
} from "../parallel/map-in-workers.ts";
import type { WorkerInit } from "./page-worker.ts";
import { pageLanes, type PageLanes } from "./parallel-pages.ts";
import { raiseOptimizingBudget } from "../parallel/optimizing-budget.ts";
import { startParseAhead } from "../markdown/parse-ahead.ts";

const BATCH = 8;

export type { PageResult };
export type Progress = (done: number, total: number) => void;

/** `languages`: the site's code languages, which every worker's highlighter loads before its first page. */
export interface BuildPagesOptions {
  languages: string[];
  /** The config this build loaded, which workers evaluate rather than bundle again. */
  bundledConfig: BundledConfig;
  onPage?: Progress;
  /**
   * Wraps the building of pages on this thread (loads the build's highlighter and runs the pages with it); workers
   * load their own.
   */
  inProcess?: <T>(work: () => Promise<T>) => Promise<T>;
}

/**
 * One result per source, in source order (the incremental cache stores them one by one), each kept by `shelf` until
 * every page is built: the caller takes them back (model/shelve-page.ts).
 */
export async function buildPageResults<Kept>(
  sources: SourcePage[],
  context: PageContext,
  options: BuildPagesOptions,
  shelf: ResultShelf<Kept>,
): Promise<Kept[]> {
  const { languages, bundledConfig, onPage } = options;
  const lanes = pageLanes(sources, Math.min(availableParallelism(), MAX_LANES));
  const { keep } = shelf;
  if (lanes.workers > 0) {
    const { inProcess } = options;
    return await buildInWorkers(sources, context, { lanes, languages, bundledConfig, inProcess, keep }, onPage);
  }
  // Started before the highlighter loads (in `inProcess`), so the parser's thread is ready for the first pages.
  const ahead = lanes.parseAhead ? startParseAhead(sources, context.config.root) : undefined;
  // The parser's thread shares the second core with V8's helper thread (parallel/optimizing-budget.ts).
  if (ahead) raiseOptimizingBudget();
  const work = () => buildInProcess(sources, ahead ? { ...context, parse: ahead.parse } : context, keep, onPage);
  try {
    return await (options.inProcess ? options.inProcess(work) : work());
  } finally {
    await ahead?.stop();
  }
}

async function buildInProcess<Kept>(
  sources: SourcePage[],
  context: PageContext,
  keep: (result: PageResult) => Kept,
  onPage?: Progress,
): Promise<Kept[]> {
  const results: Kept[] = [];
  for (const source of sources) {
    results.push(keep(await buildPage(source, context)));
    onPage?.(results.length, sources.length);
  }
  return results;
}

async function buildInWorkers<Kept>(
  sources: SourcePage[],
  context: PageContext,
  options: {
    lanes: PageLanes;
    languages: string[];
    bundledConfig: BundledConfig;
    inProcess?: BuildPagesOptions["inProcess"];
    keep: (result: PageResult) => Kept;
  },
  onPage?: Progress,
): Promise<Kept[]> {
  // The three fields alone: a LoadedConfig's `value` holds functions, which a worker cannot be sent.
  const { file, source, bundled } = options.bundledConfig;
  const init: WorkerInit = {
    root: context.config.root,
    config: { file, source, bundled },
    gitDates: [...context.gitDates],
    languages: options.languages,
  };
  const { inProcess, lanes } = options;
  // This thread builds pages too, from the start, while the workers load (see pageLanes).
  const local =
    lanes.thisThread && inProcess
      ? {
          map: (source: SourcePage) => buildPage(source, context),
          lane: (work: () => Promise<void>) => inProcess(work),
        }
      : undefined;
  // Both cores build pages now: V8's optimizing compiler gets less of them (parallel/optimizing-budget.ts).
  raiseOptimizingBudget();
  return await mapInWorkers<SourcePage, PageResult, Kept>(new URL("./page-worker.js", import.meta.url), sources, {
    workers: local ? lanes.workers : lanes.workers + (lanes.thisThread ? 1 : 0),
    local,
    batch: BATCH,
    workerData: init,
    onProgress: onPage,
    resourceLimits: {
      maxYoungGenerationSizeMb: local ? LANE_WORKER_YOUNG_GENERATION_MB : PARSER_YOUNG_GENERATION_MB,
    },
    keep: options.keep,
  });
}
