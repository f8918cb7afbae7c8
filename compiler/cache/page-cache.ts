/**
 * The persisted page cache (issue 11, "Incremental builds"): one file per compiled page record under
 * `<cacheDir>/pages/<key>.bin`, where the key (cache-key.ts) hashes every input of that page's `buildPage` result.
 *
 * An entry is `QUIRE-PAGE-CACHE\n`, one JSON header line (`format`, the Quire build identity, the key, the payload's
 * byte length and sha256), then the payload: `v8.serialize({ page, messages })`, the same structured clone the page
 * workers already send, so dates and undefined survive exactly. Reading checks every one of those; an entry that is
 * truncated, corrupt, foreign (another format or Quire build) or under the wrong name is a miss and gets rebuilt,
 * never trusted. Entries are written to a temp file and renamed, so a reader never sees half an entry.
 * A long-running process (`docs dev`, `{ keepInMemory: true }`) keeps the decoded records in memory too, deeply
 * frozen (deep-freeze.ts), and hands every build the same objects: a one-page edit then decodes nothing, and passes
 * remember what they derived from a record by its identity (per-record.ts). A one-shot `docs build` keeps nothing:
 * the records are its own, and what a pass would remember would only add to its peak memory.
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { deserialize, serialize } from "node:v8";
import type { BuildMessage } from "../diagnostics.ts";
import type { Page, PageTerms } from "../model/types.ts";
import { CACHE_FORMAT, quireBuildIdentity } from "./cache-key.ts";
import { deepFreeze } from "./deep-freeze.ts";

/** What one page's build produced, when it produced a page. */
export interface CachedPage {
  page: Page;
  messages: BuildMessage[];
  terms?: PageTerms;
}

export interface PageCacheStats {
  hits: number;
  misses: number;
  /** Entries found on disk but refused (corrupt, truncated, foreign). */
  rejected: number;
}

export interface PageCache {
  /** The cache folder (`node_modules/.cache/quire` under the site root unless `--cache-dir` moves it). */
  readonly dir: string;
  readonly stats: PageCacheStats;
  get(key: string): Promise<CachedPage | undefined>;
  set(key: string, value: CachedPage): Promise<void>;
  /** Removes every entry whose key is not in `live` (after a successful build, so the cache does not grow forever). */
  retain(live: ReadonlySet<string>): Promise<void>;
}

const MAGIC = "QUIRE-PAGE-CACHE\n";
const ENTRY = /^[0-9a-f]{64}\.bin$/;

interface EntryHeader {
  format: number;
  quire: string;
  key: string;
  bytes: number;
  sha256: string;
}

export function defaultCacheDir(root: string): string {
  return path.join(root, "node_modules", ".cache", "quire");
}

export interface PageCacheOptions {
  /** Keep decoded records, frozen, for the later builds of this process (`docs dev`). */
  keepInMemory?: boolean;
}

export function openPageCache(dir: string, options: PageCacheOptions = {}): PageCache {
  const folder = path.join(dir, "pages");
  const identity = quireBuildIdentity();
  const memory = new Map<string, CachedPage>();
  const keep = (key: string, value: CachedPage) => {
    if (options.keepInMemory) memory.set(key, deepFreeze(value));
  };
  let swept = false;
  const stats: PageCacheStats = { hits: 0, misses: 0, rejected: 0 };
  const fileOf = (key: string) => path.join(folder, `${key}.bin`);

  return {
    dir,
    stats,
    async get(key) {
      const kept = memory.get(key);
      if (kept) {
        stats.hits++;
        return kept;
      }
      const bytes = await readFile(fileOf(key)).catch(() => undefined);
      const payload = bytes && payloadOf(bytes, key, identity);
      const value = payload && decode(payload);
      if (!value) {
        if (bytes) stats.rejected++;
        stats.misses++;
        return undefined;
      }
      keep(key, value);
      stats.hits++;
      return value;
    },
    async set(key, value) {
      const payload = serialize(value);
      keep(key, value);
      await mkdir(folder, { recursive: true });
      const temp = path.join(folder, `.${key}.${randomBytes(4).toString("hex")}.tmp`);
      await writeFile(temp, encodeEntry(key, payload, identity));
      await rename(temp, fileOf(key));
    },
    async retain(live) {
      const stale = [...memory.keys()].filter((key) => !live.has(key));
      for (const key of stale) memory.delete(key);
      // After one sweep of the folder, every entry on disk is one this cache read or wrote, so it is in memory:
      // later builds of the process (`docs dev`) remove their stale keys without listing thousands of files.
      if (swept && options.keepInMemory) {
        await Promise.all(stale.map((key) => rm(fileOf(key), { force: true })));
        return;
      }
      swept = true;
      const names = await readdir(folder).catch(() => [] as string[]);
      await Promise.all(
        names
          .filter((name) => !ENTRY.test(name) || !live.has(name.slice(0, -4)))
          .map((name) => rm(path.join(folder, name), { force: true })),
      );
    },
  };
}

/** One entry file's bytes. Exported for the tests that damage entries on purpose. */
export function encodeEntry(key: string, payload: Uint8Array, identity = quireBuildIdentity()): Buffer {
  const header: EntryHeader = {
    format: CACHE_FORMAT,
    quire: identity,
    key,
    bytes: payload.byteLength,
    sha256: sha256(payload),
  };
  return Buffer.concat([Buffer.from(`${MAGIC}${JSON.stringify(header)}\n`), payload]);
}

/** The payload of an entry when every check passes, else undefined. */
function payloadOf(bytes: Buffer, key: string, identity: string): Buffer | undefined {
  if (!bytes.subarray(0, MAGIC.length).equals(Buffer.from(MAGIC))) return undefined;
  const end = bytes.indexOf(0x0a, MAGIC.length);
  if (end < 0) return undefined;
  let header: Partial<EntryHeader>;
  try {
    header = JSON.parse(bytes.subarray(MAGIC.length, end).toString("utf8"));
  } catch {
    return undefined;
  }
  if (header?.format !== CACHE_FORMAT || header.quire !== identity || header.key !== key) return undefined;
  const payload = bytes.subarray(end + 1);
  if (payload.byteLength !== header.bytes || sha256(payload) !== header.sha256) return undefined;
  return payload;
}

function decode(payload: Buffer): CachedPage | undefined {
  try {
    const value = deserialize(payload) as CachedPage;
    return typeof value?.page?.sourcePath === "string" && Array.isArray(value.messages) ? value : undefined;
  } catch {
    return undefined;
  }
}

function sha256(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}
