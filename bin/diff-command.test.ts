/**
 * `docs diff` end to end (issue 11): two real builds of a copy of fixtures/audience-agent-human, the second with a
 * theme colour and an `<Agent>` block edited; exit codes 0, 1 (--fail-on-change) and 2 (bad input).
 */
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { build } from "../compiler/index.ts";
import { runDiff } from "./diff-command.ts";

const FIXTURE = path.resolve(import.meta.dirname, "../fixtures/audience-agent-human");
let scratch: string;
let oldDist: string;
let newDist: string;

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), "quire-diff-command-"));
  const site = path.join(scratch, "site");
  await cp(FIXTURE, site, { recursive: true });
  oldDist = path.join(scratch, "old");
  await build({ root: site, outDir: oldDist, git: false });
  const config = path.join(site, "docs.config.ts");
  await writeFile(
    config,
    (await readFile(config, "utf8")).replace(
      'entry: "docs",',
      'entry: "docs",\n  theme: { ui: { colors: { primary: "#0f766e" } } },',
    ),
  );
  const page = path.join(site, "docs/page.mdx");
  await writeFile(
    page,
    (await readFile(page, "utf8")).replace("AGENT-ONLY: block one.", "AGENT-ONLY: block one, edited."),
  );
  newDist = path.join(scratch, "new");
  await build({ root: site, outDir: newDist, git: false });
}, 60_000);
afterAll(() => rm(scratch, { recursive: true, force: true }));

async function diff(oldDir: string, newDir: string, options: { format?: string; failOnChange?: boolean } = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const write = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
    out.push(String(chunk));
    return true;
  });
  const error = vi.spyOn(console, "error").mockImplementation((...args) => void err.push(args.join(" ")));
  try {
    const code = await runDiff(oldDir, newDir, options);
    return { code, stdout: out.join(""), stderr: err.join("\n") };
  } finally {
    write.mockRestore();
    error.mockRestore();
  }
}

describe("docs diff", () => {
  it("reports a theme change as one assets line and an <Agent> edit as agent-only text of its page", async () => {
    const { code, stdout } = await diff(oldDist, newDist, { format: "json" });
    expect(code).toBe(0);
    const report = JSON.parse(stdout);
    const group = (id: string) => report.groups.find((g: { id: string }) => g.id === id);
    expect(report.renamedAssets.map((r: { logical: string }) => r.logical)).toEqual(["_quire/quire.css"]);
    expect(group("assets").changed).toEqual(["_quire/quire.css"]);
    // Every page links the new stylesheet, and none of them changed otherwise: the agent edit is not in the HTML.
    expect(group("human-pages")).toMatchObject({ added: [], changed: [], removed: [] });
    expect(group("agent-markdown").changed).toEqual(["/docs.md"]);
    expect(report.pages).toEqual([
      expect.objectContaining({
        route: "/docs",
        status: "changed",
        details: [expect.objectContaining({ kind: "text", audience: "agent-only" })],
      }),
    ]);
    expect(report.pages[0].details[0].added[0]).toContain("AGENT-ONLY: block one, edited.");
  });

  it("writes a pull-request comment in Markdown", async () => {
    const { stdout } = await diff(oldDist, newDist, { format: "markdown" });
    expect(stdout).toMatch(/^### Docs diff: `.*old` → `.*new`\n\n\*\*.+\*\* · assets changed: `_quire\/quire\.css`\n/);
    expect(stdout).toContain("<details open>\n<summary><b>Pages</b>");
    expect(stdout).toContain("agent-only text changed (an `<Agent>` block");
  });

  it("exits 0 without changes, 1 with --fail-on-change when something changed, 2 on a folder that is not a build", async () => {
    expect((await diff(oldDist, oldDist, { failOnChange: true })).code).toBe(0);
    expect((await diff(oldDist, newDist, { failOnChange: true })).code).toBe(1);
    const missing = await diff(oldDist, path.join(scratch, "nowhere"));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("no such folder");
    const notBuilt = await diff(path.join(scratch, "site"), newDist);
    expect(notBuilt.code).toBe(2);
    expect(notBuilt.stderr).toMatch(/site: not a Quire build \(no _docs\/site\.json\)/);
    expect((await diff(oldDist, newDist, { format: "yaml" })).code).toBe(2);
  });
});
