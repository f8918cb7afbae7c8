import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readTree } from "../testing/tree.ts";
import { writeDist } from "./write-dist.ts";

let parent: string;
let dist: string;

beforeEach(async () => {
  parent = await mkdtemp(path.join(tmpdir(), "quire-write-"));
  dist = path.join(parent, "dist");
});

afterEach(async () => {
  await rm(parent, { recursive: true, force: true });
});

const text = (tree: Map<string, Buffer>) =>
  Object.fromEntries([...tree].map(([file, bytes]) => [file, bytes.toString("utf8")]));

describe("writeDist", () => {
  it("writes nested files, text and bytes, creating the output folder and its parents", async () => {
    const out = path.join(parent, "site", "dist");
    await writeDist(
      out,
      new Map<string, string | Uint8Array>([
        ["index.html", "<h1>Home</h1>"],
        ["docs/guides/install/index.html", "<h1>Install</h1>"],
        ["og/card.png", new Uint8Array([137, 80, 78, 71])],
      ]),
    );
    const tree = await readTree(out);
    expect([...tree.keys()]).toEqual(["docs/guides/install/index.html", "index.html", "og/card.png"]);
    expect([...tree.get("og/card.png")!]).toEqual([137, 80, 78, 71]);
  });

  it("replaces an existing output folder entirely", async () => {
    await mkdir(path.join(dist, "old"), { recursive: true });
    await writeFile(path.join(dist, "old", "stale.html"), "stale");
    await writeDist(dist, new Map([["index.html", "new"]]));
    expect(text(await readTree(dist))).toEqual({ "index.html": "new" });
  });

  it("leaves no temporary folders behind", async () => {
    await writeDist(dist, new Map([["a.txt", "1"]]));
    await writeDist(dist, new Map([["b.txt", "2"]]));
    expect(await readdir(parent)).toEqual(["dist"]);
  });

  it("keeps the previous output intact and cleans up when a write fails", async () => {
    await mkdir(dist);
    await writeFile(path.join(dist, "previous.html"), "previous build");
    // `docs` is both a file and a folder, so writing one of them must fail.
    const colliding = new Map([
      ["docs", "a file"],
      ["docs/index.html", "a page"],
    ]);
    await expect(writeDist(dist, colliding)).rejects.toThrow();
    expect(await readFile(path.join(dist, "previous.html"), "utf8")).toBe("previous build");
    expect(await readdir(parent)).toEqual(["dist"]);
  });
});

describe("writeDist with nothing to write", () => {
  it("replaces the output with an empty folder when there are no files", async () => {
    await mkdir(dist);
    await writeFile(path.join(dist, "previous.html"), "previous build");
    await writeDist(dist, new Map());
    expect(await readdir(parent)).toEqual(["dist"]);
    expect(await readdir(dist)).toEqual([]);
  });
});
