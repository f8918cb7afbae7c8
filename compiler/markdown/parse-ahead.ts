/**
 * Page bodies parsed on a second thread, ahead of the thread that builds the pages.
 *
 * A site small enough to build on one thread (model/parallel-pages.ts) leaves a core to V8's helper thread. Parsing
 * was a quarter of a page's work and much of its garbage, and it needs nothing of the build but the page's text, so
 * a worker that loads only the parser (no config, no grammars, no components) parses the pages, in order, while this
 * thread builds them. Its trees come back through the structured clone, which cost a tenth of parsing them (100
 * real-profile pages: 7.8 MiB, 0.12–0.18 s to read back against 1.5–2.5 s to parse). Since plain blocks are built
 * without micromark (lift/lift.ts), the worker's whole time on those pages is ~0.9 s of CPU (per thread, from
 * `/proc`), still more than reading the trees back costs here.
 *
 * Each page is parsed once, by whichever thread claims it first (an atomic compare-and-swap on a shared array): the
 * worker claims pages in order, this thread a page it reaches before the worker has. The worker stays at most
 * `WINDOW` pages ahead of the last page this thread asked for, so the trees waiting here stay few. A tree is used
 * only when the worker parsed exactly the text this thread would (`text` compared); otherwise, and when the worker
 * fails or has stopped, the page is parsed here. The trees are data alone (mdast, with MDX's estree), so a
 * cloned tree builds the same page as the tree parsed here.
 */
import { Worker } from "node:worker_threads";
import type { Root } from "mdast";
import { VFile } from "vfile";
import type { SourcePage } from "../content/discover.ts";
import type { BuildMessage } from "../diagnostics.ts";
import { PARSER_YOUNG_GENERATION_MB } from "../parallel/map-in-workers.ts";
import { type BodyParser, type ParsedBody, parseBody } from "./parse.ts";

/** A page's claim: nobody's yet, this thread's, or the worker's. */
export const FREE = 0;
export const HERE = 1;
export const AHEAD = 2;
/** After the claims: how many pages this thread has asked for (the highest index asked + 1). */
export const ASKED = 0;
/** How far past the last page this thread asked for the worker parses. */
export const WINDOW = 8;

export interface ParseAheadInit {
  root: string;
  pages: Pick<SourcePage, "sourcePath" | "syntax" | "source" | "blocks">[];
  /** One Int32 claim per page. */
  claims: SharedArrayBuffer;
  /** Int32 at `ASKED`. */
  progress: SharedArrayBuffer;
}

/** What the worker sends for a page it parsed. */
export interface ParsedAhead {
  index: number;
  /** The text it parsed (bodyParseText of the page), which must be the text this thread parses. */
  text: string;
  /** The parsed file's text (parse.ts normalizes container syntax), for this thread's VFile. */
  value: string;
  tree?: Root;
  messages: BuildMessage[];
}

export interface ParseAhead {
  parse: BodyParser;
  /** How many pages each thread has claimed so far. */
  claimed(): { here: number; ahead: number };
  /** Stops the worker; pages asked for after it are parsed here. */
  stop(): Promise<void>;
}

export function startParseAhead(sources: readonly SourcePage[], root: string): ParseAhead {
  const claims = new Int32Array(new SharedArrayBuffer(4 * sources.length));
  const progress = new Int32Array(new SharedArrayBuffer(4));
  const indexOf = new Map(sources.map((source, index) => [source.sourcePath, index]));
  const init: ParseAheadInit = {
    root,
    pages: sources.map(({ sourcePath, syntax, source, blocks }) => ({ sourcePath, syntax, source, blocks })),
    claims: claims.buffer as SharedArrayBuffer,
    progress: progress.buffer as SharedArrayBuffer,
  };
  // The young generation of the other parsing workers: a page's events and tokens die young, its tree lives until it
  // is sent. V8's default (16 MB semi-spaces) had the collector at a quarter of this thread's time on 100 real-profile
  // pages (1.25 of 5.4 s in a CPU profile); with 32 MB semi-spaces, 0.35 of 3.5 s.
  const worker = new Worker(new URL("./parse-ahead-worker.js", import.meta.url), {
    workerData: init,
    resourceLimits: { maxYoungGenerationSizeMb: PARSER_YOUNG_GENERATION_MB },
  });
  worker.unref();
  const arrived = new Map<number, ParsedAhead>();
  const waiting = new Map<number, (parsed: ParsedAhead | undefined) => void>();
  let ended = false;
  const end = () => {
    ended = true;
    for (const resolve of waiting.values()) resolve(undefined);
    waiting.clear();
  };
  worker.on("message", (parsed: ParsedAhead) => {
    const resolve = waiting.get(parsed.index);
    if (!resolve) arrived.set(parsed.index, parsed);
    else {
      waiting.delete(parsed.index);
      resolve(parsed);
    }
  });
  // A worker that fails (out of memory, a bug) leaves its pages to this thread; the build goes on.
  worker.on("error", end);
  worker.on("exit", end);

  const fromWorker = (index: number): ParsedAhead | undefined | Promise<ParsedAhead | undefined> => {
    const parsed = arrived.get(index);
    if (parsed) {
      arrived.delete(index);
      return parsed;
    }
    if (ended) return undefined;
    return new Promise((resolve) => waiting.set(index, resolve));
  };

  const parse: BodyParser = (text, syntax, path, sourcePath) => {
    const index = indexOf.get(sourcePath);
    if (index === undefined) return parseBody(text, syntax, path, sourcePath);
    if (index >= Atomics.load(progress, ASKED)) {
      Atomics.store(progress, ASKED, index + 1);
      Atomics.notify(progress, ASKED);
    }
    if (Atomics.compareExchange(claims, index, FREE, HERE) === FREE) return parseBody(text, syntax, path, sourcePath);
    const use = (parsed: ParsedAhead | undefined): ParsedBody =>
      parsed?.text === text
        ? { tree: parsed.tree, file: new VFile({ path, value: parsed.value }), messages: parsed.messages }
        : parseBody(text, syntax, path, sourcePath);
    const parsed = fromWorker(index);
    return parsed instanceof Promise ? parsed.then(use) : use(parsed);
  };

  return {
    parse,
    claimed: () => {
      let here = 0;
      let ahead = 0;
      for (let index = 0; index < claims.length; index++) {
        const claim = Atomics.load(claims, index);
        if (claim === HERE) here++;
        else if (claim === AHEAD) ahead++;
      }
      return { here, ahead };
    },
    stop: async () => {
      end();
      await worker.terminate();
    },
  };
}
