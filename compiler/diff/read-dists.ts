/**
 * Reads two built `dist/` trees for `docs diff` (issue 11) and decides which shared files differ. A file both build
 * manifests list is compared by digest without being read; any other file by its bytes. When a fingerprinted asset
 * was renamed, differing text files are compared again with the hashed names set aside, so pages that differ only in
 * the stylesheet link they carry do not count as changed.
 */
import { existsSync } from "node:fs";
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import {
  BUILD_MANIFEST_FORMAT,
  parseRuntimeJson,
  runtimeFile,
  SITE_SETTINGS_FORMAT,
  type BuildManifest,
} from "../../runtime/contract/index.ts";
import { assetRenames, withoutFingerprints } from "./fingerprints.ts";
import type { AssetRename, DistPair, DistSnapshot } from "./model.ts";

const MANIFEST_FILE = runtimeFile("build-manifest.json");

/** A folder that is not a readable Quire build; `docs diff` exits 2 with the message. */
export class DistInputError extends Error {}

export async function readDistPair(oldDir: string, newDir: string): Promise<DistPair> {
  const [before, after] = await Promise.all([readDist(oldDir), readDist(newDir)]);
  const renamedAssets = assetRenames(before.snapshot.files, after.snapshot.files);
  const changed = new Set<string>();
  const shared = [...after.snapshot.files].filter((file) => before.snapshot.files.has(file));
  const lanes = 16;
  await Promise.all(
    Array.from({ length: lanes }, async (_, lane) => {
      for (let i = lane; i < shared.length; i += lanes) {
        const file = shared[i]!;
        if (await differs(file, before, after, renamedAssets)) changed.add(file);
      }
    }),
  );
  // The search indexes are the largest files of a build; they are parsed only when one of them changed.
  if (
    SEARCH_FILES.some(
      (file) => changed.has(file) || !before.snapshot.files.has(file) || !after.snapshot.files.has(file),
    )
  ) {
    [before.snapshot.chunks, after.snapshot.chunks] = await Promise.all([
      readChunks(oldDir, before.root),
      readChunks(newDir, after.root),
    ]);
  } else {
    before.snapshot.chunks = after.snapshot.chunks = { human: [], agent: [] };
  }
  return { old: before.snapshot, new: after.snapshot, changed, renamedAssets };
}

const SEARCH_FILES = [runtimeFile("search-human.json"), runtimeFile("search-agent.json")];

async function readChunks(dir: string, root: string): Promise<DistSnapshot["chunks"]> {
  const [human, agent] = await Promise.all([
    readJson(dir, root, "search-human.json").catch(() => null),
    readJson(dir, root, "search-agent.json").catch(() => null),
  ]);
  return Array.isArray(human) && Array.isArray(agent) ? { human, agent } : null;
}

interface ReadDist {
  root: string;
  snapshot: DistSnapshot;
  /** Digests from `_docs/build-manifest.json`; empty when it is missing or of another format. */
  digests: Record<string, string>;
}

async function differs(file: string, before: ReadDist, after: ReadDist, renames: AssetRename[]): Promise<boolean> {
  const a = before.digests[file];
  const b = after.digests[file];
  if (a !== undefined && b !== undefined && (a === b || renames.length === 0)) return a !== b;
  const [left, right] = await Promise.all([
    readFile(path.join(before.root, file)),
    readFile(path.join(after.root, file)),
  ]);
  if (left.equals(right)) return false;
  if (renames.length === 0 || left.includes(0) || right.includes(0)) return true;
  return withoutFingerprints(left.toString("utf8"), renames) !== withoutFingerprints(right.toString("utf8"), renames);
}

async function readDist(dir: string): Promise<ReadDist> {
  const root = path.resolve(dir);
  if (!existsSync(root)) throw new DistInputError(`${dir}: no such folder`);
  if (!(await stat(root)).isDirectory()) throw new DistInputError(`${dir}: not a folder`);
  const siteFile = path.join(root, runtimeFile("site.json"));
  if (!existsSync(siteFile)) {
    throw new DistInputError(
      `${dir}: not a Quire build (no ${runtimeFile("site.json")}); point at the output of \`docs build\``,
    );
  }
  const site = await readJson(dir, root, "site.json");
  if (site.format !== SITE_SETTINGS_FORMAT) {
    throw new DistInputError(
      `${dir}: ${runtimeFile("site.json")} has format ${JSON.stringify(site.format)}, expected ${SITE_SETTINGS_FORMAT}`,
    );
  }
  const pages = await readJson(dir, root, "pages.json");
  if (!Array.isArray(pages)) throw new DistInputError(`${dir}: ${runtimeFile("pages.json")} is not a list of pages`);
  const manifest = await readJson(dir, root, "build-manifest.json").catch(() => null);
  const files = new Set((await listFiles(root)).filter((file) => file !== MANIFEST_FILE));
  return {
    root,
    snapshot: {
      label: dir,
      site,
      pages,
      chunks: null,
      files,
    },
    digests: manifestDigests(manifest),
  };
}

function manifestDigests(manifest: BuildManifest | null): Record<string, string> {
  if (!manifest || manifest.format !== BUILD_MANIFEST_FORMAT || typeof manifest.files !== "object") return {};
  return manifest.files;
}

async function readJson<
  N extends "site.json" | "pages.json" | "search-human.json" | "search-agent.json" | "build-manifest.json",
>(dir: string, root: string, name: N) {
  const file = runtimeFile(name);
  let text: string;
  try {
    text = await readFile(path.join(root, file), "utf8");
  } catch {
    throw new DistInputError(`${dir}: ${file} is missing; the build is incomplete`);
  }
  try {
    return parseRuntimeJson(name, text);
  } catch (error) {
    throw new DistInputError(`${dir}: ${file} is not valid JSON (${(error as Error).message})`);
  }
}

/** Every file under the root, relative with forward slashes, sorted. */
async function listFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) =>
      path
        .relative(root, path.join(entry.parentPath ?? entry.path, entry.name))
        .split(path.sep)
        .join("/"),
    )
    .sort();
}
