/**
 * In-place output for `docs dev` (issue 11): the files of this build are compared with what the previous build of
 * the same process wrote to the same folder, and only the differences are written or removed. Not atomic; `docs
 * build` keeps `writeDist`. The folder is private to the dev server, which swaps its handler after this returns.
 */
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { sameContents, type OutputFiles } from "./write-dist.ts";

export interface WrittenChanges {
  written: string[];
  removed: string[];
}

export async function writeChangedFiles(
  outDir: string,
  files: OutputFiles,
  previous: OutputFiles,
): Promise<WrittenChanges> {
  const written = [...files.keys()].filter((name) => !sameContents(previous.get(name), files.get(name)!));
  const removed = [...previous.keys()].filter((name) => !files.has(name));
  await Promise.all(
    [...new Set(written.map((name) => path.dirname(path.join(outDir, name))))].map((dir) =>
      mkdir(dir, { recursive: true }),
    ),
  );
  await Promise.all(written.map((name) => writeFile(path.join(outDir, name), files.get(name)!)));
  await Promise.all(removed.map((name) => rm(path.join(outDir, name), { force: true })));
  return { written: written.sort(), removed: removed.sort() };
}
