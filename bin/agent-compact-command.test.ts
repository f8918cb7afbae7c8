/**
 * `docs agent compact` on a copy of the example site: budget precedence (page > config > flag), the written agent.md
 * becomes the page's `.md` body, --dry-run and failures write nothing, --stale finds a page edited after compaction,
 * unknown pages and paths outside the root are refused.
 */
import { existsSync } from "node:fs";
import { appendFile, cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { readGeneratedAgentFile } from "../compiler/agent/agent-file.ts";
import { countTokens } from "../compiler/agent/tokens.ts";
import { build } from "../compiler/index.ts";
import { runAgentCompact } from "./agent-compact-command.ts";

let root = "";
const logs: string[] = [];
beforeAll(async () => {
  root = path.join(await mkdtemp(path.join(tmpdir(), "quire-compact-test-")), "site");
  await cp(path.resolve(import.meta.dirname, "../fixtures/example"), root, {
    recursive: true,
    filter: (s) => !/node_modules|\/dist$/.test(s),
  });
  vi.spyOn(console, "log").mockImplementation((line: string) => {
    logs.push(line);
  });
  vi.spyOn(console, "error").mockImplementation((line: string) => {
    logs.push(line);
  });
});
afterAll(() => rm(path.dirname(root), { recursive: true, force: true }));

const page = "docs/concepts/retries-and-backoff";
const run = (options: Partial<Parameters<typeof runAgentCompact>[0]>) =>
  runAgentCompact({ root, git: false, ...options });

describe("docs agent compact", () => {
  it("--dry-run reports and writes nothing", async () => {
    expect(await run({ page: "concepts/retries-and-backoff", maxOutputTokens: "400", dryRun: true })).toBe(0);
    expect(existsSync(path.join(root, page, "agent.md"))).toBe(false);
    expect(logs.at(-1)).toMatch(
      /would write docs\/concepts\/retries-and-backoff\/agent\.md {2}\d+ → \d+ tokens \(budget 400/,
    );
  }, 60_000);

  it("writes agent.md within the budget, which the next build serves as the page's .md body", async () => {
    expect(await run({ page: "/docs/concepts/retries-and-backoff", maxOutputTokens: "400" })).toBe(0);
    const text = await readFile(path.join(root, page, "agent.md"), "utf8");
    const record = readGeneratedAgentFile(text)!;
    expect(record.budget).toBe(400);
    expect(record.tokens).toBe(countTokens(text.replace(/^---[\s\S]*?---\n\n/, "")));
    expect(record.tokens).toBeLessThanOrEqual(400);
    const result = await build({ root, outDir: path.join(root, "dist"), git: false });
    const built = result.site.pages.find((p) => p.slug === "concepts/retries-and-backoff")!;
    expect(built.hasAgentFile).toBe(true);
    expect(built.agentBody).toBe(text.replace(/^---[\s\S]*?---\n\n/, "").trim());
  }, 60_000);

  it("prefers the page's agent.tokenBudget over the flag", async () => {
    const file = path.join(root, "docs/concepts/jobs/page.mdx");
    const source = await readFile(file, "utf8");
    await writeFile(file, source.replace(/^---\n/, "---\nagent:\n  tokenBudget: 350\n"));
    expect(await run({ page: "concepts/jobs", maxOutputTokens: "9000" })).toBe(0);
    expect(readGeneratedAgentFile(await readFile(path.join(root, "docs/concepts/jobs/agent.md"), "utf8"))!.budget).toBe(
      350,
    );
  }, 60_000);

  it("--stale picks a page edited after its agent.md was generated", async () => {
    await appendFile(path.join(root, page, "page.mdx"), "\nA sentence added after compaction, with `code` in it.\n");
    logs.length = 0;
    expect(await run({ stale: true, maxOutputTokens: "400", dryRun: true })).toBe(0);
    expect(logs.filter((line) => line.startsWith("would write")).map((line) => line.split(" ")[2])).toEqual([
      `${page}/agent.md`,
    ]);
  }, 60_000);

  it("writes nothing when a page cannot fit, and refuses unknown pages and paths outside the root", async () => {
    const before = await readFile(path.join(root, page, "agent.md"), "utf8");
    expect(await run({ all: true, maxOutputTokens: "40" })).toBe(1);
    expect(await readFile(path.join(root, page, "agent.md"), "utf8")).toBe(before);
    expect(await run({ page: "concepts/retries" })).toBe(2);
    expect(logs.at(-1)).toContain('did you mean "concepts/queues"');
    expect(await run({ page: "../../outside/page.md" })).toBe(2);
    expect(logs.at(-1)).toContain("outside the site root");
  }, 60_000);
});
