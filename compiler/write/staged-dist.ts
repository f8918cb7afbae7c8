/**
 * The output folder of a `docs build` in the making (issue 11: memory). Files go to a temp folder beside `dist/` as
 * they are made — a page's HTML and Markdown are on disk before the next page is rendered — and only their names,
 * digests and sizes stay in memory. `commit` writes the files still held in memory, then the temp folder replaces
 * `dist/` at once; `discard` removes it, and `dist/` stays as it was. A file whose digest the previous build's
 * manifest lists for the same name is a hard link to the old `dist/` file rather than a new write (see
 * reusable-files.ts for when that is safe); where a link cannot be made it is written.
 */
import { randomBytes } from "node:crypto";
import { linkSync, mkdirSync, unlinkSync, writeFileSync } from "node:fs";
import { link, mkdir, rename, rm, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileDigest } from "../emit/file-digests.ts";
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

export class StagedDist {
  /** Files written so far, by dist-relative path. */
  readonly written = new Map<string, WrittenFile>();
  private readonly folders = new Set<string>();

  private constructor(
    readonly outDir: string,
    private readonly temp: string,
    private readonly reuse?: ReusableOutput,
  ) {}

  static async open(outDir: string, reuse?: ReusableOutput): Promise<StagedDist> {
    const parent = path.dirname(outDir);
    const temp = path.join(parent, `.quire-tmp-${randomBytes(4).toString("hex")}`);
    await mkdir(temp, { recursive: true });
    return new StagedDist(outDir, temp, reuse);
  }

  /** Writes one file now (synchronously: its contents can be dropped as soon as this returns). */
  set(name: string, contents: string | Uint8Array): this {
    const bytes = typeof contents === "string" ? Buffer.from(contents) : contents;
    const digest = fileDigest(bytes);
    const target = path.join(this.temp, name);
    const folder = path.dirname(target);
    if (!this.folders.has(folder)) {
      mkdirSync(folder, { recursive: true });
      this.folders.add(folder);
    }
    // A name written twice (a public file over a page) must not write through a link into the old dist/.
    if (this.written.has(name)) unlinkSync(target);
    if (!(this.reuse?.digests[name] === digest && linked(path.join(this.reuse.from, name), target)))
      writeFileSync(target, bytes);
    this.written.set(name, { digest, bytes: bytes.byteLength });
    return this;
  }

  /** Writes `files` (a name already written ahead is replaced), then swaps the folder in for `outDir`. */
  async commit(files: OutputFiles): Promise<void> {
    try {
      await this.writeRest(files);
      await swapIn(this.temp, this.outDir);
    } catch (error) {
      await this.discard();
      throw error;
    }
  }

  async discard(): Promise<void> {
    await rm(this.temp, { recursive: true, force: true });
  }

  private async writeRest(files: OutputFiles): Promise<void> {
    const folders = new Set<string>();
    for (const file of files.keys()) {
      const folder = path.dirname(path.join(this.temp, file));
      if (!this.folders.has(folder)) folders.add(folder);
    }
    // Creating each folder once, deepest paths included, beats a mkdir per file.
    await Promise.all([...folders].map((folder) => mkdir(folder, { recursive: true })));
    const entries = [...files];
    const lanes = 32;
    await Promise.all(
      Array.from({ length: lanes }, async (_, lane) => {
        for (let i = lane; i < entries.length; i += lanes) {
          const [name, contents] = entries[i];
          const target = path.join(this.temp, name);
          if (this.written.has(name)) await unlink(target);
          const { reuse } = this;
          if (reuse && reuse.digests[name] === fileDigest(contents)) {
            const linkedFile = await link(path.join(reuse.from, name), target).then(
              () => true,
              () => false,
            );
            if (linkedFile) continue;
          }
          await writeFile(target, contents);
        }
      }),
    );
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

/** `temp` becomes `outDir`; a previous `outDir` is put back if that fails, and removed once it succeeds. */
async function swapIn(temp: string, outDir: string): Promise<void> {
  const old = `${temp.replace(".quire-tmp-", ".quire-old-")}`;
  const hadPrevious = await rename(outDir, old).then(
    () => true,
    (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return false;
      throw error;
    },
  );
  await rename(temp, outDir).catch(async (error) => {
    // Put the previous build back: a failed build must leave dist/ as it was.
    if (hadPrevious) await rename(old, outDir);
    throw error;
  });
  if (hadPrevious) await rm(old, { recursive: true, force: true });
}
