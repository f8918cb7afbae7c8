/**
 * Atomic output of files held in memory: everything goes to a temp folder beside `dist/`, which replaces `dist/`
 * only when complete (staged-dist.ts, which a `docs build` also writes its pages to as they are made). A file the
 * previous build's manifest lists with the same digest is a hard link to the old `dist/` file rather than a new
 * write (`reuse`, write/reusable-files.ts); where a link cannot be made (another file system) it is written.
 */
import { type ReusableOutput, StagedDist } from "./staged-dist.ts";

/** Relative path (forward slashes) → file contents. */
export type OutputFiles = Map<string, string | Uint8Array>;

/** Where the page emitters put files: the build's `OutputFiles`, or a folder that writes them at once (staged-dist.ts). */
export interface FileSink {
  set(name: string, contents: string | Uint8Array): unknown;
}

/** Whether two versions of an output file hold the same bytes (undefined: the file is not there). */
export function sameContents(a: string | Uint8Array | undefined, b: string | Uint8Array | undefined): boolean {
  // The same object, as a page remembered across `docs dev` builds is: nothing to compare.
  if (a === b) return true;
  if (a === undefined || b === undefined) return false;
  if (typeof a === "string" && typeof b === "string") return a === b;
  const bytes = (contents: string | Uint8Array) =>
    typeof contents === "string"
      ? Buffer.from(contents)
      : Buffer.from(contents.buffer, contents.byteOffset, contents.byteLength);
  return bytes(a).equals(bytes(b));
}

/** Writes `files` to a temp folder that then replaces `outDir` (staged-dist.ts), linking what `reuse` allows. */
export async function writeDist(outDir: string, files: OutputFiles, reuse?: ReusableOutput): Promise<void> {
  await (await StagedDist.open(outDir, reuse)).commit(files);
}
