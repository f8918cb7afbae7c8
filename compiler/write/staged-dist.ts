/**
 * The output folder of a `docs build` in the making (issue 11: memory). Files go to a temp folder beside `dist/` as
 * they are made, written by a thread of their own (file-writer.ts) while the build makes the next ones, and only
 * their names, digests and sizes stay in memory. `commit` writes the files still held in memory, then the temp folder
 * replaces `dist/` at once; `discard` removes it, and `dist/` stays as it was. A file whose digest the previous
 * build's manifest lists for the same name is a hard link to the old `dist/` file rather than a new write (see
 * reusable-files.ts for when that is safe); where a link cannot be made it is written.
 */
import { createHash } from "node:crypto";
import { closeSync, copyFileSync, mkdirSync, openSync, renameSync, unlinkSync } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { setImmediate } from "node:timers/promises";
import { fileDigest, hashedDigest } from "../emit/file-digests.ts";
import type { PartsWriter } from "../emit/file-parts.ts";
import { BufferedAppend } from "./buffered-append.ts";
import { FileWriter } from "./file-writer.ts";
import { liveTemps, liveWriters, removeLeftovers, tempName } from "./temp-folders.ts";
import type { OutputFiles } from "./write-dist.ts";

/** What stays in memory of a file written ahead. */
export interface WrittenFile {
  /** The build manifest's digest of its bytes (emit/file-digests.ts). */
  digest: string;
  bytes: number;
}

/** Files the previous build left in `from`, by name → digest, that may be linked instead of written. */
export interface ReusableOutput {
  from: string;
  digests: Readonly<Record<string, string>>;
}

/** Bytes handed to the writer and not yet written; past it `set` waits, so memory stays bounded. */
export const IN_FLIGHT_BYTES = 64 << 20;

export class StagedDist {
  /** Files written so far, by dist-relative path. */
  readonly written = new Map<string, WrittenFile>();
  /** Folders known to exist. */
  private readonly made = new Set<string>();
  private readonly writer = new FileWriter();
  /** The last large contents encoded (see `encode`). */
  private last?: { contents: string | Uint8Array; bytes: Uint8Array; digest: string };

  private constructor(
    readonly outDir: string,
    private readonly temp: string,
    private readonly reuse?: ReusableOutput,
  ) {
    liveWriters.add(this.writer);
  }

  static async open(outDir: string, reuse?: ReusableOutput): Promise<StagedDist> {
    const parent = path.dirname(outDir);
    await removeLeftovers(outDir);
    const temp = path.join(parent, tempName("tmp"));
    await mkdir(temp, { recursive: true });
    liveTemps.add(temp);
    return new StagedDist(outDir, temp, reuse);
  }

  /**
   * Hands one file to the writer thread, after waiting while more than `IN_FLIGHT_BYTES` are still to be written.
   * Its contents are not kept.
   */
  set(name: string, contents: string | Uint8Array): this {
    const { bytes, digest } = this.encode(contents);
    const replace = this.written.has(name);
    this.written.set(name, { digest, bytes: bytes.byteLength });
    const linkFrom = this.reuse?.digests[name] === digest ? path.join(this.reuse.from, name) : undefined;
    this.writer.waitUntilPending(IN_FLIGHT_BYTES - bytes.byteLength);
    this.writer.write({ target: path.join(this.temp, name), bytes, linkFrom, replace });
    return this;
  }

  /** Bytes handed to the writer thread and not yet written. */
  pendingBytes(): number {
    return this.writer.pendingBytes();
  }

  /**
   * Writes one file from its parts as they are given (emit/file-parts.ts), synchronously, through a buffer: the file
   * is never whole in memory. Its digest is the one `set` would compute for the same bytes; `end(copies)` copies it
   * to more names. A name already written goes through `set` instead, once every part is in.
   */
  openParts(name: string): PartsWriter {
    if (this.written.has(name)) {
      const parts: Buffer[] = [];
      return {
        write: (part) => parts.push(Buffer.from(part)),
        end: (...copies) => {
          const bytes = Buffer.concat(parts);
          for (const target of [name, ...copies]) this.set(target, bytes);
        },
      };
    }
    const target = path.join(this.temp, name);
    this.makeFolder(path.dirname(target));
    const fd = openSync(target, "w");
    const hash = createHash("sha256");
    const file = new BufferedAppend(fd, (bytes) => hash.update(bytes));
    this.written.set(name, { digest: "", bytes: 0 });
    return {
      write: (part) => file.append(part),
      end: (...copies) => {
        try {
          file.flush();
        } finally {
          closeSync(fd);
        }
        const written = { digest: hashedDigest(hash), bytes: file.size };
        this.written.set(name, written);
        for (const copy of copies) {
          const to = path.join(this.temp, copy);
          this.makeFolder(path.dirname(to));
          if (this.written.has(copy)) {
            // Written before through the writer: the copy replaces it once that write is done.
            this.writer.waitUntilPending(0);
            unlinkSync(to);
          }
          copyFileSync(target, to);
          this.written.set(copy, written);
        }
      },
    };
  }

