/** `docs robots generate` on a copy of fixtures/markdown-plain: preserve by default, --append, --force. */
import { execFile } from "node:child_process";
import { cp, mkdtemp, readFile, rm, writeFile, mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BLOCK_BEGIN, BLOCK_END, runRobotsGenerate, upsertManagedBlock } from "./robots-command.ts";

const fixture = path.resolve(import.meta.dirname, "../fixtures/markdown-plain");
const USER_LINES = "# Our own rules\nUser-agent: BadBot\nDisallow: /\n";

let root: string;
let output: string[];

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), "quire-robots-"));
  await cp(fixture, root, { recursive: true });
  output = [];
  const capture = (...args: unknown[]) => {
    output.push(args.join(" "));
  };
  vi.spyOn(console, "log").mockImplementation(capture);
  vi.spyOn(console, "error").mockImplementation(capture);
});

afterEach(async () => {
  vi.restoreAllMocks();
  await rm(root, { recursive: true, force: true });
});

const robotsFile = () => path.join(root, "public/robots.txt");
const read = () => readFile(robotsFile(), "utf8");
const countOf = (text: string, marker: string) => text.split("\n").filter((line) => line === marker).length;

async function withExisting(contents: string): Promise<void> {
  await mkdir(path.dirname(robotsFile()), { recursive: true });
  await writeFile(robotsFile(), contents);
}

describe("docs robots generate", () => {
  it("writes public/robots.txt as a managed block when there is none", async () => {
    expect(await runRobotsGenerate({ root })).toBe(0);
    const text = await read();
    expect(text.startsWith(`${BLOCK_BEGIN}\n# robots.txt for Plain Markdown`)).toBe(true);
    expect(text.endsWith(`${BLOCK_END}\n`)).toBe(true);
    expect(text).toContain("User-agent: GPTBot\n");
    expect(output.join("\n")).toContain("wrote public/robots.txt");
  });

  it("preserves an existing file by default and says how to change it", async () => {
    await withExisting(USER_LINES);
    expect(await runRobotsGenerate({ root })).toBe(0);
    expect(await read()).toBe(USER_LINES);
    expect(output.join("\n")).toMatch(
      /public\/robots\.txt already exists and was left unchanged[\s\S]*--append[\s\S]*--force/,
    );
  });

  it("adds the managed block once with --append and replaces it on later runs, leaving other lines untouched", async () => {
    await withExisting(USER_LINES);
    expect(await runRobotsGenerate({ root, append: true })).toBe(0);
    const first = await read();
    expect(first.startsWith(`${USER_LINES}\n${BLOCK_BEGIN}\n`)).toBe(true);

    // A stale block in the middle of the file is replaced where it stands.
    const stale = first.replace(/User-agent: GPTBot\n/, "User-agent: OldBot\n") + "# after the block\n";
    await writeFile(robotsFile(), stale);
    expect(await runRobotsGenerate({ root, append: true })).toBe(0);
    const second = await read();
    expect(second).toBe(first + "# after the block\n");
    expect(countOf(second, BLOCK_BEGIN)).toBe(1);
    expect(countOf(second, BLOCK_END)).toBe(1);
    expect(second).not.toContain("OldBot");
  });

  it("replaces the whole file with --force", async () => {
    await withExisting(USER_LINES);
    expect(await runRobotsGenerate({ root, force: true })).toBe(0);
    const text = await read();
    expect(text).not.toContain("BadBot");
    expect(text.startsWith(BLOCK_BEGIN)).toBe(true);
  });

  it("writes to robots.path, creating folders, with the configured base URL", async () => {
    await writeFile(
      path.join(root, "docs.config.ts"),
      `import { defineDocs } from "quire";\nexport default defineDocs({ entry: "docs", robots: { path: "static/seo/robots.txt", baseUrl: "https://acme.test/", ai: "disallow" } });\n`,
    );
    expect(await runRobotsGenerate({ root })).toBe(0);
    const text = await readFile(path.join(root, "static/seo/robots.txt"), "utf8");
    expect(text).toContain("Sitemap: https://acme.test/sitemap.xml\n");
    expect(text).toContain("MistralAI-User\nDisallow: /\n");
  });

  it("reports config errors as file:line:col and exits 1", async () => {
    await writeFile(
      path.join(root, "docs.config.ts"),
      `import { defineDocs } from "quire";\nexport default defineDocs({\n  entry: "docs",\n  robts: {},\n});\n`,
    );
    expect(await runRobotsGenerate({ root })).toBe(1);
    expect(output).toEqual([
      expect.stringMatching(/^error docs\.config\.ts:4:3 unknown key "robts" — did you mean "robots"\?/),
    ]);
  });

  it("refuses to guess at a managed block missing its end marker", async () => {
    await withExisting(`${USER_LINES}${BLOCK_BEGIN}\nUser-agent: *\n`);
    expect(await runRobotsGenerate({ root, append: true })).toBe(1);
    expect(output[0]).toMatch(
      /^error public\/robots\.txt:4:1 the quire managed block has no "# END quire managed block" line/,
    );
    expect(await read()).toBe(`${USER_LINES}${BLOCK_BEGIN}\nUser-agent: *\n`);
  });

  it("is registered in the docs CLI, where --append and --force exclude each other", async () => {
    const run = (...args: string[]) =>
      promisify(execFile)(process.execPath, [
        path.resolve(import.meta.dirname, "docs.js"),
        "robots",
        "generate",
        "--root",
        root,
        ...args,
      ]);
    await expect(run()).resolves.toMatchObject({ stdout: expect.stringContaining("wrote public/robots.txt") });
    await expect(run("--append", "--force")).rejects.toMatchObject({
      stderr: expect.stringContaining("cannot be used with option '--append'"),
    });
  }, 30_000);
});

describe("upsertManagedBlock", () => {
  const block = `${BLOCK_BEGIN}\nUser-agent: *\nAllow: /\n${BLOCK_END}\n`;

  it("keeps CRLF lines and a missing final newline outside the block as they were", () => {
    expect(upsertManagedBlock("User-agent: A\r\nDisallow: /x", block, "robots.txt")).toBe(
      `User-agent: A\r\nDisallow: /x\n\n${block}`,
    );
    expect(upsertManagedBlock("", block, "robots.txt")).toBe(block);
  });

  it("writes static/robots.txt in a SvelteKit project (SPEC 2.13), where SvelteKit serves static files", async () => {
    await writeFile(path.join(root, "package.json"), JSON.stringify({ devDependencies: { "@sveltejs/kit": "3.2.0" } }));
    expect(await runRobotsGenerate({ root })).toBe(0);
    expect(await readFile(path.join(root, "static/robots.txt"), "utf8")).toContain(BLOCK_BEGIN);
    expect(output.join("\n")).toContain("wrote static/robots.txt");
    await expect(read()).rejects.toThrow(/ENOENT/);
  });
});
