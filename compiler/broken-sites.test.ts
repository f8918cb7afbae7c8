/**
 * Broken fixture sites: each folder of fixtures/broken is a site whose build fails, and its `expected.txt` holds every
 * message the failed build reports (formatMessage output: `file:line:col reason [rule]`, a hint on the indented line
 * below), errors and warnings, in the order reported. Adding a case is adding a folder; `UPDATE_EXPECTED=1` (or
 * `UPDATE_SNAPSHOTS=1`) rewrites the files, to be reviewed in the diff. A failed build never touches the old dist/.
 */
import { existsSync, readdirSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile, mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BuildFailure, formatMessage, hasErrors, type BuildMessage } from "./diagnostics.ts";
import { build } from "./index.ts";

const broken = path.resolve(import.meta.dirname, "../fixtures/broken");
const update = process.env.UPDATE_EXPECTED === "1" || process.env.UPDATE_SNAPSHOTS === "1";
const cases = readdirSync(broken, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

async function failureOf(site: string): Promise<BuildMessage[]> {
  const out = await mkdtemp(path.join(tmpdir(), "quire-broken-"));
  try {
    await build({ root: path.join(broken, site), outDir: path.join(out, "dist"), git: false });
  } catch (error) {
    if (error instanceof BuildFailure) return error.messages;
    throw error;
  } finally {
    await rm(out, { recursive: true, force: true });
  }
  throw new Error(`${site} built without errors`);
}

describe("broken sites report exactly their expected.txt", () => {
  it("has cases, each with an expected.txt", () => {
    expect(cases.length).toBeGreaterThan(0);
    if (!update)
      for (const site of cases)
        expect(existsSync(path.join(broken, site, "expected.txt")), `${site}/expected.txt`).toBe(true);
  });

  for (const site of cases) {
    it(site, async () => {
      const messages = await failureOf(site);
      expect(hasErrors(messages), `${site} failed without an error message`).toBe(true);
      const actual = messages.map((m) => `${formatMessage(m)}\n`).join("");
      const expectedFile = path.join(broken, site, "expected.txt");
      if (update) await writeFile(expectedFile, actual);
      expect(actual).toBe(await readFile(expectedFile, "utf8"));
    }, 60_000);
  }
});

describe("a failed build is atomic", () => {
  // multiple-errors fails while its pages are built; llms-over-budget once they are written (write/staged-dist.ts).
  for (const site of ["multiple-errors", "llms-over-budget"])
    it(`leaves the previous dist/ exactly as it was, and nothing beside it (${site})`, async () => {
      const out = await mkdtemp(path.join(tmpdir(), "quire-atomic-"));
      const dist = path.join(out, "dist");
      await mkdir(dist);
      await writeFile(path.join(dist, "previous.html"), "previous build");
      await expect(build({ root: path.join(broken, site), outDir: dist, git: false })).rejects.toBeInstanceOf(
        BuildFailure,
      );
      expect(readdirSync(dist)).toEqual(["previous.html"]);
      expect(await readFile(path.join(dist, "previous.html"), "utf8")).toBe("previous build");
      expect(readdirSync(out)).toEqual(["dist"]);
      await rm(out, { recursive: true, force: true });
    });
});
