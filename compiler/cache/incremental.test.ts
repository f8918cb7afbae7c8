/**
 * Issue 11 invariant: a warm build's dist/ is byte-identical to a cold build's. A seeded sequence of author edits is
 * applied to a temp copy of fixtures/agent-md-sibling; after each, the site is built warm (persisted page cache) and
 * cold (no cache) into two dist/ folders that each carry their own history (changes log), and the trees must match.
 * A longer run: `npx tsx bench/incremental-soak.ts`.
 */
import { execFileSync } from "node:child_process";
import { appendFile, cp, mkdir, mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Rng } from "../../bench/corpus-random.ts";
import { applyRandomEdit, EDIT_KINDS, type EditKind } from "../../bench/random-edits.ts";
import { build, type PreviousBuild } from "../index.ts";
import { openPageCache } from "./page-cache.ts";
import { nodeFileSystem, rememberedReads } from "../content/source-reads.ts";

const FIXTURE = path.resolve(import.meta.dirname, "../../fixtures/agent-md-sibling");

let scratch: string;
let root: string;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), "quire-incremental-"));
  root = path.join(scratch, "site");
  await cp(FIXTURE, root, { recursive: true, filter: (src) => !/node_modules|[/\\]dist$/.test(src) });
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

/** Relative path → bytes of every file below `dir`. */
async function tree(dir: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath ?? entry.path, entry.name);
    files.set(path.relative(dir, file), await readFile(file));
  }
  return files;
}

function differences(a: Map<string, Buffer>, b: Map<string, Buffer>): string[] {
  const names = [...new Set([...a.keys(), ...b.keys()])].sort();
  return names.filter((name) => !a.get(name) || !b.get(name) || !a.get(name)!.equals(b.get(name)!));
}

