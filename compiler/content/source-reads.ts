/**
 * How discovery lists folders and reads page sources. A one-shot build reads everything (`directReads`). A `docs dev`
 * session keeps what its last build listed and read (`rememberedReads`) and, on the next save, asks the file system
 * only for each folder's and file's status: where nothing in it changed, the remembered listing or text is used. At
 * 5,000 pages that is two `stat` calls per page folder instead of a listing and a read (~115 ms → ~70 ms a rebuild).
 *
 * "Nothing changed" is git's rule for its index: size, inode, device, and modification and status-change times (to
 * the nanosecond) all equal — writing a file's content always moves its status-change time, which no tool can set
 * back — and neither time within `racyMs` of when it was read. A file written in the same clock tick as its read
 * (file systems stamp times with a coarse clock, some only to the second or two) could look unchanged; such entries
 * are read again until they are older than that window.
 */
import { type BigIntStats, type Dirent, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, sep } from "node:path";

/** One folder entry: its name and whether it is a folder, a regular file or something else (links are "other"). */
export interface FolderEntry {
  name: string;
  kind: "folder" | "file" | "other";
}

export interface SourceReads {
  /** A folder's entries; a folder already listed since the last `sweep` gives the same listing again, unasked. */
  list(folder: string): FolderEntry[];
  read(file: string): string;
  /**
   * Starts a new round (one build): forgets what was not listed or read in the last one (deleted and renamed files).
   * Discovery calls it first; the content assets are then listed from the same round's listings (static-files.ts).
   */
  sweep(): void;
  /**
   * A walk of folders made through `list` alone, named by `key` (which must name everything else it depends on): the
   * value the last round's walk of that key gave, when no folder listed then can list other entries now; otherwise
   * `walkNow()`. At 5,000 pages a walk is ~25 ms of each `docs dev` save, and discovery and the content assets each
   * make one.
   */
  walk<Value>(key: string, walkNow: () => Value): Value;
}

/** The file system calls the reads use; tests pass their own to count and to set times. */
export interface SourceFileSystem {
  stat(path: string): BigIntStats;
  list(folder: string): Dirent[];
  read(file: string): string;
  /** Wall-clock milliseconds, the clock the file system's times are compared with. */
  now(): number;
}

export const nodeFileSystem: SourceFileSystem = {
  stat: (path) => statSync(path, { bigint: true }),
  list: (folder) => readdirSync(folder, { withFileTypes: true }),
  read: (file) => readFileSync(file, "utf8"),
  now: () => Date.now(),
};

/** Two seconds: FAT stamps times to two seconds, HFS+ and ext3 to one. */
export const RACY_MS = 2_000;

/** A folder listing's entries as `FolderEntry`s. */
export function entriesOf(dirents: Dirent[]): FolderEntry[] {
  return dirents.map((entry) => ({
    name: entry.name,
    kind: entry.isDirectory() ? "folder" : entry.isFile() ? "file" : "other",
  }));
}

export const directReads: SourceReads = {
  list: (folder) => entriesOf(nodeFileSystem.list(folder)),
  read: (file) => nodeFileSystem.read(file),
  sweep: () => {},
  walk: (_key, walkNow) => walkNow(),
};

interface Remembered<Value> {
  stats: BigIntStats;
  value: Value;
  /** Whether the stamp may be trusted: its times were older than the racy window when the value was read. */
  settled: boolean;
  swept: number;
}

/**
 * Whether a status read at `readAt` (wall-clock ms) may be trusted later: both its times are older than the racy
 * window, so a write in the same clock tick as the read cannot hide behind them.
 */
export function settledAt(stats: BigIntStats, readAt: number, racyMs = RACY_MS): boolean {
  const newest = stats.mtimeNs > stats.ctimeNs ? stats.mtimeNs : stats.ctimeNs;
  return Number(newest / 1_000_000n) < readAt - racyMs;
}

/** Whether two statuses of a file say nothing changed (git's rule: size, inode, device and both times). */
export function sameStatus(a: BigIntStats, b: BigIntStats): boolean {
  return a.mtimeNs === b.mtimeNs && a.ctimeNs === b.ctimeNs && a.size === b.size && a.ino === b.ino && a.dev === b.dev;
}

/**
 * A `docs dev` session's reads. Its watcher names what changed, so the next round need not ask the file system about
 * everything else: at 5,000 pages that is 10,000 `stat` calls (~60 ms) a save. What the watcher does not report is
 * found afterwards (`unreported`, once the tabs have their pages) and rebuilt then.
 */
export interface SessionReads extends SourceReads {
  /**
   * For the next round only: asks the file system about these paths (absolute), everything below them and the folders
   * holding them, and about entries still within the racy window; takes every other remembered entry as it was.
   * Undefined: what changed is not known, and the next round asks about everything. Reports made before a round that
   * never came (a build that failed before discovery) add up until one does.
   */
  onlyChanged(paths: readonly string[] | undefined): void;
  /** Paths of this round whose status is no longer the one remembered (or that are gone): changes nobody reported. */
  unreported(): string[];
}

