/**
 * Builds every fixture site and diffs it against its golden tree in snapshots/.
 * `npm run snapshots:update` rewrites the trees; review the diff in the commit.
 */
import { existsSync } from "node:fs";
import { cp, mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { build } from "./index.ts";
import { describeTreeDifference, readTree } from "./testing/tree.ts";

const repo = path.resolve(import.meta.dirname, "..");
const fixtures = path.join(repo, "fixtures");
const snapshots = path.join(repo, "snapshots");
const update = process.env.UPDATE_SNAPSHOTS === "1";
const sites = (await readdir(fixtures, { withFileTypes: true }))
  .filter((e) => e.isDirectory() && e.name !== "broken" && existsSync(path.join(fixtures, e.name)))
  .map((e) => e.name)
  .sort();
const scratch = await mkdtemp(path.join(tmpdir(), "quire-snapshots-"));
afterAll(() => rm(scratch, { recursive: true, force: true }));

/** Snapshot folders whose fixture is gone: nothing rebuilds them, yet runtime tests may still read them. */
export async function orphanSnapshots(snapshotDir: string, fixtureSites: string[]): Promise<string[]> {
  const folders = (await readdir(snapshotDir, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name);
  return folders.filter((name) => !fixtureSites.includes(name)).sort();
}

describe("every snapshot has its fixture", () => {
  it("finds no snapshot folder without a fixture site", async () => {
    expect(await orphanSnapshots(snapshots, sites), "delete the folder, or restore its fixture under fixtures/").toEqual([]);
  });

  it("flags a snapshot folder left behind by a removed fixture", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "quire-orphans-"));
    try {
      for (const name of ["example", "renamed-away"]) await mkdir(path.join(dir, name));
      await writeFile(path.join(dir, "README.md"), "not a site");
      expect(await orphanSnapshots(dir, ["example"])).toEqual(["renamed-away"]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("fixture sites match their golden dist/ trees", () => {
  for (const site of sites) {
    it(`builds ${site} byte-identically to snapshots/${site}`, async () => {
      const out = path.join(scratch, site);
      await build({ root: path.join(fixtures, site), outDir: out, git: false });
      const golden = path.join(snapshots, site);
      if (update) {
        await rm(golden, { recursive: true, force: true });
        await cp(out, golden, { recursive: true });
      }
      expect(existsSync(golden), `no snapshot for ${site}; run npm run snapshots:update`).toBe(true);
      const tree = await readTree(out);
      expectAudienceSafe(tree);
      const difference = describeTreeDifference(tree, await readTree(golden));
      expect(difference, `${site} differs from its snapshot (npm run snapshots:update rewrites it)`).toBeUndefined();
    }, 60_000);
  }
});

/** SPEC 2.7 on real output: agent-only text never in HTML, human-only text never in agent Markdown. */
function expectAudienceSafe(tree: Map<string, Buffer>): void {
  for (const [file, bytes] of tree) {
    const text = bytes.toString("utf8");
    if (file.endsWith(".html")) expect(text, `${file} shows agent-only text`).not.toMatch(/AGENT-ONLY|FROM-AGENT-MD/);
    if (file.endsWith(".md")) expect(text, `${file} shows human-only text`).not.toMatch(/HUMAN-ONLY|SHARED-HTML/);
  }
}

describe("builds are deterministic", () => {
  it("builds the example site twice into byte-identical trees", async () => {
    const first = path.join(scratch, "twice-a");
    const second = path.join(scratch, "twice-b");
    await build({ root: path.join(fixtures, "example"), outDir: first, git: false });
    await build({ root: path.join(fixtures, "example"), outDir: second, git: false });
    expect(describeTreeDifference(await readTree(second), await readTree(first))).toBeUndefined();
  }, 60_000);
});
