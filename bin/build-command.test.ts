/** `docs build`'s summary and its nothing-changed path (issue 11), through the command function itself. */
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

async function summary(handOff?: BuildHandOff, cache = true): Promise<string> {
  const log = vi.spyOn(console, "log").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
  try {
    const code = await runBuild({ root, git: false, cache, cacheDir: path.join(scratch, "cache") }, 0, handOff);
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

    // Output kept as it is: the build is never handed to another process (bin/node-flags.ts).
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
    // Something to build: the hand-off is asked first, and declining it builds here.
    const edited = await summary(handOff);
    expect(asked).toBe(1);
    expect(edited).toContain(`1 compiled, ${pages - 1} reused`);
    expect(edited).not.toContain("nothing changed");
    const html = await readFile(path.join(root, "dist", "docs", "with-agent-md", "index.html"), "utf8").catch(
      async () => readFile(path.join(root, "dist", "with-agent-md", "index.html"), "utf8"),
    );
    expect(html).toContain("Saved by the build command test.");
  });

  it("hands a build with something to build to another process, which prints its own summary", {
    timeout: 60_000,
  }, async () => {
    await appendFile(path.join(root, "docs", "with-agent-md", "page.mdx"), "\nHanded off.\n");
    let handedOff = 0;
    const elsewhere = async () => {
      handedOff++;
      return 0;
    };
    expect(await summary(elsewhere)).toBe("");
    expect(await summary(elsewhere, false)).toBe("");
    expect(handedOff).toBe(2);
    // Nothing was built here.
    const dist = await readFile(path.join(root, "dist", "docs", "with-agent-md", "index.html"), "utf8").catch(
      async () => readFile(path.join(root, "dist", "with-agent-md", "index.html"), "utf8"),
    );
    expect(dist).toContain("Saved by the build command test.");
    expect(dist).not.toContain("Handed off.");
  });
});
