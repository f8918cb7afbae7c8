/**
 * A thread that writes a build's output files while the build goes on making them (staged-dist.ts).
 *
 * Why: the files of a `docs build` are made at the end, in one synchronous run of the main thread (every page's
 * HTML once the navigation is known, then the site files). Written through `fs/promises`, each file needs the main
 * thread between its open, write and close, so none got past its first step until that run ended, and then ~3,000
 * files were written at once: at 1,000 generated pages the wait for them took 0.4 to 2 s after the last file was
 * made. Handed to this thread, they are written meanwhile, on the core the page workers no longer use.
 *
 * Files are written in the order they are given (a name given twice ends with its last contents). The bytes are
 * copied to the thread; how many are still to be written is shared, so the build can wait when too many are
 * (`waitUntilPending`). A failed write is kept and reported by the next `flush()`; the rest go on.
 */
import { Worker } from "node:worker_threads";

/** Slots of the shared state. */
export const PENDING_BYTES = 0;
/** Set to 1 to make the thread drop what it has not started (the process is exiting). */
export const STOP = 1;
/** 1 while the thread is writing a file. */
export const BUSY = 2;

/** One file to write: linked from `linkFrom` when that works, else written; an existing file is removed first. */
export interface WriteRequest {
  target: string;
  bytes: Uint8Array;
  linkFrom?: string;
  replace: boolean;
}

export interface FlushRequest {
  flush: number;
}

/** The answer to a flush: every file given before it is written, and the first failure since the last flush. */
export interface Flushed {
  flushed: number;
  error?: { message: string; code?: string };
}

export class FileWriter {
  private readonly state = new Int32Array(new SharedArrayBuffer(3 * Int32Array.BYTES_PER_ELEMENT));
  private readonly worker: Worker;
  private readonly flushes = new Map<number, (flushed: Flushed) => void>();
  private nextFlush = 0;
  private exited?: Error;

  constructor() {
    this.worker = new Worker(new URL("./file-writer-worker.js", import.meta.url), { workerData: this.state });
    this.worker.on("message", (flushed: Flushed) => {
      this.flushes.get(flushed.flushed)?.(flushed);
      this.flushes.delete(flushed.flushed);
    });
    this.worker.on("error", (error) => this.fail(error));
    this.worker.on("exit", () => this.fail(new Error("the file writer thread stopped")));
    // Waiting on it keeps the process alive (flush); an idle writer does not.
    this.worker.unref();
  }

  write(request: WriteRequest): void {
    if (this.exited) throw this.exited;
    Atomics.add(this.state, PENDING_BYTES, request.bytes.byteLength);
    this.worker.postMessage(request);
  }

  /** Bytes given and not yet written. */
  pendingBytes(): number {
    return Atomics.load(this.state, PENDING_BYTES);
  }

  /** Blocks this thread until at most `bytes` (0 when negative) are still to be written. */
  waitUntilPending(bytes: number): void {
    const most = Math.max(0, bytes);
    for (let pending = this.pendingBytes(); pending > most && !this.exited; pending = this.pendingBytes())
      Atomics.wait(this.state, PENDING_BYTES, pending, 50);
  }

  /** Resolves once every file given so far is written; rejects with the first write that failed. */
  flush(): Promise<void> {
    if (this.exited) return Promise.reject(this.exited);
    const id = this.nextFlush++;
    this.worker.ref();
    return new Promise<Flushed>((resolve) => {
      this.flushes.set(id, resolve);
      this.worker.postMessage({ flush: id } satisfies FlushRequest);
    }).then(({ error }) => {
      if (this.flushes.size === 0) this.worker.unref();
      if (error) throw Object.assign(new Error(error.message), error.code ? { code: error.code } : {});
    });
  }

  /**
   * For a process exiting mid-build: the thread drops what it has not started, and this waits (a second at most)
   * for the file it is writing, so a temp folder removed next stays removed.
   */
  stopNow(): void {
    Atomics.store(this.state, STOP, 1);
    for (let waited = 0; waited < 1000 && Atomics.load(this.state, BUSY) === 1; waited += 10)
      Atomics.wait(this.state, BUSY, 1, 10);
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }

  private fail(error: Error): void {
    this.exited ??= error;
    for (const resolve of this.flushes.values())
      resolve({ flushed: -1, error: { message: error.message, code: (error as NodeJS.ErrnoException).code } });
    this.flushes.clear();
  }
}
