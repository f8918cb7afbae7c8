/**
 * SPEC 2.4 generations across real builds into one dist/: an unchanged rebuild keeps the generation, a rebuild that
 * edits one page, adds one and deletes one moves it and keeps the previous documents in history. The runtime side
 * (`runtime/routes/changes.test.ts`) serves a log of this shape.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runtimeFile, type ChangesLog } from "../../runtime/contract/index.ts";
import { build } from "../index.ts";

let work: string;
let first: ChangesLog;
let unchanged: ChangesLog;
let second: ChangesLog;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), "quire-changes-log-"));
  const root = path.join(work, "site");
  const dist = path.join(work, "dist");
  const readLog = async () =>
    JSON.parse(await readFile(path.join(dist, runtimeFile("changes.json")), "utf8")) as ChangesLog;
  await cp("fixtures/example", root, { recursive: true, filter: (source) => !source.includes(`${path.sep}dist`) });
  await build({ root, outDir: dist, git: false });
  first = await readLog();
  await build({ root, outDir: dist, git: false });
  unchanged = await readLog();
  const faq = path.join(root, "docs/faq/page.md");
  await writeFile(faq, (await readFile(faq, "utf8")) + "\n\nA new answer about retries.\n");
  await rm(path.join(root, "docs/internals"), { recursive: true });
  await cp(path.join(root, "docs/reference/errors"), path.join(root, "docs/reference/limits"), { recursive: true });
  await build({ root, outDir: dist, git: false });
  second = await readLog();
}, 120_000);
afterAll(() => rm(work, { recursive: true, force: true }));

describe("the content-changes log across builds into one dist/", () => {
  it("starts at generation 1 with no history", () => {
    expect(first).toMatchObject({ format: "quire-changes-log.v1", generation: 1, history: [] });
    expect(Object.keys(first.documents)).toHaveLength(24);
    expect(first.documents.faq).toMatch(/^sha256-/);
  });

  it("keeps the generation and the log when nothing changed", () => {
    expect(unchanged).toEqual(first);
  });

  it("moves to generation 2 and keeps generation 1's documents in history", () => {
    expect(second.generation).toBe(2);
    expect(second.history).toEqual([{ generation: 1, documents: first.documents }]);
    const added = Object.keys(second.documents).filter((path) => !(path in first.documents));
    const removed = Object.keys(first.documents).filter((path) => !(path in second.documents));
    const modified = Object.keys(second.documents).filter(
      (path) => path in first.documents && first.documents[path] !== second.documents[path],
    );
    expect({ added, removed, modified }).toEqual({
      added: ["reference/limits"],
      removed: ["internals"],
      modified: ["faq"],
    });
  });
});
