/**
 * Atomic output: everything goes to a temp folder beside `dist/`, which replaces `dist/` only when complete. Files
 * the caller knows to be unchanged (`reuse`, from write/reusable-files.ts) are hard-links to the old `dist/` files
 * rather than new writes; where a link cannot be made (another file system, no link support) they are written.
 */
import { randomBytes } from "node:crypto";
import { link, mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";

/** Relative path (forward slashes) → file contents. */
export type OutputFiles = Map<string, string | Uint8Array>;

/** Whether two versions of an output file hold the same bytes (undefined: the file is not there). */
export function sameContents(a: string | Uint8Array | undefined, b: string | Uint8Array | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (typeof a === "string" && typeof b === "string") return a === b;
  const bytes = (contents: string | Uint8Array) =>
    typeof contents === "string"
      ? Buffer.from(contents)
      : Buffer.from(contents.buffer, contents.byteOffset, contents.byteLength);
  return bytes(a).equals(bytes(b));
}

export async function writeDist(outDir: string, files: OutputFiles, reuse?: ReadonlySet<string>): Promise<void> {
  const parent = path.dirname(outDir);
  await mkdir(parent, { recursive: true });
  const suffix = randomBytes(4).toString("hex");
  const temp = path.join(parent, `.quire-tmp-${suffix}`);
  try {
    await writeAll(temp, files, reuse && reuse.size > 0 ? { from: outDir, names: reuse } : undefined);
    const old = path.join(parent, `.quire-old-${suffix}`);
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
  } catch (error) {
    await rm(temp, { recursive: true, force: true });
    throw error;
  }
}

async function writeAll(
  root: string,
  files: OutputFiles,
  reuse?: { from: string; names: ReadonlySet<string> },
): Promise<void> {
  const folders = new Set<string>([root]);
  for (const file of files.keys()) folders.add(path.dirname(path.join(root, file)));
  // Creating each folder once, deepest paths included, beats a mkdir per file.
  await Promise.all([...folders].map((folder) => mkdir(folder, { recursive: true })));
  const entries = [...files];
  const lanes = 32;
  await Promise.all(
    Array.from({ length: lanes }, async (_, lane) => {
      for (let i = lane; i < entries.length; i += lanes) {
        const [name, contents] = entries[i];
        const target = path.join(root, name);
        if (reuse?.names.has(name)) {
          const linked = await link(path.join(reuse.from, name), target).then(
            () => true,
            () => false,
          );
          if (linked) continue;
        }
        await writeFile(target, contents);
      }
    }),
  );
}
