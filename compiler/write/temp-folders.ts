/**
 * The temp names a build makes beside its output folder, and their removal: by an exit handler when the process ends
 * mid-build, and by the next build when a process was killed outright (issue 11).
 */
import { randomBytes } from "node:crypto";
import { existsSync, rmSync } from "node:fs";
import { readdir, rm } from "node:fs/promises";
import path from "node:path";

/**
 * Temp folders of builds under way. A process that exits mid-build (`docs build` stopped with Ctrl-C exits through
 * `process.exit`, see bin/cli.ts) removes them, so no `.quire-tmp-*` folder is left beside `dist/`.
 */
export const liveTemps = new Set<string>();
/** The file writers of those builds (file-writer.ts): stopped first, so they write nothing into a removed folder. */
export const liveWriters = new Set<{ stopNow(): void }>();
process.once("exit", () => {
  for (const writer of liveWriters) writer.stopNow();
  for (const temp of liveTemps) removeOnExit(temp);
});

/**
 * Removes a temp folder while the thread pool may still be writing into it (writes handed to it before the exit go
 * on until the process ends): removed again until it stays away for 20 ms, for half a second at most.
 */
function removeOnExit(temp: string): void {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (let attempt = 0; attempt < 25; attempt++) {
    try {
      rmSync(temp, { recursive: true, force: true });
    } catch {
      // ENOTEMPTY: a file landed meanwhile; the next attempt takes it.
    }
    Atomics.wait(pause, 0, 0, 20);
    if (!existsSync(temp)) return;
  }
}

/**
 * `.quire-tmp-<pid>-<hex>`: a build's temp folder (and, for an instant, its spool file, write/text-spool.ts);
 * `.quire-old-<pid>-<hex>`: the output it replaces, moved aside during the swap. The process id says whose it is.
 */
export function tempName(kind: "tmp" | "old", tag = ""): string {
  return `.quire-${kind}-${process.pid}-${tag}${randomBytes(4).toString("hex")}`;
}

const LEFTOVER = /^\.quire-(tmp|old)-(\d+)-/;

/**
 * Removes what builds killed outright (SIGKILL, a power cut) left beside `outDir`: their temp folders, and an output
 * a swap had moved aside when `outDir` stands again (else that is the last output there is, and it stays). Only
 * names whose process is gone: a build running meanwhile in another process keeps its own.
 */
export async function removeLeftovers(outDir: string): Promise<void> {
  const parent = path.dirname(outDir);
  const names = await readdir(parent).catch(() => [] as string[]);
  const outDirStands = existsSync(outDir);
  await Promise.all(
    names.map(async (name) => {
      const match = LEFTOVER.exec(name);
      if (!match || running(Number(match[2])) || (match[1] === "old" && !outDirStands)) return;
      await rm(path.join(parent, name), { recursive: true, force: true });
    }),
  );
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
