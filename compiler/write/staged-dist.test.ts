import { spawnSync } from "node:child_process";
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fileDigest } from "../emit/file-digests.ts";
import { readTree } from "../testing/tree.ts";
import { IN_FLIGHT_BYTES, StagedDist } from "./staged-dist.ts";

let parent: string;
let dist: string;

beforeEach(async () => {
  parent = await mkdtemp(path.join(tmpdir(), "quire-staged-"));
  dist = path.join(parent, "dist");
});

afterEach(async () => {
  await rm(parent, { recursive: true, force: true });
});

const text = (tree: Map<string, Buffer>) =>
  Object.fromEntries([...tree].map(([file, bytes]) => [file, bytes.toString("utf8")]));

async function previousBuild(files: Record<string, string>) {
  for (const [name, contents] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dist, name)), { recursive: true });
    await writeFile(path.join(dist, name), contents);
  }
  return { from: dist, digests: Object.fromEntries(Object.entries(files).map(([n, c]) => [n, fileDigest(c)])) };
}

describe("StagedDist", () => {
  it("writes files as they are set, keeps only digests and sizes, and swaps the folder in on commit", async () => {
    await previousBuild({ "stale.html": "old" });
    const staged = await StagedDist.open(dist);
    staged.set("docs/guide/index.html", "<h1>Guide</h1>");
    staged.set("docs/guide.md", "# Guide — ünïcode");
    expect(staged.written.get("docs/guide.md")).toEqual({
      digest: fileDigest("# Guide — ünïcode"),
      bytes: Buffer.byteLength("# Guide — ünïcode"),
    });
    expect(text(await readTree(dist)), "dist/ is untouched until the commit").toEqual({ "stale.html": "old" });
    await staged.commit(new Map([["llms.txt", "# Site"]]));
    expect(text(await readTree(dist))).toEqual({
      "docs/guide.md": "# Guide — ünïcode",
      "docs/guide/index.html": "<h1>Guide</h1>",
      "llms.txt": "# Site",
    });
    expect(await readdir(parent)).toEqual(["dist"]);
  });

  it("links a file whose digest the previous manifest lists, and never writes through that link", async () => {
    const reuse = await previousBuild({ "a.html": "same", "b.html": "before", "c.html": "kept" });
    const staged = await StagedDist.open(dist, reuse);
    staged.set("a.html", "same");
    staged.set("b.html", "after");
    staged.set("c.html", "kept");
    const inode = (await stat(path.join(dist, "a.html"))).ino;
    // A name written again (a public file over a page) and a name the in-memory files replace.
    staged.set("a.html", "public a");
    await staged.commit(new Map([["c.html", "public c"]]));
    expect(text(await readTree(dist))).toEqual({ "a.html": "public a", "b.html": "after", "c.html": "public c" });
    expect((await stat(path.join(dist, "a.html"))).ino).not.toBe(inode);
  });

  it("links the unchanged file into the new folder", async () => {
    const reuse = await previousBuild({ "a.html": "same" });
    const before = (await stat(path.join(dist, "a.html"))).ino;
    const staged = await StagedDist.open(dist, reuse);
    staged.set("a.html", "same");
    await staged.commit(new Map());
    expect((await stat(path.join(dist, "a.html"))).ino).toBe(before);
  });

  it("writes more than it lets wait in memory: past the allowance, set() waits for the writer", async () => {
    const staged = await StagedDist.open(dist);
    const megabyte = (n: number) => `${n}`.padEnd(1 << 20, "x");
    let most = 0;
    for (let n = 0; n < 100; n++) {
      staged.set(`pages/${n % 7}/${n}.html`, megabyte(n));
      most = Math.max(most, staged.pendingBytes());
    }
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(IN_FLIGHT_BYTES);
    await staged.commit(new Map());
    const tree = await readTree(dist);
    expect(tree.size).toBe(100);
    for (let n = 0; n < 100; n++) expect(tree.get(`pages/${n % 7}/${n}.html`)!.toString()).toBe(megabyte(n));
  });

  it("writes a file larger than the allowance once what is before it is written", async () => {
    const staged = await StagedDist.open(dist);
    staged.set("small.txt", "before");
    const large = "x".repeat(IN_FLIGHT_BYTES + 1);
    staged.set("large.txt", large);
    staged.set("after.txt", "after");
    await staged.commit(new Map());
    const tree = await readTree(dist);
    expect(tree.get("large.txt")!.byteLength).toBe(IN_FLIGHT_BYTES + 1);
    expect(tree.get("small.txt")!.toString()).toBe("before");
    expect(tree.get("after.txt")!.toString()).toBe("after");
  });

  it("writes the same large text at two names, and a different one after it", async () => {
    const staged = await StagedDist.open(dist);
    const large = "é".repeat(1 << 20);
    staged.set("llms-full.txt", large);
    staged.set(".well-known/llms-full.txt", large);
    staged.set("other.txt", `${large}!`);
    expect(staged.written.get(".well-known/llms-full.txt")).toEqual(staged.written.get("llms-full.txt"));
    await staged.commit(new Map());
    const tree = await readTree(dist);
    expect(tree.get("llms-full.txt")!.toString()).toBe(large);
    expect(tree.get(".well-known/llms-full.txt")!.toString()).toBe(large);
    expect(tree.get("other.txt")!.toString()).toBe(`${large}!`);
  });

  it("writes a file part by part, with the digest of its bytes, and copies it to more names", async () => {
    const staged = await StagedDist.open(dist);
    const parts = [
      "[",
      '{"a":"café — 🚀"}',
      ",",
      "x".repeat(3 << 20),
      ",",
      ...Array.from({ length: 3000 }, (_, i) => `"${i}ü",`),
      "]\n",
    ];
    const writer = staged.openParts("_docs/search-human.json");
    for (const part of parts) writer.write(part);
    writer.end("copy/of.json");
    const expected = parts.join("");
    const file = { digest: fileDigest(expected), bytes: Buffer.byteLength(expected) };
    expect(staged.written.get("_docs/search-human.json")).toEqual(file);
    expect(staged.written.get("copy/of.json")).toEqual(file);
    // A name written before takes the parts through `set`, once all are in.
    staged.set("again.txt", "first");
    const again = staged.openParts("again.txt");
    again.write("sec");
    again.write("ond");
    again.end();
    expect(staged.written.get("again.txt")).toEqual({ digest: fileDigest("second"), bytes: 6 });
    await staged.commit(new Map());
    const tree = text(await readTree(dist));
    expect(tree["_docs/search-human.json"] === expected && tree["copy/of.json"] === expected).toBe(true);
    expect(tree["again.txt"]).toBe("second");
  });

  it("removes what builds killed outright left beside dist/, and nothing of a build still running", async () => {
    const dead = spawnSync(process.execPath, ["-e", ""]).pid;
    await previousBuild({ "index.html": "previous" });
    const leftovers = [
      `.quire-tmp-${dead}-ab12cd34`,
      `.quire-old-${dead}-ef56ab78`,
      `.quire-tmp-${dead}-spool-0f0f0f0f`,
    ];
    const running = `.quire-tmp-${process.pid}-0badf00d`;
    for (const name of [...leftovers.slice(0, 2), running]) {
      await mkdir(path.join(parent, name, "docs"), { recursive: true });
      await writeFile(path.join(parent, name, "docs", "index.html"), "half written");
    }
    await writeFile(path.join(parent, leftovers[2]), "spooled text");
    const staged = await StagedDist.open(dist);
    staged.set("index.html", "new");
    await staged.commit(new Map());
    expect((await readdir(parent)).sort()).toEqual([running, "dist"].sort());
    expect(text(await readTree(dist))).toEqual({ "index.html": "new" });
  });

  it("keeps an output a killed build had moved aside when dist/ is gone: it is the last output there is", async () => {
    const dead = spawnSync(process.execPath, ["-e", ""]).pid;
    const aside = `.quire-old-${dead}-ef56ab78`;
    await mkdir(path.join(parent, aside), { recursive: true });
    await writeFile(path.join(parent, aside, "index.html"), "previous");
    const staged = await StagedDist.open(dist);
    staged.set("index.html", "new");
    await staged.commit(new Map());
    expect((await readdir(parent)).sort()).toEqual([aside, "dist"].sort());
  });

  it("discard leaves the previous output as it was and no temp folder behind", async () => {
    await previousBuild({ "index.html": "previous build" });
    const staged = await StagedDist.open(dist);
    staged.set("index.html", "half a build");
    await staged.discard();
    expect(text(await readTree(dist))).toEqual({ "index.html": "previous build" });
    expect(await readdir(parent)).toEqual(["dist"]);
  });

  it("removes its temp folder when the process exits mid-build, and leaves dist/ as it was", async () => {
    await previousBuild({ "index.html": "previous build" });
    const module = pathToFileURL(path.join(import.meta.dirname, "staged-dist.ts")).href;
    const script = `const { StagedDist } = await import(${JSON.stringify(module)});
      const staged = await StagedDist.open(${JSON.stringify(dist)});
      staged.set("index.html", "half a build");
      staged.set("docs/page.md", "# Page");
      process.exit(3);`;
    const child = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      encoding: "utf8",
    });
    expect(child.status, child.stderr).toBe(3);
    expect(await readdir(parent)).toEqual(["dist"]);
    expect(text(await readTree(dist))).toEqual({ "index.html": "previous build" });
  });

  it("a failed commit removes the temp folder and keeps the previous output", async () => {
    await previousBuild({ "index.html": "previous build" });
    const staged = await StagedDist.open(dist);
    staged.set("docs", "a file");
    await expect(staged.commit(new Map([["docs/index.html", "a page under a file"]]))).rejects.toThrow();
    expect(await readFile(path.join(dist, "index.html"), "utf8")).toBe("previous build");
    expect(await readdir(parent)).toEqual(["dist"]);
  });
});
