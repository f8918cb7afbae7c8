/** The file writer's thread (file-writer.ts): writes each file it is given, in order, synchronously. */
import { linkSync, mkdirSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import { BUSY, type Flushed, type FlushRequest, PENDING_BYTES, STOP, type WriteRequest } from "./file-writer.ts";

const state = workerData as Int32Array;
/** Folders made so far. */
const made = new Set<string>();
let failure: Flushed["error"];

parentPort!.on("message", (request: WriteRequest | FlushRequest) => {
  if ("flush" in request) {
    parentPort!.postMessage({ flushed: request.flush, error: failure } satisfies Flushed);
    failure = undefined;
    return;
  }
  // Busy before the stop is read: a stop set meanwhile waits for this file, and every later one sees it.
  Atomics.store(state, BUSY, 1);
  try {
    if (Atomics.load(state, STOP) === 0) write(request);
  } catch (error) {
    const { message, code } = error as NodeJS.ErrnoException;
    failure ??= { message, code };
  } finally {
    Atomics.store(state, BUSY, 0);
    Atomics.notify(state, BUSY);
    Atomics.sub(state, PENDING_BYTES, request.bytes.byteLength);
    Atomics.notify(state, PENDING_BYTES);
  }
});

function write({ target, bytes, linkFrom, replace }: WriteRequest): void {
  const folder = path.dirname(target);
  if (!made.has(folder)) {
    mkdirSync(folder, { recursive: true });
    made.add(folder);
  }
  // A name written twice (a public file over a page) must not write through a link into the old dist/.
  if (replace) removeFile(target);
  if (linkFrom !== undefined && linked(linkFrom, target)) return;
  writeFileSync(target, bytes);
}

function removeFile(file: string): void {
  try {
    unlinkSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}

function linked(existing: string, target: string): boolean {
  try {
    linkSync(existing, target);
    return true;
  } catch {
    return false;
  }
}
