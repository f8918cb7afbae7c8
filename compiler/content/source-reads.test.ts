/**
 * Remembered source reads (`docs dev`): a file or folder is read again whenever its status changed, and whenever it
 * was read within the racy window of its last change, so an edit is never missed; otherwise it is not read at all.
 */
import type { BigIntStats, Dirent } from "node:fs";
import { describe, expect, it } from "vitest";
import { RACY_MS, rememberedReads, type SourceFileSystem } from "./source-reads.ts";

/** An in-memory file system with a settable clock; every write moves the file's status-change time. */
function fakeFileSystem(start = 1_000_000) {
  let clock = start;
  const files = new Map<string, { text: string; mtimeMs: number; ctimeMs: number; ino: number }>();
  let inodes = 1;
  const reads: string[] = [];
  const lists: string[] = [];
  const statted: string[] = [];
  const write = (path: string, text: string, mtimeMs = clock) =>
    files.set(path, { text, mtimeMs, ctimeMs: clock, ino: files.get(path)?.ino ?? inodes++ });
  const stats = (size: number, mtimeMs: number, ctimeMs: number, ino: number) =>
    ({
      size: BigInt(size),
      ino: BigInt(ino),
      dev: 1n,
      mtimeNs: BigInt(mtimeMs) * 1_000_000n,
      ctimeNs: BigInt(ctimeMs) * 1_000_000n,
    }) as BigIntStats;
  const folderTimes = { mtimeMs: start, ctimeMs: start };
  const fs: SourceFileSystem = {
    stat(path) {
      statted.push(path);
      if (path === "/docs") return stats(files.size, folderTimes.mtimeMs, folderTimes.ctimeMs, 0);
      const file = files.get(path);
      if (!file) throw Object.assign(new Error(`ENOENT: ${path}`), { code: "ENOENT" });
      return stats(Buffer.byteLength(file.text), file.mtimeMs, file.ctimeMs, file.ino);
    },
    list(folder) {
      lists.push(folder);
      return [...files.keys()].map(
        (path) => ({ name: path.slice(folder.length + 1), isDirectory: () => false, isFile: () => true }) as Dirent,
      );
    },
    read(path) {
      reads.push(path);
      return files.get(path)!.text;
    },
    now: () => clock,
  };
  return {
    fs,
    reads,
    lists,
    statted,
    write,
    tick: (ms: number) => (clock += ms),
    /** A file added or removed: the folder's times move. */
    touchFolder: () => Object.assign(folderTimes, { mtimeMs: clock, ctimeMs: clock }),
    remove: (path: string) => files.delete(path),
  };
}

