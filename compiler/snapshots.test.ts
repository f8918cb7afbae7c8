/**
 * Builds every fixture site and diffs it against its golden tree in snapshots/.
 * `npm run snapshots:update` rewrites the trees; review the diff in the commit.
 */
import { existsSync } from "node:fs";
import { cp, mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { build } from "./index.ts";
import { runtimeFile, STATIC_SEARCH_DIR } from "../runtime/contract/index.ts";
import { describeTreeDifference, readTree } from "./testing/tree.ts";

const repo = path.resolve(import.meta.dirname, "..");
const fixtures = path.join(repo, "fixtures");
const snapshots = path.join(repo, "snapshots");
const update = process.env.UPDATE_SNAPSHOTS === "1";
const sites = (await readdir(fixtures, { withFileTypes: true }))
  .filter((e) => e.isDirectory() && !["broken", "review"].includes(e.name) && existsSync(path.join(fixtures, e.name)))
  .map((e) => e.name)
  .sort();
const scratch = await mkdtemp(path.join(tmpdir(), "quire-snapshots-"));
afterAll(() => rm(scratch, { recursive: true, force: true }));

/** Snapshot folders whose fixture is gone: nothing rebuilds them, yet runtime tests may still read them. */
export async function orphanSnapshots(snapshotDir: string, fixtureSites: string[]): Promise<string[]> {
  const folders = (await readdir(snapshotDir, { withFileTypes: true }))
    .filter((e) => e.isDirectory())
    .map((e) => e.name);
  return folders.filter((name) => !fixtureSites.includes(name)).sort();
}

describe("every snapshot has its fixture", () => {
  it("finds no snapshot folder without a fixture site", async () => {
    expect(
      await orphanSnapshots(snapshots, sites),
      "delete the folder, or restore its fixture under fixtures/",
    ).toEqual([]);
  });

  it("flags a snapshot folder left behind by a removed fixture", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "quire-orphans-"));
    try {
      for (const name of ["example", "renamed-away"]) await mkdir(path.join(dir, name));
      await writeFile(path.join(dir, "README.md"), "not a site");
      expect(await orphanSnapshots(dir, ["example"])).toEqual(["renamed-away"]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("fixture sites match their golden dist/ trees", () => {
  for (const site of sites) {
    it(`builds ${site} byte-identically to snapshots/${site}`, async () => {
      const out = path.join(scratch, site);
      // Cold, always: other tests build the same fixtures, and a golden tree pins what a clean build writes.
      await build({ root: path.join(fixtures, site), outDir: out, git: false, cache: false });
      const golden = path.join(snapshots, site);
      if (update) {
        await rm(golden, { recursive: true, force: true });
        await cp(out, golden, { recursive: true });
      }
      expect(existsSync(golden), `no snapshot for ${site}; run npm run snapshots:update`).toBe(true);
      const tree = await readTree(out);
      expectAudienceSafe(tree);
      expectAgentReady(tree);
      const difference = describeTreeDifference(tree, await readTree(golden));
      expect(difference, `${site} differs from its snapshot (npm run snapshots:update rewrites it)`).toBeUndefined();
    }, 60_000);
  }
});

/** SPEC 2.7 on real output: agent-only text never in HTML, human-only text never in agent Markdown. */
function expectAudienceSafe(tree: Map<string, Buffer>): void {
  for (const [file, bytes] of tree) {
    const text = bytes.toString("utf8");
    if (file.endsWith(".html")) expect(text, `${file} shows agent-only text`).not.toMatch(/AGENT-ONLY|FROM-AGENT-MD/);
    // Public search indexes (the static index of issue 12, the runtime's human chunks) never hold agent-only text.
    if (file.startsWith(`${STATIC_SEARCH_DIR}/`) || file === runtimeFile("search-human.json")) {
      expect(text, `${file} indexes agent-only text`).not.toMatch(/AGENT-ONLY|FROM-AGENT-MD/);
    }
    if (file.endsWith(".md")) expect(text, `${file} shows human-only text`).not.toMatch(/HUMAN-ONLY|SHARED-HTML/);
  }
}

/**
 * Issue 9's agent-readiness rules on real output: every page's HTML links `/llms.txt` (head and a line in `<main>`)
 * and has its content before any navigation; every page's `.md` points to `/llms.txt`; with a base URL, `.md` links
 * are absolute.
 */
function expectAgentReady(tree: Map<string, Buffer>): void {
  const read = (file: string) => tree.get(file)?.toString("utf8");
  if (!tree.has("llms.txt")) return;
  const settings = JSON.parse(read("_docs/site.json") ?? "{}") as { baseUrl?: string | null };
  const listed = JSON.parse(read("_docs/pages.json") ?? "[]") as
    | { markdownRoute: string; route: string }[]
    | { pages: { markdownRoute: string; route: string }[] };
  const pages = Array.isArray(listed) ? listed : listed.pages;
  expect(pages.length).toBeGreaterThan(0);
  for (const page of pages) {
    const htmlFile = page.route === "/" ? "index.html" : `${page.route.slice(1)}/index.html`;
    const html = read(htmlFile);
    // A hidden folder parent is a redirect page, not a document.
    if (html && html.includes(`<main class="q-main"`)) {
      expect(html, htmlFile).toMatch(/<link rel="describedby" type="text\/plain" href="\/llms\.txt"/);
      const main = html.indexOf("<main");
      expect(html.slice(main, main + 200), htmlFile).toContain(`<a href="/llms.txt">/llms.txt</a>`);
      const firstNavigation = Math.min(
        ...["<nav", "<aside", `<header class="q-header"`]
          .map((tag) => html.indexOf(tag, html.indexOf("<body>")))
          .filter((at) => at >= 0 && at < main),
      );
      expect(firstNavigation, `${htmlFile}: navigation before <main>`).toBe(Infinity);
    }
    const markdown = read(page.markdownRoute.slice(1));
    expect(markdown, page.markdownRoute).toBeDefined();
    const body = markdown!.replace(/^---\n[\s\S]*?\n---\n/, "");
    expect(body.slice(0, 400), page.markdownRoute).toMatch(/\]\((?:https?:\/\/[^/)]+)?\/llms\.txt\)/);
    if (settings.baseUrl) {
      const outsideCode = body.replace(/^(```|~~~)[\s\S]*?^\1/gm, "").replace(/`[^`\n]*`/g, "");
      expect(outsideCode.match(/\]\(\/(?!\/)[^)]*\)/g) ?? [], `${page.markdownRoute}: root-relative links`).toEqual([]);
    }
  }
}

describe("builds are deterministic", () => {
  it("builds the example site twice into byte-identical trees", async () => {
    const first = path.join(scratch, "twice-a");
    const second = path.join(scratch, "twice-b");
    await build({ root: path.join(fixtures, "example"), outDir: first, git: false });
    await build({ root: path.join(fixtures, "example"), outDir: second, git: false });
    expect(describeTreeDifference(await readTree(second), await readTree(first))).toBeUndefined();
  }, 60_000);
});