describe("incremental builds", () => {
  const cacheDir = () => path.join(scratch, "cache");
  const warm = (cache = openPageCache(cacheDir())) =>
    build({ root, outDir: path.join(scratch, "warm"), git: false, cache });
  const cold = () => build({ root, outDir: path.join(scratch, "cold"), git: false, cache: false });

  it("builds byte-identical dist/ warm and cold after every edit of a seeded sequence", {
    timeout: 120_000,
  }, async () => {
    const first = await warm();
    await cold();
    expect(first.cache!.rebuilt).toBe(first.site.pages.length);
    const rng = new Rng(11);
    // Every kind once (in a seeded order), then random kinds: each kind is exercised whatever the seed.
    const kinds: (EditKind | undefined)[] = [...rng.sample(EDIT_KINDS, EDIT_KINDS.length), undefined, undefined];
    const cache = openPageCache(cacheDir(), { keepInMemory: true }); // one instance across steps, as `docs dev` keeps it
    for (const [step, kind] of kinds.entries()) {
      const edit = await applyRandomEdit(root, rng, step + 1, kind);
      const warmResult = await warm(step % 2 === 0 ? cache : undefined);
      await cold();
      const diff = differences(await tree(path.join(scratch, "warm")), await tree(path.join(scratch, "cold")));
      expect(diff, `step ${step + 1}: ${edit.kind} ${edit.paths.join(" → ")}`).toEqual([]);
      // An edit of page text recompiles that page only; a config edit recompiles all of them.
      if (edit.kind === "edit") expect(warmResult.cache!.rebuilt).toBeLessThanOrEqual(1);
      if (edit.kind === "config") expect(warmResult.cache!.rebuilt).toBe(warmResult.site.pages.length);
    }
  });

  it("skips emit and write when nothing changed, and builds in full once dist/ was touched", {
    timeout: 60_000,
  }, async () => {
    const first = await warm();
    const again = await warm();
    expect(again.unchanged, "nothing changed: nothing written").toBe(true);
    expect(again.warnings).toEqual(first.warnings);
    await cold();
    expect(differences(await tree(path.join(scratch, "warm")), await tree(path.join(scratch, "cold")))).toEqual([]);

    await utimes(path.join(scratch, "warm", "docs", "index.html"), new Date(0), new Date(0));
    expect((await warm()).unchanged, "a touched output file").toBe(false);
    await writeFile(path.join(scratch, "warm", "stray.txt"), "x");
    expect((await warm()).unchanged, "an extra output file").toBe(false);
    await writeFile(path.join(root, "AGENTS.md"), "# Agents\n\nRoot file added.\n");
    expect((await warm()).unchanged, "a new root AGENTS.md").toBe(false);
    const image = path.join(root, "docs", "diagram.svg");
    await writeFile(image, '<svg xmlns="http://www.w3.org/2000/svg" width="1"/>\n');
    expect((await warm()).unchanged, "an image added beside the pages").toBe(false);
    expect((await warm()).unchanged, "nothing changed since").toBe(true);
    await writeFile(image, '<svg xmlns="http://www.w3.org/2000/svg" width="2"/>\n');
    expect((await warm()).unchanged, "that image edited").toBe(false);
    expect(await readFile(path.join(scratch, "warm", "docs", "diagram.svg"), "utf8")).toContain('width="2"');
    await cold();
    expect(differences(await tree(path.join(scratch, "warm")), await tree(path.join(scratch, "cold")))).toEqual([]);
  });

  it("links the files a one-page edit left unchanged from the old dist/ and writes the rest, unless dist/ was edited", {
    timeout: 60_000,
  }, async () => {
    const out = path.join(scratch, "warm");
    const inode = async (name: string) => (await stat(path.join(out, name))).ino;
    const first = await warm();
    const edited = first.site.pages.find((page) => page.slug !== "")!;
    const editedHtml = `${edited.route.slice(1)}/index.html`;
    const other = first.site.pages.find((page) => page !== edited && page.slug !== "")!;
    const otherMd = `${other.route.slice(1)}.md`;
    const before = { edited: await inode(editedHtml), other: await inode(otherMd) };

    await appendFile(path.join(root, edited.sourcePath), "\nA sentence added by the link test.\n");
    await warm();
    expect(await inode(otherMd), "unchanged file linked from the old dist/").toBe(before.other);
    expect(await inode(editedHtml), "edited page written anew").not.toBe(before.edited);
    expect(await readFile(path.join(out, editedHtml), "utf8")).toContain("A sentence added by the link test.");

    // An output file edited in place, its size kept and its mtime put back to the nanosecond (`touch -r`), is caught
    // by the record's change time: nothing is reused.
    const otherPath = path.join(out, otherMd);
    const stamp = path.join(scratch, "stamp");
    await writeFile(stamp, "");
    execFileSync("touch", ["-r", otherPath, stamp]);
    const { size } = await stat(otherPath);
    await writeFile(otherPath, "x".repeat(size));
    execFileSync("touch", ["-r", stamp, otherPath]);
    const restored = await stat(otherPath, { bigint: true });
    expect(restored.mtimeNs).toBe((await stat(stamp, { bigint: true })).mtimeNs);
    const touched = await inode(otherMd);
    await appendFile(path.join(root, edited.sourcePath), "\nA second sentence.\n");
    await warm();
    await cold();
    expect(differences(await tree(out), await tree(path.join(scratch, "cold")))).toEqual([]);
    expect(await inode(otherMd)).not.toBe(touched);
  });

  it("ignores a cache whose every entry was damaged, and still builds the same dist/", {
    timeout: 30_000,
  }, async () => {
    await warm();
    const before = await tree(path.join(scratch, "warm"));
    const pages = path.join(cacheDir(), "pages");
    for (const name of await readdir(pages))
      await writeFile(path.join(pages, name), (await readFile(path.join(pages, name))).subarray(0, 40));
    const result = await warm();
    expect(result.cache!.rejected).toBe(result.site.pages.length);
    expect(result.cache!.rebuilt).toBe(result.site.pages.length);
    expect(differences(before, await tree(path.join(scratch, "warm")))).toEqual([]);
  });

  it("builds as `docs dev` does (in place, site files after the pages) the same dist/ as a cold build", {
    timeout: 120_000,
  }, async () => {
    const out = path.join(scratch, "dev");
    const cache = openPageCache(path.join(scratch, "dev-cache"), { keepInMemory: true });
    // Sources as `docs dev` reads them: remembered while their status is unchanged, asked about only where the watcher
    // reported a change. No racy window here: every edit comes a build after the last read, so its times differ from
    // the remembered ones.
    let sourcesRead = 0;
    const sourceReads = rememberedReads({
      racyMs: 0,
      fs: { ...nodeFileSystem, read: (file) => (sourcesRead++, nodeFileSystem.read(file)) },
    });
    const dev = async (previous?: PreviousBuild) =>
      build({ root, outDir: out, git: false, cache, sourceReads, previous, pagesFirst: true, keepOutput: true });
    // A cold build beside it, in lockstep, so both folders carry the same history (changes log).
    const reference = path.join(scratch, "dev-cold");
    const coldBeside = () => build({ root, outDir: reference, git: false, cache: false });
    // Warnings from the pages (an unknown fence language) and the links (a broken one) reach the diagnostics report
    // whichever half writes it.
    const home = (await readdir(path.join(root, "docs"))).find((name) => /^page\.mdx?$/.test(name))!;
    await appendFile(
      path.join(root, "docs", home),
      "\nSee [the missing page](/docs/no-such-page).\n\n```notalanguage\nx\n```\n",
    );
    const first = await dev();
    await coldBeside();
    expect(first.warnings.map((m) => m.rule)).toEqual(expect.arrayContaining(["links/broken"]));
    expect(first.warnings.filter((m) => m.rule !== "links/broken").length).toBeGreaterThan(0);
    expect(first.writeSiteFiles, "a first build has no site files to stand in: it writes its own").toBeUndefined();
    let previous: PreviousBuild = { output: first.output!, siteFiles: first.siteFiles! };
    let latest = first;
    const rng = new Rng(23);
    for (const [step, kind] of [...rng.sample(EDIT_KINDS, EDIT_KINDS.length), "edit" as const].entries()) {
      const edit = await applyRandomEdit(root, rng, step + 1, kind);
      sourcesRead = 0;
      // What the watcher reports: the file (or folder) edited, added, removed or renamed, and nothing else.
      sourceReads.onlyChanged(edit.paths.map((file) => path.join(root, file)));
      const result = await dev(previous);
      expect(sourcesRead, `step ${step + 1}: only what changed is read again`).toBeLessThan(result.site.pages.length);
      // Until writeSiteFiles(), the last build's site files stand in, exactly as they were.
      for (const name of previous.siteFiles)
        expect(await readFile(path.join(out, name)), name).toEqual(Buffer.from(previous.output.get(name)!));
      previous = await result.writeSiteFiles!();
      expect(sourceReads.unreported(), `step ${step + 1}: ${edit.kind} ${edit.paths}: every change was seen`).toEqual(
        [],
      );
      await coldBeside();
      const diff = differences(await tree(out), await tree(reference));
      expect(diff, `step ${step + 1}: ${edit.kind} ${edit.paths.join(" → ")}`).toEqual([]);
      expect([...previous.output.keys()].sort()).toEqual([...(await tree(out)).keys()].sort());
      latest = result;
    }

    // A public file over a page's `.md` wins (SPEC 2.9), and the page's own comes back when it goes, though the first
    // half writes the pages before public files are applied.
    const target = latest.site.pages.find((page) => page.slug !== "")!.markdownRoute.slice(1);
    const publicFile = path.join(root, "public", target);
    for (const step of ["added", "removed"] as const) {
      if (step === "added") {
        await mkdir(path.dirname(publicFile), { recursive: true });
        await writeFile(publicFile, "# From public/\n");
      } else await rm(publicFile);
      await appendFile(path.join(root, latest.site.pages[0].sourcePath), `\nPublic file ${step}.\n`);
      previous = await (await dev(previous)).writeSiteFiles!();
      await coldBeside();
      expect(differences(await tree(out), await tree(reference)), `public file ${step}`).toEqual([]);
      expect((await readFile(path.join(out, target), "utf8")).startsWith("# From public/")).toBe(step === "added");
    }

    // A page taken out of the sidebar: no link target changed, and yet every page's sidebar shows it gone.
    const hidden = latest.site.pages.filter((page) => page.slug !== "" && !page.slug.includes("/")).at(-1)!;
    const hiddenFile = path.join(root, hidden.sourcePath);
    const text = await readFile(hiddenFile, "utf8");
    await writeFile(
      hiddenFile,
      text.startsWith("---\n") ? `---\nhidden: true\n${text.slice(4)}` : `---\nhidden: true\n---\n${text}`,
    );
    sourceReads.onlyChanged([hiddenFile]);
    previous = await (await dev(previous)).writeSiteFiles!();
    await coldBeside();
    expect(differences(await tree(out), await tree(reference)), "a page taken out of the sidebar").toEqual([]);
  });
});
