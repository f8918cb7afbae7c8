/**
 * Exit codes and output of the agent tooling commands as the CLI runs them: docs review by ci.mode and format
 * (GitHub annotations by default under GitHub Actions), docs doctor refusing what it cannot check.
 */
import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { runDoctor } from "./doctor-command.ts";
import { runReview } from "./review-command.ts";

const fixtures = path.resolve(import.meta.dirname, "../fixtures");
const temps: string[] = [];
afterAll(async () => {
  for (const dir of temps) await rm(dir, { recursive: true, force: true });
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

function capture() {
  const out: string[] = [];
  vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
    out.push(String(chunk));
    return true;
  });
  vi.spyOn(console, "log").mockImplementation((line: string) => {
    out.push(`${line}\n`);
  });
  vi.spyOn(console, "error").mockImplementation((line: string) => {
    out.push(`${line}\n`);
  });
  return () => out.join("");
}

describe("docs review (CLI)", () => {
  it("exits 1 under ci.mode block with a score below the threshold, 0 under the default warn mode", async () => {
    capture();
    expect(await runReview({ root: path.join(fixtures, "review/settings"), git: false })).toBe(1);
    expect(await runReview({ root: path.join(fixtures, "review/broken-links"), git: false })).toBe(0);
  }, 60_000);

  it("prints GitHub annotations with repository-relative paths under GitHub Actions", async () => {
    vi.stubEnv("GITHUB_ACTIONS", "true");
    const output = capture();
    await runReview({ root: path.join(fixtures, "review/broken-links"), git: false });
    expect(output()).toContain(
      "::error file=fixtures/review/broken-links/docs/page.md,line=11,col=20,title=docs-review brokenLinks::",
    );
  }, 60_000);

  it("exits 2 for an unknown format and for a folder without a config", async () => {
    const output = capture();
    expect(await runReview({ root: path.join(fixtures, "review/settings"), format: "xml", git: false })).toBe(2);
    const empty = await mkdtemp(path.join(tmpdir(), "quire-review-empty-"));
    temps.push(empty);
    expect(await runReview({ root: empty, git: false })).toBe(2);
    expect(output()).toContain("no config found");
  }, 60_000);
});

describe("docs doctor (CLI)", () => {
  it("exits 2 without --agent, without a build, and for a URL that does not answer", async () => {
    const output = capture();
    expect(await runDoctor({ root: path.join(fixtures, "example") })).toBe(2);
    const empty = await mkdtemp(path.join(tmpdir(), "quire-doctor-empty-"));
    temps.push(empty);
    expect(await runDoctor({ agent: true, root: empty })).toBe(2);
    expect(await runDoctor({ agent: true, root: empty, url: "http://127.0.0.1:9" })).toBe(2);
    expect(await runDoctor({ agent: true, root: empty, url: "ftp://example.com" })).toBe(2);
    expect(output()).toMatch(/does not answer/);
  }, 60_000);

  it("exits 0 with --json on a complete build and 1 when a check fails", async () => {
    const dist = await mkdtemp(path.join(tmpdir(), "quire-doctor-dist-"));
    temps.push(dist);
    await cp(path.join(fixtures, "../snapshots/example"), dist, { recursive: true });
    const output = capture();
    expect(await runDoctor({ agent: true, root: path.join(fixtures, "example"), dist, json: true })).toBe(0);
    expect(JSON.parse(output()).ok).toBe(true);
    await rm(path.join(dist, "llms.txt"));
    expect(await runDoctor({ agent: true, root: path.join(fixtures, "example"), dist })).toBe(1);
  }, 60_000);
});
