/** `docs build`'s summary and its nothing-changed path (issue 11), through the command function itself. */
import { existsSync } from "node:fs";
import { appendFile, cp, mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type BuildHandOff, runBuild } from "./build-command.ts";

const FIXTURE = path.resolve(import.meta.dirname, "../fixtures/agent-md-sibling");
let scratch: string;
let root: string;

beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), "quire-build-command-"));
  root = path.join(scratch, "site");
  await cp(FIXTURE, root, { recursive: true, filter: (src) => !/node_modules|[/\\]dist$/.test(src) });
});
afterAll(async () => {
  vi.restoreAllMocks();
  await rm(scratch, { recursive: true, force: true });
});

async function summary(handOff?: BuildHandOff, options: { cache?: boolean; out?: string } = {}): Promise<string> {
  const log = vi.spyOn(console, "log").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
  try {
    const { cache = true, out } = options;
    const code = await runBuild({ root, out, git: false, cache, cacheDir: path.join(scratch, "cache") }, 0, handOff);
    expect(code).toBe(0);
    return log.mock.calls.map((call) => call.join(" ")).join("\n");
  } finally {
    vi.restoreAllMocks();
  }
}

describe("docs build", () => {
  it("keeps dist/ when nothing changed, and compiles only the edited page after an edit", {
    timeout: 180_000,
  }, async () => {
    const cold = await summary();
    const pages = Number(/built (\d+) pages/.exec(cold)![1]);
    expect(cold).toContain(`${pages} compiled, 0 reused`);
    expect(cold).not.toContain("nothing changed");

    // A build after one on record stays in this process (bin/node-flags.ts), where it may end at once.
    let asked = 0;
    const handOff = async () => {
      asked++;
      return undefined;
    };
    const kept = await summary(handOff);
    expect(asked).toBe(0);
    expect(kept).toContain(`built ${pages} pages`);
    expect(kept).toContain("nothing changed, output kept as it was");
    expect(kept).toMatch(/time +[\d.]+s +\(config \d+ms, discover \d+ms, unchanged \d+ms\)/);

    const page = path.join(root, "docs", "with-agent-md", "page.mdx");
    await appendFile(page, "\nSaved by the build command test.\n");
    const edited = await summary(handOff);
    expect(asked).toBe(0);
    expect(edited).toContain(`1 compiled, ${pages - 1} reused`);
    expect(edited).not.toContain("nothing changed");
    const html = await readFile(path.join(root, "dist", "docs", "with-agent-md", "index.html"), "utf8").catch(
      async () => readFile(path.join(root, "dist", "with-agent-md", "index.html"), "utf8"),
    );
    expect(html).toContain("Saved by the build command test.");
  });

  it("hands a first build into a folder, and a cacheless one, to another process, which prints its own summary", {
    timeout: 60_000,
  }, async () => {
    let handedOff = 0;
    const elsewhere = async () => {
      handedOff++;
      return 0;
    };
    const other = path.join(scratch, "other-dist");
    expect(await summary(elsewhere, { out: other })).toBe("");
    expect(await summary(elsewhere, { cache: false })).toBe("");
    expect(handedOff).toBe(2);
    // Nothing was built here.
    expect(existsSync(other)).toBe(false);
  });

  it("builds a first build here when the hand-off is declined", { timeout: 60_000 }, async () => {
    const other = path.join(scratch, "declined-dist");
    let asked = 0;
    const declined = async () => {
      asked++;
      return undefined;
    };
    expect(await summary(declined, { out: other })).toContain("built");
    expect(asked).toBe(1);
    expect(existsSync(path.join(other, "llms.txt"))).toBe(true);
  });
});
