/** `docs agent export` (SPEC 1.5): the agent projection as a folder or a deterministic tar; a broken site writes nothing. */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { runAgentExport } from "./agent-export-command.ts";

const fixtures = path.resolve(import.meta.dirname, "../fixtures");
const temp = await mkdtemp(path.join(tmpdir(), "quire-export-test-"));
afterAll(() => rm(temp, { recursive: true, force: true }));
vi.spyOn(console, "log").mockImplementation(() => {});
vi.spyOn(console, "error").mockImplementation(() => {});

async function list(dir: string, prefix = ""): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await list(path.join(dir, entry.name), relative)));
    else out.push(relative);
  }
  return out.sort();
}

describe("docs agent export", () => {
  it("writes every .md, llms file, AGENTS.md, skill.md, skills index, manifest and a contracts index, and no HTML", async () => {
    const out = path.join(temp, "contract-dir");
    expect(await runAgentExport({ root: path.join(fixtures, "contract"), out, format: "dir", git: false })).toBe(0);
    const files = await list(out);
    expect(files).toEqual(
      expect.arrayContaining([
        "AGENTS.md",
        "skill.md",
        "llms.txt",
        "llms-full.txt",
        ".well-known/agent.json",
        ".well-known/agent-skills/index.json",
        "contracts.json",
      ]),
    );
    expect(files.filter((file) => file.endsWith(".html"))).toEqual([]);
    const snapshotMd = (await list(path.join(fixtures, "../snapshots/contract"))).filter((file) =>
      file.endsWith(".md"),
    );
    expect(files).toEqual(expect.arrayContaining(snapshotMd));
    const { contracts } = JSON.parse(await readFile(path.join(out, "contracts.json"), "utf8"));
    expect(contracts.length).toBeGreaterThan(0);
    for (const entry of contracts) expect(entry.contract.task ?? entry.contract.commands.length).toBeTruthy();
  }, 60_000);

  it("writes the same tar bytes twice, readable by tar", async () => {
    const first = path.join(temp, "a.tar");
    const second = path.join(temp, "b.tar");
    expect(await runAgentExport({ root: path.join(fixtures, "example"), out: first, format: "tar", git: false })).toBe(
      0,
    );
    expect(await runAgentExport({ root: path.join(fixtures, "example"), out: second, format: "tar", git: false })).toBe(
      0,
    );
    expect(Buffer.compare(await readFile(first), await readFile(second))).toBe(0);
    const entries = execFileSync("tar", ["tf", first], { encoding: "utf8" }).trim().split("\n");
    expect(entries).toContain("docs/getting-started/installation.md");
    expect(entries).toContain("contracts.json");
  }, 60_000);

  it("writes nothing for a site that does not build, and refuses an unknown format", async () => {
    const out = path.join(temp, "broken");
    expect(
      await runAgentExport({ root: path.join(fixtures, "broken/multiple-errors"), out, format: "dir", git: false }),
    ).toBe(1);
    expect(existsSync(out)).toBe(false);
    expect(await runAgentExport({ root: path.join(fixtures, "example"), out, format: "zip", git: false })).toBe(2);
    expect(existsSync(out)).toBe(false);
  }, 60_000);
});
