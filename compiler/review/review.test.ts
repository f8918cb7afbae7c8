/**
 * Review fixture sites (SPEC 2.12): each folder of fixtures/review is a site, and its `expected.txt` holds the whole
 * `docs review` text report (findings with rule id and place, notes, score line) and the exit code `ci.mode` gives.
 * A folder with an `after/` subfolder is built first, then `after/` is copied over its sources, so the review sees a
 * dist/ older than the sources (agentSurfaceDrift). Adding a case is adding a folder; `UPDATE_EXPECTED=1` rewrites.
 */
import { existsSync, readdirSync } from "node:fs";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { build } from "../index.ts";
import { formatReview } from "./format.ts";
import { review, reviewExitCode } from "./index.ts";

const cases = path.resolve(import.meta.dirname, "../../fixtures/review");
const update = process.env.UPDATE_EXPECTED === "1" || process.env.UPDATE_SNAPSHOTS === "1";
const names = readdirSync(cases, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort();

async function reviewCase(name: string, readers?: number): Promise<string> {
  const temp = await mkdtemp(path.join(tmpdir(), "quire-review-case-"));
  try {
    const site = path.join(temp, name);
    await cp(path.join(cases, name), site, {
      recursive: true,
      filter: (source) => path.basename(source) !== "expected.txt",
    });
    const after = path.join(site, "after");
    let drift;
    if (existsSync(after)) {
      await build({ root: site, outDir: path.join(site, "dist"), git: false });
      await cp(after, site, { recursive: true });
      await rm(after, { recursive: true });
      drift = { dist: path.join(site, "dist") };
    }
    const report = await review({ root: site, drift, git: false, readers });
    return `${formatReview(report, "text")}exit ${reviewExitCode(report)}\n`;
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}

describe("review fixture sites report exactly their expected.txt", () => {
  it("has a case for every rule but goldenTasks's own suite", () => {
    expect(names.length).toBeGreaterThanOrEqual(12);
  });
  for (const name of names) {
    it(name, async () => {
      const actual = await reviewCase(name);
      const file = path.join(cases, name, "expected.txt");
      if (update) await writeFile(file, actual);
      expect(actual).toBe(await readFile(file, "utf8"));
    }, 60_000);
  }
});

describe("reading pages in reader threads", () => {
  // Large sites are read across cores; the report must not depend on which thread read a page.
  for (const name of [
    "broken-links",
    "agent-context",
    "invalid-mdx",
    "config-confidence",
    "code-blocks-validate",
    "related-coverage",
  ]) {
    it(`${name}: two reader threads report what one thread reports`, async () => {
      expect(await reviewCase(name, 2)).toBe(await reviewCase(name, 1));
    }, 60_000);
  }
});
