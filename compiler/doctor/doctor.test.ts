/**
 * `docs doctor --agent` over committed snapshot builds served on loopback: a good build passes every check, and each
 * kind of damage (a changed SKILL.md, a missing page .md, a robots.txt shutting AI crawlers out) fails its own check
 * with a fix. Static export skips what it does not serve.
 */
import { appendFile, cp, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startNodeServer } from "../../runtime/adapters/node-server.ts";
import { runDoctorChecks } from "./index.ts";

const snapshots = path.resolve(import.meta.dirname, "../../snapshots");
const temps: string[] = [];
afterAll(async () => {
  for (const dir of temps) await rm(dir, { recursive: true, force: true });
});

async function doctor(site: string, damage?: (dist: string) => Promise<void>) {
  const dist = await mkdtemp(path.join(tmpdir(), "quire-doctor-"));
  temps.push(dist);
  await cp(path.join(snapshots, site), dist, { recursive: true });
  await damage?.(dist);
  const server = await startNodeServer({ dist, port: 0 });
  try {
    const checks = await runDoctorChecks({ origin: server.origin, ai: "allow" });
    return Object.fromEntries(checks.map((check) => [check.id, check]));
  } finally {
    await server.close();
  }
}

describe("docs doctor --agent", () => {
  it("passes every check on a complete build", async () => {
    const checks = await doctor("example");
    expect(Object.values(checks).map((c) => `${c.id} ${c.status}`)).toEqual([
      "manifest pass",
      "manifest-schema pass",
      "advertised-urls pass",
      "markdown pass",
      "skill-digests pass",
      "robots pass",
      "mcp pass",
      "feedback pass",
    ]);
  }, 60_000);

  it("fails the digest check when SKILL.md bytes change after the index was written", async () => {
    const checks = await doctor("example", (dist) =>
      appendFile(path.join(dist, ".well-known/agent-skills/acme-queue-docs/SKILL.md"), "\nedited\n"),
    );
    expect(checks["skill-digests"].status).toBe("fail");
    expect(checks["skill-digests"].detail).toContain("acme-queue-docs: index says sha256:");
    expect(checks["skill-digests"].fix).toBeTruthy();
  }, 60_000);

  it("fails advertised URLs when a page's .md that llms.txt lists is missing", async () => {
    const checks = await doctor("example", (dist) => rm(path.join(dist, "docs/faq.md")));
    expect(checks["advertised-urls"].status).toBe("fail");
    expect(checks["advertised-urls"].detail).toMatch(/\/docs\/faq\.md \(404, from llms\.txt\)/);
  }, 60_000);

  it("fails robots when robots.txt shuts AI crawlers out while robots.ai is allow", async () => {
    const checks = await doctor("example", (dist) =>
      writeFile(path.join(dist, "robots.txt"), "User-agent: GPTBot\nDisallow: /\n"),
    );
    expect(checks.robots.status).toBe("fail");
    expect(checks.robots.detail).toContain("GPTBot may not fetch /docs");
  }, 60_000);

  it("skips MCP and feedback on a static export, which serves neither", async () => {
    const checks = await doctor("static-export");
    expect(checks.mcp.status).toBe("skip");
    expect(checks.feedback.status).toBe("skip");
    expect(Object.values(checks).filter((c) => c.status === "fail")).toEqual([]);
  }, 60_000);
});
