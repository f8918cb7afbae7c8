/**
 * Builds every page, in parallel across cores for large sites. Results keep source order, so the output
 * is the same whichever worker built a page.
 */
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import type { SourcePage } from "../content/discover.ts";
import type { BuildMessage } from "../diagnostics.ts";
import { buildPage, type PageContext } from "./build-page.ts";
import type { Page } from "./types.ts";
import type { WorkerInit, WorkerRequest } from "./page-worker.ts";
import { parallelPays } from "./parallel-pages.ts";

const BATCH = 8;

export type PageResult = { page?: Page; messages: BuildMessage[] };
export type Progress = (done: number, total: number) => void;

/** `languages`: the site's code languages, which every worker's highlighter loads before its first page. */
export interface BuildPagesOptions {
  languages: string[];
  onPage?: Progress;
  /**
   * Wraps the building of pages on this thread (loads the build's highlighter and runs the pages with it); workers
   * load their own.
   */
  inProcess?: <T>(work: () => Promise<T>) => Promise<T>;
}

export async function buildPages(
  sources: SourcePage[],
  context: PageContext,
  options: BuildPagesOptions,
): Promise<{ pages: Page[]; messages: BuildMessage[] }> {
  const results = await buildPageResults(sources, context, options);
  const pages: Page[] = [];
  const messages: BuildMessage[] = [];
  for (const result of results) {
    if (result.page) pages.push(result.page);
    messages.push(...result.messages);
  }
  return { pages, messages };
}

/** One result per source, in source order (the incremental cache stores them one by one). */
export async function buildPageResults(
  sources: SourcePage[],
  context: PageContext,
  options: BuildPagesOptions,
): Promise<PageResult[]> {
  const { languages, onPage } = options;
  const workers = Math.min(availableParallelism(), 8);
  if (parallelPays(sources, workers)) return await buildInWorkers(sources, context, { workers, languages }, onPage);
  const work = () => buildInProcess(sources, context, onPage);
  return await (options.inProcess ? options.inProcess(work) : work());
}

async function buildInProcess(sources: SourcePage[], context: PageContext, onPage?: Progress): Promise<PageResult[]> {
  const results: PageResult[] = [];
  for (const source of sources) {
    results.push(await buildPage(source, context));
    onPage?.(results.length, sources.length);
  }
  return results;
}

async function buildInWorkers(
  sources: SourcePage[],
  context: PageContext,
  options: { workers: number; languages: string[] },
  onPage?: Progress,
): Promise<PageResult[]> {
  const count = options.workers;
  const results: PageResult[] = new Array(sources.length);
  const init: WorkerInit = { root: context.config.root, gitDates: [...context.gitDates], languages: options.languages };
  let next = 0;
  let done = 0;
  const run = (worker: Worker) =>
    new Promise<void>((resolve, reject) => {
      const send = () => {
        if (next >= sources.length) {
          resolve();
          return;
        }
        const batch: WorkerRequest = [];
        for (; batch.length < BATCH && next < sources.length; next++)
          batch.push({ index: next, source: sources[next] });
        worker.postMessage(batch);
      };
      worker.on("message", (message: "ready" | ({ index: number } & PageResult)[]) => {
        if (message !== "ready") {
          for (const { index, ...result } of message) results[index] = result;
          done += message.length;
          onPage?.(done, sources.length);
        }
        send();
      });
      worker.on("error", reject);
      worker.on("exit", (code) => {
        if (next < sources.length || done < sources.length) reject(new Error(`page worker exited with code ${code}`));
      });
    });
  const pool = Array.from(
    { length: count },
    () => new Worker(new URL("./page-worker.js", import.meta.url), { workerData: init }),
  );
  try {
    await Promise.all(pool.map(run));
  } finally {
    await Promise.all(pool.map((worker) => worker.terminate()));
  }
  return results;
}
