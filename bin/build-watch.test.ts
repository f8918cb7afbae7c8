/**
 * `docs build --watch` and a framework app serving its output (issue 18: `withDocs` under `next dev`): an edit is
 * rebuilt into the same `dist/`, and the adapter's next page load shows it without a restart.
 */
import { spawn } from "node:child_process";
import { cp, mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createFrameworkDocs, type DocsPageData } from "../runtime/frameworks/docs-server.ts";
import { type BuildWatcher, watchBuild } from "./build-watch.ts";

const DOCS_BIN = path.resolve(import.meta.dirname, "docs.js");
const FIXTURE = path.resolve(import.meta.dirname, "../fixtures/agent-md-sibling");
let scratch: string;
let root: string;
let watcher: BuildWatcher | undefined;

beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), "quire-build-watch-"));
  root = path.join(scratch, "site");
  await cp(FIXTURE, root, { recursive: true, filter: (src) => !/node_modules|[/\\]dist$/.test(src) });
});
afterAll(async () => {
  watcher?.close();
  vi.restoreAllMocks();
  await rm(scratch, { recursive: true, force: true });
});

describe("docs build --watch", () => {
  it("rebuilds dist/ after an edit, and a framework adapter serves the new build", { timeout: 120_000 }, async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const out = path.join(scratch, "app", "dist");
    watcher = await watchBuild({ root, out, git: false, cache: true, cacheDir: path.join(scratch, "cache") });
    const docs = createFrameworkDocs({ rootDir: path.join(scratch, "app") });
    // A new page: the adapter must reopen the build (its page list), not only read a rewritten file.
    const route = "/docs/added-while-watching";
    expect(await docs.load(route)).toBeNull();

    await mkdir(path.join(root, "docs", "added-while-watching"));
    await writeFile(
      path.join(root, "docs", "added-while-watching", "page.md"),
      "---\ntitle: Added while watching\n---\n\nSaved while watching.\n",
    );
    let after: DocsPageData | null = null;
    for (let tries = 0; tries < 200 && !after; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      await watcher.idle();
      // As a framework renders a page: the layout's client and the page's data at once, from the same build.
      const [, loaded] = await Promise.all([docs.client(), docs.load(route)]);
      after = loaded as DocsPageData | null;
    }
    expect(after?.page.title).toBe("Added while watching");
    expect(after?.html).toContain("Saved while watching");
    expect(after?.tree.children.some((node) => node.type === "page" && node.route === route)).toBe(true);
    expect(log.mock.calls.flat().join("\n")).toMatch(/changed[\s\S]*1 compiled, \d+ reused/);
  });

  it("leaves no temp config module in the site when stopped while loading the config", {
    timeout: 60_000,
  }, async () => {
    const slow = path.join(scratch, "slow-site");
    await mkdir(path.join(slow, "docs"), { recursive: true });
    // The config takes a while to evaluate, as one importing a heavy package does.
    await writeFile(
      path.join(slow, "docs.config.ts"),
      `await new Promise((resolve) => setTimeout(resolve, 30_000));\nexport default { entry: "docs" };\n`,
    );
    await writeFile(path.join(slow, "docs", "page.md"), "---\ntitle: Slow\n---\n\nText.\n");
    const child = spawn(process.execPath, [DOCS_BIN, "build", "--watch", "--root", slow, "--no-git"], {
      stdio: "ignore",
    });
    const temps = async () => (await readdir(slow)).filter((name) => name.startsWith(".docs.config."));
    for (let tries = 0; tries < 200 && (await temps()).length === 0; tries++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await temps()).toHaveLength(1);
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(await temps()).toEqual([]);
  });

  it("refuses a root that is not a folder after reporting the failed build, instead of crashing in the watcher", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const missing = path.join(scratch, "no-such-site");
    await expect(watchBuild({ root: missing, git: false, cache: false })).rejects.toThrow(
      `${missing} is not a folder: nothing to watch`,
    );
    expect(error.mock.calls.flat().join("\n")).toContain("config/missing");
    error.mockRestore();
  });
});
