/**
 * Content digests of output files (the build manifest's `sha256-…` values, also the changes log's document hashes).
 * In `docs dev` a rebuild passes the previous build's output: a file whose contents are the same as then keeps the
 * digest the previous manifest recorded, so a one-page edit hashes what changed instead of the whole dist/ again.
 */
import { createHash, type Hash } from "node:crypto";
import { runtimeFile } from "../../runtime/contract/index.ts";
import { manifestDigests } from "../write/reusable-files.ts";
import { sameContents, type OutputFiles } from "../write/write-dist.ts";
import type { EmitContext } from "./context.ts";

export type FileDigests = (path: string, contents: string | Uint8Array) => string;

export function fileDigest(contents: string | Uint8Array): string {
  return hashedDigest(createHash("sha256").update(contents));
}

/** `fileDigest` of bytes fed to `hash` (a sha256) piece by piece. */
export function hashedDigest(hash: Hash): string {
  return `sha256-${hash.digest("base64url").slice(0, 22)}`;
}

/** Every file hashed: the digests of a build without a previous output. */
export const hashEveryFile: FileDigests = (_path, contents) => fileDigest(contents);

/**
 * Digests, reusing the previous build's for unchanged files; without `previous` every file is hashed. A large text
 * written at two paths (`llms-full.txt` and `.well-known/llms-full.txt`) is hashed once.
 */
export function createFileDigests(previous?: OutputFiles): FileDigests {
  const hash = hashingLargeTextsOnce();
  if (!previous) return (_path, contents) => hash(contents);
  // Parsed on first use: a `docs dev` rebuild asks for digests only once its pages are written.
  let recorded: Readonly<Record<string, string>> | undefined;
  return (path, contents) => {
    recorded ??= previousDigests(previous);
    const known = recorded[path];
    if (known !== undefined && sameContents(previous.get(path), contents)) return known;
    return hash(contents);
  };
}

/** Texts from this many characters up are remembered by value (a 30 MB llms-full.txt takes ~60 ms to hash). */
const LARGE_TEXT = 1 << 20;

function hashingLargeTextsOnce(): (contents: string | Uint8Array) => string {
  const large = new Map<string, string>();
  return (contents) => {
    if (typeof contents !== "string" || contents.length < LARGE_TEXT) return fileDigest(contents);
    let digest = large.get(contents);
    if (digest === undefined) large.set(contents, (digest = fileDigest(contents)));
    return digest;
  };
}

function previousDigests(previous: OutputFiles): Readonly<Record<string, string>> {
  const manifest = previous.get(runtimeFile("build-manifest.json"));
  return (typeof manifest === "string" && manifestDigests(manifest)) || {};
}

/** Every output file's name, those still in memory and those written ahead (`context.staged`), sorted. */
export function outputNames(context: Pick<EmitContext, "files" | "staged">): string[] {
  const names = new Set(context.files.keys());
  for (const name of context.staged?.written.keys() ?? []) names.add(name);
  return [...names].sort();
}

/** How many output files there are (`outputNames(context).length`, without making and sorting the list). */
export function outputCount(context: Pick<EmitContext, "files" | "staged">): number {
  let count = context.files.size;
  for (const name of context.staged?.written.keys() ?? []) if (!context.files.has(name)) count++;
  return count;
}

/** The digest of an output file (undefined when there is none), whether it is in memory or written ahead. */
export function outputDigest(context: Pick<EmitContext, "files" | "staged" | "digests">, name: string) {
  const contents = context.files.get(name);
  if (contents !== undefined) return (context.digests ?? hashEveryFile)(name, contents);
  return context.staged?.written.get(name)?.digest;
}
