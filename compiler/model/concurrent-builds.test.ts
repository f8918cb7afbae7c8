/**
 * Two builds in one process at once (tests, tools embedding `build()`, `docs dev` beside a build) must not share
 * their highlighter: each page is coloured with its own site's themes. The shared module variable this replaced let
 * one site's token colours into the other's pages and, through the page cache, into later builds.
 */
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { build } from "../index.ts";

const fixtures = path.resolve(import.meta.dirname, "../../fixtures");
const SITES = ["example", "theme-ember"]; // theme-ember: other highlighter themes (one-light) and line tints

describe("concurrent builds in one process", () => {
  it("give each site the same pages as a build on its own", async () => {
    const out = await mkdtemp(path.join(tmpdir(), "quire-concurrent-"));
    const dist = (site: string, run: string) => path.join(out, run, site);
    const buildSite = (site: string, run: string) =>
      build({ root: path.join(fixtures, site), outDir: dist(site, run), git: false, cache: false });
    // Both orders, before any highlighter is cached: whichever build prepared its highlighter last used to colour the
    // other's pages.
    await Promise.all(SITES.map((site) => buildSite(site, "together")));
    await Promise.all([...SITES].reverse().map((site) => buildSite(site, "reversed")));
    for (const site of SITES) await buildSite(site, "alone");
    for (const site of SITES) {
      const page = path.join(site === "example" ? "docs/concepts/jobs" : "docs/guides/install", "index.html");
      const expected = await readFile(path.join(dist(site, "alone"), page), "utf8");
      expect(expected).toContain("--shiki-dark:");
      expect(await readFile(path.join(dist(site, "together"), page), "utf8")).toBe(expected);
      expect(await readFile(path.join(dist(site, "reversed"), page), "utf8")).toBe(expected);
    }
  }, 180_000);
});
