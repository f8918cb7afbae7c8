/**
 * `docs serve --workers N`: N server processes answering on one port (node:cluster), so a machine's cores share the
 * load that one Node thread would carry alone. The primary process only supervises; every worker is a whole
 * `docs serve` (its own handler, search index and config callbacks) started from the same command line.
 *
 * - Start: one worker first, so a broken config or a port in use is reported once; the others after it listens.
 *   The primary prints the one "docs serve:" line when all of them listen.
 * - A worker that stops unexpectedly is replaced. A replacement that stops before it listens ends the server: the
 *   failure would only repeat.
 * - SIGINT/SIGTERM: every worker closes its server and exits, then the primary; a worker still running after
 *   `STOP_GRACE_MS` is killed. A worker whose primary is gone (killed outright) exits too: node:cluster ends a
 *   worker when its channel to the primary closes.
 */
import cluster, { type Worker } from "node:cluster";
import { availableParallelism } from "node:os";

/** What a worker tells the primary once its server listens. */
interface ListeningMessage {
  quire: "listening";
  origin: string;
  /** The docs entry route, appended to the origin in the "docs serve:" line. */
  entry: string;
}

const STOP_GRACE_MS = 5_000;

/** Whether this process is a worker of a `docs serve --workers` primary. */
export const isServeWorker = cluster.isWorker;

/**
 * `--workers`: a whole number from 1 to 256, or `auto` for one per core (`os.availableParallelism()`); absent
 * means 1. An error message for anything else.
 */
export function parseWorkerCount(value: string | undefined): number | { error: string } {
  if (value === undefined) return 1;
  if (value.trim().toLowerCase() === "auto") return availableParallelism();
  if (!/^\d+$/.test(value.trim()) || Number(value) < 1 || Number(value) > 256)
    return { error: `--workers must be a whole number from 1 to 256, or "auto" (one per core), got "${value}"` };
  return Number(value);
}

/** Sent by a worker once its server listens; the primary prints the "docs serve:" line from it. */
export function announceListening(origin: string, entry: string): void {
  process.send?.({ quire: "listening", origin, entry } satisfies ListeningMessage);
}

/**
 * Starts `count` workers (this command line again, as workers) and supervises them. Resolves 0 once all of them
 * listen, having printed `banner(origin + entry)`; resolves with a failed worker's exit code (or 1) when one does
 * not start, after stopping the others.
 */
export async function superviseWorkers(count: number, banner: (url: string) => string): Promise<number> {
  const workers = new Set<Worker>();
  let stopping = false;

  const stopAll = async () => {
    stopping = true;
    await Promise.all([...workers].map(stopWorker));
  };

  const start = () =>
    new Promise<{ worker: Worker; url: string }>((resolve, reject) => {
      const worker = cluster.fork();
      workers.add(worker);
      let listening = false;
      worker.on("message", (message: ListeningMessage) => {
        if (message?.quire !== "listening" || listening) return;
        listening = true;
        resolve({ worker, url: `${message.origin}${message.entry}` });
      });
      worker.once("exit", (code, signal) => {
        workers.delete(worker);
        if (!listening) {
          reject(new WorkerFailed(code ?? 1));
          return;
        }
        if (stopping) return;
        console.error(
          `docs serve: worker ${worker.process.pid} stopped (${signal ? `signal ${signal}` : `exit code ${code}`}); starting another`,
        );
        start().catch(async (error: WorkerFailed) => {
          console.error(`✗ docs serve: the replacement worker did not start (exit code ${error.code}); stopping`);
          await stopAll();
          process.exit(1);
        });
      });
    });

  let url: string;
  try {
    ({ url } = await start());
    await Promise.all(Array.from({ length: count - 1 }, start));
  } catch (error) {
    await stopAll();
    return error instanceof WorkerFailed && error.code !== 0 ? error.code : 1;
  }
  console.log(banner(url));
  const stop = () => void stopAll().then(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  return 0;
}

class WorkerFailed extends Error {
  constructor(readonly code: number) {
    super(`worker exited with code ${code}`);
  }
}

function stopWorker(worker: Worker): Promise<void> {
  if (worker.isDead()) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => worker.process.kill("SIGKILL"), STOP_GRACE_MS);
    worker.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    // Harmless when the worker is already closing (Ctrl-C reaches the whole process group).
    worker.process.kill("SIGTERM");
  });
}