  /**
   * The bytes and digest of a file's contents. The same contents set at two names in a row (`llms-full.txt` and
   * `.well-known/llms-full.txt`: 58 MB at 10,000 pages) are encoded and hashed once, and both writes share the bytes.
   */
  private encode(contents: string | Uint8Array): { bytes: Uint8Array; digest: string } {
    if (this.last?.contents === contents) return this.last;
    const bytes = typeof contents === "string" ? Buffer.from(contents) : contents;
    const encoded = { bytes, digest: fileDigest(bytes) };
    this.last = bytes.byteLength >= 1 << 20 ? { contents, ...encoded } : undefined;
    return encoded;
  }

  /** Writes `files` (a name already written ahead is replaced), then swaps the folder in for `outDir`. */
  async commit(files: OutputFiles): Promise<void> {
    try {
      await this.writeRest(files);
      await stopsHandled();
      await swapIn(this.temp, this.outDir);
      await this.closeWriter();
    } catch (error) {
      await this.discard();
      throw error;
    }
  }

  async discard(): Promise<void> {
    await this.writer.flush().catch(() => {});
    await this.closeWriter();
    await rm(this.temp, { recursive: true, force: true });
    liveTemps.delete(this.temp);
  }

  private async closeWriter(): Promise<void> {
    liveWriters.delete(this.writer);
    await this.writer.close();
  }

  private makeFolder(folder: string): void {
    if (this.made.has(folder)) return;
    mkdirSync(folder, { recursive: true });
    this.made.add(folder);
  }

  /** Hands `files` to the writer after everything set so far (a name already written is replaced). */
  private writeRest(files: OutputFiles): Promise<void> {
    const { reuse } = this;
    for (const [name, contents] of files) {
      const bytes = typeof contents === "string" ? Buffer.from(contents) : contents;
      const linkFrom = reuse && reuse.digests[name] === fileDigest(bytes) ? path.join(reuse.from, name) : undefined;
      this.writer.waitUntilPending(IN_FLIGHT_BYTES - bytes.byteLength);
      this.writer.write({ target: path.join(this.temp, name), bytes, linkFrom, replace: this.written.has(name) });
    }
    return this.writer.flush();
  }
}

/**
 * Resolves after a whole turn of the event loop, in which a stop requested while the build ran synchronously (a
 * signal, the parent of a handed-off build gone: bin/cli.ts, bin/node-flags.ts) has its handler run. Without it the
 * build can commit first: the writer's last answer and a signal can arrive in the same poll of the loop, and the
 * commit runs as the answer's continuation, before the signal's handler. The handler exits, and the exit handler
 * removes the temp folder, so `outDir` stays as it was.
 */
async function stopsHandled(): Promise<void> {
  // The first immediate runs after this poll phase's other callbacks; the second after one more poll.
  await setImmediate();
  await setImmediate();
}

/**
 * `temp` becomes `outDir`; a previous `outDir` is put back if that fails, and removed once it succeeds. The two
 * renames are synchronous: a signal's handler (Ctrl-C, the parent of a handed-off build gone, bin/cli.ts) runs
 * between two awaits and exits through the handler that removes `temp`, so between asynchronous renames it could end
 * the process with `outDir` moved aside and `temp` removed, leaving no output at all. The old output is removed
 * afterwards, and by the exit handler if the process ends first.
 */
function swapIn(temp: string, outDir: string): Promise<void> {
  const old = path.join(path.dirname(temp), tempName("old"));
  let hadPrevious = true;
  try {
    renameSync(outDir, old);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    hadPrevious = false;
  }
  try {
    renameSync(temp, outDir);
  } catch (error) {
    // Put the previous build back: a failed build must leave dist/ as it was.
    if (hadPrevious) renameSync(old, outDir);
    throw error;
  }
  liveTemps.delete(temp);
  if (!hadPrevious) return Promise.resolve();
  liveTemps.add(old);
  return rm(old, { recursive: true, force: true }).finally(() => liveTemps.delete(old));
}