describe("remembered source reads", () => {
  it("reads a settled, unchanged file once, and again as soon as its status changes", () => {
    const disk = fakeFileSystem();
    disk.write("/docs/a.md", "first");
    disk.tick(RACY_MS + 1);
    const reads = rememberedReads({ fs: disk.fs });
    expect(reads.read("/docs/a.md")).toBe("first");
    expect(reads.read("/docs/a.md")).toBe("first");
    expect(disk.reads).toEqual(["/docs/a.md"]);

    // Same size, and the modification time set back to the old one: the status-change time still moves.
    disk.tick(10);
    disk.write("/docs/a.md", "after", 1_000_000);
    expect(reads.read("/docs/a.md")).toBe("after");
    expect(disk.reads).toHaveLength(2);
  });

  it("reads a file again while it is within the racy window of its last change", () => {
    const disk = fakeFileSystem();
    disk.write("/docs/a.md", "first");
    const reads = rememberedReads({ fs: disk.fs });
    expect(reads.read("/docs/a.md")).toBe("first");
    // Rewritten in the same clock tick with the same size: its status looks identical, but it was racy when read.
    disk.write("/docs/a.md", "again");
    expect(reads.read("/docs/a.md")).toBe("again");
    disk.tick(RACY_MS + 1);
    expect(reads.read("/docs/a.md")).toBe("again"); // read once more: that read is the first outside the window
    expect(reads.read("/docs/a.md")).toBe("again");
    expect(disk.reads).toHaveLength(3);
  });

  it("asks for a folder's status once a round, and for a file's on every read", () => {
    const disk = fakeFileSystem();
    disk.write("/docs/a.md", "a");
    disk.tick(RACY_MS + 1);
    const reads = rememberedReads({ fs: disk.fs });
    reads.sweep();
    reads.list("/docs");
    reads.list("/docs");
    reads.read("/docs/a.md");
    reads.read("/docs/a.md");
    expect(disk.statted).toEqual(["/docs", "/docs/a.md", "/docs/a.md"]);
    reads.sweep();
    reads.list("/docs");
    expect(disk.statted).toHaveLength(4);
    expect(disk.lists).toEqual(["/docs"]);
  });

  it("lists a folder again only when its status changes", () => {
    const disk = fakeFileSystem();
    disk.write("/docs/a.md", "a");
    disk.write("/docs/b.md", "b");
    disk.tick(RACY_MS + 1);
    const reads = rememberedReads({ fs: disk.fs });
    const names = () => reads.list("/docs").map((entry) => entry.name);
    expect(names()).toEqual(["a.md", "b.md"]);
    reads.read("/docs/b.md");
    reads.sweep();
    expect(names()).toEqual(["a.md", "b.md"]);
    expect(disk.lists).toHaveLength(1);

    disk.remove("/docs/b.md");
    disk.touchFolder();
    expect(names()).toEqual(["a.md", "b.md"]); // a folder is asked once a round: this build saw it with b.md
    reads.sweep(); // the next build
    expect(names()).toEqual(["a.md"]);
    expect(disk.lists).toHaveLength(2);
    reads.sweep(); // b.md was not read in this round: forgotten
    disk.write("/docs/b.md", "b, new");
    disk.touchFolder();
    disk.tick(RACY_MS + 1);
    expect(reads.read("/docs/b.md")).toBe("b, new");
    expect(disk.reads).toEqual(["/docs/b.md", "/docs/b.md"]);
  });

  it("asks only about reported changes, what is below and above them, and racy entries; finds the unreported", () => {
    const disk = fakeFileSystem();
    disk.write("/docs/a.md", "a");
    disk.write("/docs/b.md", "b");
    disk.tick(RACY_MS + 1);
    const reads = rememberedReads({ fs: disk.fs });
    const round = (reported?: string[]) => {
      if (reported) reads.onlyChanged(reported);
      disk.statted.length = 0;
      reads.sweep();
      return {
        list: reads.list("/docs").map((entry) => entry.name),
        a: reads.read("/docs/a.md"),
        b: reads.read("/docs/b.md"),
      };
    };
    expect(round()).toEqual({ list: ["a.md", "b.md"], a: "a", b: "b" });

    disk.tick(10);
    disk.write("/docs/a.md", "a, edited");
    disk.write("/docs/b.md", "b, edited unreported");
    disk.tick(RACY_MS + 1);
    expect(round(["/docs/a.md"])).toEqual({ list: ["a.md", "b.md"], a: "a, edited", b: "b" });
    expect(disk.statted).toEqual(["/docs", "/docs/a.md"]);
    expect(reads.unreported()).toEqual(["/docs/b.md"]);
    expect(round(["/docs/b.md"]).b).toBe("b, edited unreported");
    expect(reads.unreported()).toEqual([]);

    // A reported folder: everything below it is asked about.
    disk.tick(10);
    disk.write("/docs/a.md", "a, again");
    disk.tick(RACY_MS + 1);
    expect(round(["/docs"]).a).toBe("a, again");
    // An entry read within the racy window of its change is asked about, reported or not.
    disk.write("/docs/b.md", "b, racy");
    expect(round().b).toBe("b, racy");
    disk.write("/docs/b.md", "b, racy again");
    expect(round(["/elsewhere.md"]).b).toBe("b, racy again");
    // A round without reports asks about everything.
    round();
    expect(disk.statted).toEqual(["/docs", "/docs/a.md", "/docs/b.md"]);
  });

  it("gives the last round's walk again while no folder it listed can list other entries", () => {
    const disk = fakeFileSystem();
    disk.write("/docs/a.md", "a");
    disk.tick(RACY_MS + 1);
    const reads = rememberedReads({ fs: disk.fs });
    let walks = 0;
    const round = (reported: string[] | undefined, key = "pages") => {
      reads.onlyChanged(reported);
      reads.sweep();
      return reads.walk(key, () => {
        walks++;
        return reads.list("/docs").map((entry) => entry.name);
      });
    };
    expect(round(undefined)).toEqual(["a.md"]);
    // An edited file changes no listing: the same walk, and the same array.
    disk.write("/docs/a.md", "a, edited");
    disk.tick(RACY_MS + 1);
    const kept = round(["/docs/a.md"]);
    expect(kept).toEqual(["a.md"]);
    expect(round(["/docs/a.md"])).toBe(kept);
    expect(walks).toBe(1);
    // The listings a kept walk stands for are this round's: still remembered, not listed again.
    expect(reads.list("/docs").map((entry) => entry.name)).toEqual(["a.md"]);
    expect(disk.lists).toEqual(["/docs"]);

    // An added file changes its folder's status.
    disk.write("/docs/b.md", "b");
    disk.touchFolder();
    disk.tick(RACY_MS + 1);
    expect(round(["/docs/b.md"])).toEqual(["a.md", "b.md"]);
    expect(walks).toBe(2);
    // Unknown changes, and a key the last round did not walk, walk again.
    round(undefined);
    expect(walks).toBe(3);
    round([], "assets");
    round([], "pages");
    expect(walks).toBe(5);
    // A folder listed within the racy window of its change is listed again, reported or not.
    disk.remove("/docs/b.md");
    disk.touchFolder();
    round(undefined);
    expect(round(["/elsewhere.md"])).toEqual(["a.md"]);
    expect(walks).toBe(7);
  });

  it("keeps the reports made for a round that never came, and asks about everything once one was unknown", () => {
    const disk = fakeFileSystem();
    disk.write("/docs/a.md", "a");
    disk.write("/docs/b.md", "b");
    disk.tick(RACY_MS + 1);
    const reads = rememberedReads({ fs: disk.fs });
    const readAll = () => {
      reads.sweep();
      disk.statted.length = 0;
      return [reads.read("/docs/a.md"), reads.read("/docs/b.md")];
    };
    readAll();
    disk.tick(10);
    disk.write("/docs/a.md", "a2");
    disk.write("/docs/b.md", "b2");
    disk.tick(RACY_MS + 1);
    reads.onlyChanged(["/docs/a.md"]); // its build failed before discovery: no round
    reads.onlyChanged(["/docs/b.md"]);
    expect(readAll()).toEqual(["a2", "b2"]);

    disk.tick(10);
    disk.write("/docs/a.md", "a3");
    disk.tick(RACY_MS + 1);
    reads.onlyChanged(["/docs/b.md"]);
    reads.onlyChanged(undefined);
    reads.onlyChanged(["/docs/b.md"]);
    expect(readAll()).toEqual(["a3", "b2"]);
    expect(disk.statted).toEqual(["/docs/a.md", "/docs/b.md"]);
  });
});
