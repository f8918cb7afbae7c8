/**
 * `docs init` (issue 11): the scaffold builds with no message and serves through createDocsHandler; a non-empty folder
 * is refused unless --force; without a terminal nothing is asked; on a terminal the folder and title are asked.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PassThrough } from "node:stream";
import { promisify } from "node:util";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { build } from "../compiler/index.ts";
import { createDocsHandler } from "../runtime/handler.ts";
import { createDirectoryStore } from "../runtime/store/directory.ts";
import { runInit, type InitEnvironment } from "./init-command.ts";

const DOCS = path.resolve(import.meta.dirname, "docs.js");
const run = promisify(execFile);
let scratch: string;
let output: string[];

beforeEach(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), "quire-init-"));
  output = [];
  const capture = (...args: unknown[]) => void output.push(args.join(" "));
  vi.spyOn(console, "log").mockImplementation(capture);
  vi.spyOn(console, "error").mockImplementation(capture);
});

afterEach(async () => {
  vi.restoreAllMocks();
  await rm(scratch, { recursive: true, force: true });
});

/** No terminal: what `docs init` sees when stdin is a pipe or a file. */
function batch(): InitEnvironment {
  return { input: new PassThrough(), output: new PassThrough(), interactive: false, cwd: scratch };
}

async function listTree(dir: string): Promise<string[]> {
  return (await readdir(dir, { recursive: true })).map((entry) => entry.split(path.sep).join("/")).sort();
}