export function rememberedReads(options: { racyMs?: number; fs?: SourceFileSystem } = {}): SessionReads {
  const fs = options.fs ?? nodeFileSystem;
  const racyMs = options.racyMs ?? RACY_MS;
  const folders = new Map<string, Remembered<FolderEntry[]>>();
  const files = new Map<string, Remembered<string>>();
  const walks = new Map<string, { value: unknown; swept: number }>();
  let generation = 0;
  /** Whether every folder listed in the last round lists the same entries in this one (`keptListings`). */
  let listingsKept = false;
  /** This round's reported changes (undefined: ask about everything). */
  let changed: Changed | undefined;
  /** Reported for the next round: paths, "unknown" (ask about everything), or nothing yet (also everything). */
  let reported: string[] | "unknown" | "none" = "none";

  function remembered<Value>(
    memory: Map<string, Remembered<Value>>,
    path: string,
    load: () => Value,
    oncePerRound = false,
  ): Value {
    const known = memory.get(path);
    if (known && ((oncePerRound && known.swept === generation) || (known.settled && changed && !changed.has(path)))) {
      known.swept = generation;
      return known.value;
    }
    const stats = fs.stat(path);
    if (known?.settled && sameStatus(known.stats, stats)) {
      known.swept = generation;
      return known.value;
    }
    // Read after the clock: a write during or after the read makes the entry racy, and it is read again next time.
    const readAt = fs.now();
    const value = load();
    memory.set(path, { stats, value, settled: settledAt(stats, readAt, racyMs), swept: generation });
    return value;
  }

  /**
   * Whether no folder of the last round can list other entries in this one: each was settled, and each the reported
   * changes touch still has the status it had (adding, removing or renaming an entry changes its folder's).
   */
  function keptListings(reported: Changed): boolean {
    if (folders.size === 0) return false;
    for (const [path, known] of folders) {
      if (!known.settled) return false;
      if (!reported.has(path)) continue;
      try {
        if (!sameStatus(known.stats, fs.stat(path))) return false;
      } catch {
        return false; // gone
      }
    }
    return true;
  }

  return {
    // At 5,000 pages, the second listing of each folder in a build (the content assets') was 5,000 `stat` calls.
    list: (folder) => remembered(folders, folder, () => entriesOf(fs.list(folder)), true),
    read: (file) => remembered(files, file, () => fs.read(file)),
    sweep() {
      for (const memory of [folders, files, walks] as Map<string, { swept: number }>[])
        for (const [path, known] of memory) if (known.swept !== generation) memory.delete(path);
      generation++;
      changed = Array.isArray(reported) ? changedPaths(reported) : undefined;
      reported = "none";
      listingsKept = changed !== undefined && keptListings(changed);
      // Each is this round's listing too, whether or not a walk lists it again.
      if (listingsKept) for (const known of folders.values()) known.swept = generation;
    },
    walk<Value>(key: string, walkNow: () => Value): Value {
      const known = walks.get(key);
      if (listingsKept && known?.swept === generation - 1) {
        known.swept = generation;
        return known.value as Value;
      }
      const value = walkNow();
      walks.set(key, { value, swept: generation });
      return value;
    },
    onlyChanged(paths) {
      if (paths === undefined) reported = "unknown";
      else if (reported === "none") reported = [...paths];
      // Reports for a round that never came (its build failed first) stand: the next round asks about both.
      else if (reported !== "unknown") reported = [...reported, ...paths];
    },
    unreported() {
      const found: string[] = [];
      for (const memory of [folders, files] as Map<string, Remembered<unknown>>[])
        for (const [path, known] of memory) {
          // Not listed or read in this round (deleted, renamed): forgotten at the next.
          if (known.swept !== generation) continue;
          let stats: BigIntStats | undefined;
          try {
            stats = fs.stat(path);
          } catch {
            // gone
          }
          if (!stats || !sameStatus(known.stats, stats)) found.push(path);
        }
      return found.sort();
    },
  };
}

/** Which paths a round with these reported changes asks about. */
interface Changed {
  has(path: string): boolean;
}

function changedPaths(paths: readonly string[]): Changed {
  const exact = new Set<string>();
  for (const changed of paths) {
    exact.add(changed);
    // Its folders up to the root: an added, removed or renamed entry changes the listing of the one holding it.
    for (let folder = dirname(changed); !exact.has(folder); folder = dirname(folder)) {
      exact.add(folder);
      if (dirname(folder) === folder) break;
    }
  }
  const below = paths.map((changed) => (changed.endsWith(sep) ? changed : changed + sep));
  return { has: (path) => exact.has(path) || below.some((folder) => path.startsWith(folder)) };
}