describe("docs init", () => {
  it("scaffolds a site that builds with no errors or warnings and serves every page through createDocsHandler", async () => {
    expect(await runInit({ dir: "site", title: "Lighthouse Docs" }, batch())).toBe(0);
    const root = path.join(scratch, "site");
    expect(await listTree(root)).toEqual(
      expect.arrayContaining([
        ".gitignore",
        "README.md",
        "docs.config.ts",
        "package.json",
        "public/favicon.ico",
        "docs/page.mdx",
        "docs/writing/page.mdx",
        "docs/agents/page.mdx",
        "docs/deploy/page.mdx",
      ]),
    );
    const manifest = JSON.parse(await readFile(path.join(root, "package.json"), "utf8"));
    const own = JSON.parse(await readFile(path.resolve(import.meta.dirname, "../package.json"), "utf8"));
    expect(manifest.scripts).toEqual({ dev: "docs dev", build: "docs build", serve: "docs serve" });
    expect(manifest.dependencies.quire).toBe(`^${own.version}`);
    expect(manifest.name).toBe("site");
    expect((await readFile(path.join(root, ".gitignore"), "utf8")).split("\n")).toEqual(
      expect.arrayContaining(["dist/", "node_modules/"]),
    );

    const result = await build({ root, git: false });
    expect(result.warnings).toEqual([]);
    expect(result.site.pages.map((page) => page.route).sort()).toEqual([
      "/docs",
      "/docs/agents",
      "/docs/deploy",
      "/docs/writing",
    ]);
    const dist = path.join(root, "dist");
    expect(existsSync(path.join(dist, "favicon.ico"))).toBe(true);

    const handler = createDocsHandler({ store: createDirectoryStore(dist) });
    const get = (url: string, headers: Record<string, string> = {}) =>
      handler(new Request(`http://docs.test${url}`, { headers }));
    for (const route of result.site.pages.map((page) => page.route)) {
      const response = await get(route, { accept: "text/markdown" });
      expect(response.status, route).toBe(200);
      expect(response.headers.get("content-type"), route).toMatch(/^text\/markdown/);
    }
    const agents = await (await get("/api/docs?format=markdown&path=agents")).text();
    expect(agents).toContain("You are reading the agent version");
    expect(agents).not.toContain("You are reading the human version");
    const html = await readFile(path.join(dist, "docs/agents/index.html"), "utf8");
    expect(html).toContain("You are reading the human version");
    expect(html).not.toContain("You are reading the agent version");
    const deploy = await (await get("/api/docs?format=markdown&path=deploy")).text();
    expect(deploy).toContain("## Agent Contract");
    expect(deploy).toContain("npm run build");
    const search = (await (await get("/api/docs?query=frontmatter")).json()) as { results: { url: string }[] };
    expect(search.results.map((hit) => hit.url)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^\/docs\/writing/)]),
    );
    expect((await get("/llms.txt")).status).toBe(200);
  }, 60_000);

  it("writes the title into the config as a string literal, quotes and backslashes included", async () => {
    expect(await runInit({ dir: "quoted", title: 'Acme "Q" \\ Docs' }, batch())).toBe(0);
    const config = await readFile(path.join(scratch, "quoted/docs.config.ts"), "utf8");
    expect(config).toContain('nav: { title: "Acme \\"Q\\" \\\\ Docs" },');
    expect(await readFile(path.join(scratch, "quoted/README.md"), "utf8")).toMatch(/^# Acme "Q" \\ Docs\n/);
  });

  it("refuses a non-empty folder without --force: exit 1, a message naming what is there, nothing written", async () => {
    const root = path.join(scratch, "busy");
    await mkdir(root);
    await writeFile(path.join(root, "notes.txt"), "mine");
    expect(await runInit({ dir: "busy" }, batch())).toBe(1);
    expect(output.join("\n")).toMatch(/busy is not empty \(notes\.txt\); nothing was written[\s\S]*--force/);
    expect(await listTree(root)).toEqual(["notes.txt"]);
  });

  it("with --force adds the site to a non-empty folder and keeps the files it does not replace", async () => {
    const root = path.join(scratch, "busy");
    await mkdir(root);
    await writeFile(path.join(root, "notes.txt"), "mine");
    await writeFile(path.join(root, "README.md"), "old readme");
    expect(await runInit({ dir: "busy", force: true, title: "Busy" }, batch())).toBe(0);
    expect(await readFile(path.join(root, "notes.txt"), "utf8")).toBe("mine");
    expect(await readFile(path.join(root, "README.md"), "utf8")).toMatch(/^# Busy/);
    expect(output.join("\n")).toContain("1 replaced");
  });

  it("treats a folder holding only .git as empty", async () => {
    await mkdir(path.join(scratch, "repo/.git"), { recursive: true });
    expect(await runInit({ dir: "repo" }, batch())).toBe(0);
    expect(existsSync(path.join(scratch, "repo/docs.config.ts"))).toBe(true);
  });

  it("refuses a title that is blank or spans lines", async () => {
    expect(await runInit({ dir: "a", title: "  " }, batch())).toBe(1);
    expect(await runInit({ dir: "b", title: "one\ntwo" }, batch())).toBe(1);
    expect(existsSync(path.join(scratch, "a"))).toBe(false);
    expect(existsSync(path.join(scratch, "b"))).toBe(false);
  });

  it("asks for the folder, then the title with a default from that folder, when it runs on a terminal", async () => {
    const input = new PassThrough();
    const prompts = new PassThrough();
    let shown = "";
    prompts.on("data", (chunk) => (shown += String(chunk)));
    input.end("handbook\n\n");
    expect(await runInit({}, { input, output: prompts, interactive: true, cwd: scratch })).toBe(0);
    expect(shown).toContain("Folder for the site (.): ");
    expect(shown).toContain("Site title (Handbook): ");
    expect(await readFile(path.join(scratch, "handbook/docs.config.ts"), "utf8")).toContain('title: "Handbook"');
  });

  it("asks only what the flags leave open, and nothing with --yes", async () => {
    const prompts = new PassThrough();
    let shown = "";
    prompts.on("data", (chunk) => (shown += String(chunk)));
    const input = new PassThrough();
    input.end("Field Guide\n");
    expect(await runInit({ dir: "guide" }, { input, output: prompts, interactive: true, cwd: scratch })).toBe(0);
    expect(shown).not.toContain("Folder for the site");
    expect(await readFile(path.join(scratch, "guide/docs.config.ts"), "utf8")).toContain('title: "Field Guide"');

    shown = "";
    expect(
      await runInit(
        { dir: "quiet", yes: true },
        { input: new PassThrough(), output: prompts, interactive: true, cwd: scratch },
      ),
    ).toBe(0);
    expect(shown).toBe("");
    expect(await readFile(path.join(scratch, "quiet/docs.config.ts"), "utf8")).toContain('title: "Quiet"');
  });

  it("stops without writing when the terminal input ends before an answer", async () => {
    const input = new PassThrough();
    input.end();
    expect(await runInit({}, { input, output: new PassThrough(), interactive: true, cwd: scratch })).toBe(1);
    expect(output.join("\n")).toContain("cancelled; nothing was written");
    expect(await readdir(scratch)).toEqual([]);
  });

  it("asks nothing when stdin is not a terminal (the real command, stdin a pipe)", async () => {
    const child = run(process.execPath, [DOCS, "init", "piped", "--title", "Piped"], { cwd: scratch });
    child.child.stdin?.end();
    const { stdout } = await child;
    expect(stdout).not.toMatch(/Folder for the site|Site title/);
    expect(stdout).toContain('created "Piped" in piped');
    // The next steps name the scripts the scaffold's package.json has, the dev server first.
    expect(stdout.match(/npm run \w+/g)).toEqual(["npm run dev", "npm run build", "npm run serve"]);
    expect(await readFile(path.join(scratch, "piped/docs.config.ts"), "utf8")).toContain('title: "Piped"');
  }, 30_000);

  it("exits 1 from the real command on a non-empty folder", async () => {
    await writeFile(path.join(scratch, "taken.txt"), "x");
    const failed = await run(process.execPath, [DOCS, "init"], { cwd: scratch }).then(
      () => undefined,
      (error) => error,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toContain("is not empty (taken.txt)");
    expect(await readdir(scratch)).toEqual(["taken.txt"]);
  }, 30_000);
});
