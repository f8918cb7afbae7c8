/**
 * The long run of the warm-equals-cold invariant (issue 11): `compiler/cache/incremental.test.ts` applies eight
 * seeded edits to a fixture; this applies `--steps` of them (default 60) to a generated corpus or a fixture copy and
 * compares a warm build (persisted page cache) and a `docs dev` build (records kept in memory, written in place from
 * the previous output, site files after the pages) with a cold one (no cache) after each, byte for byte.
 *
 *   npx tsx bench/incremental-soak.ts [--pages 40 | --fixture agent-md-sibling] [--steps 60] [--seed 1]
 */
import { cp, mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { openPageCache } from "../compiler/cache/page-cache.ts";
import { rememberedReads } from "../compiler/content/source-reads.ts";
import { build, type PreviousBuild } from "../compiler/index.ts";
import { Rng } from "./corpus-random.ts";
import { writeCorpus } from "./corpus.ts";
import { applyRandomEdit } from "./random-edits.ts";

async function tree(dir: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile())
      files.set(
        path.relative(dir, path.join(entry.parentPath ?? entry.path, entry.name)),
        await readFile(path.join(entry.parentPath ?? entry.path, entry.name)),
      );
  }
  return files;
}

const { values } = parseArgs({
  options: {
    pages: { type: "string", default: "40" },
    fixture: { type: "string" },
    steps: { type: "string", default: "60" },
    seed: { type: "string", default: "1" },
  },
});
const scratch = await mkdtemp(path.join(os.tmpdir(), "quire-soak-"));
const root = path.join(scratch, "site");
try {
  if (values.fixture) {
    await cp(fileURLToPath(new URL(`../fixtures/${values.fixture}`, import.meta.url)), root, {
      recursive: true,
      filter: (src) => !/node_modules|[/\\]dist$/.test(src),
    });
  } else {
    await writeCorpus(root, { pages: Number(values.pages), seed: Number(values.seed) });
  }
  const rng = new Rng(Number(values.seed));
  // Kept in memory across steps, as `docs dev` keeps it; every third step a fresh instance reads the disk.
  const cache = openPageCache(path.join(scratch, "cache"), { keepInMemory: true });
  // A third folder is built as `docs dev` builds (in place from the previous output, site files afterwards).
  const devCache = openPageCache(path.join(scratch, "dev-cache"), { keepInMemory: true });
  // Sources remembered as `docs dev` remembers them; no racy window, so an unchanged file really is not read again
  // (every edit comes a build after that file's last read).
  const sourceReads = rememberedReads({ racyMs: 0 });
  let previous: PreviousBuild | undefined;
  let failures = 0;
  for (let step = 1; step <= Number(values.steps); step++) {
    const edit = await applyRandomEdit(root, rng, step);
    const warm = await build({
      root,
      outDir: path.join(scratch, "warm"),
      git: false,
      cache: step % 3 === 0 ? openPageCache(path.join(scratch, "cache")) : cache,
    });
    const dev = await build({
      root,
      outDir: path.join(scratch, "dev"),
      git: false,
      cache: devCache,
      sourceReads,
      previous,
      pagesFirst: true,
      keepOutput: true,
    });
    previous = dev.writeSiteFiles ? await dev.writeSiteFiles() : { output: dev.output!, siteFiles: dev.siteFiles! };
    await build({ root, outDir: path.join(scratch, "cold"), git: false, cache: false });
    const cold = await tree(path.join(scratch, "cold"));
    const differing = [
      ...differences(await tree(path.join(scratch, "warm")), cold),
      ...differences(await tree(path.join(scratch, "dev")), cold).map((name) => `dev: ${name}`),
    ];
    if (differing.length > 0) failures++;
    console.log(
      `step ${step} ${edit.kind.padEnd(8)} ${edit.paths.join(" → ")}: ${warm.cache?.rebuilt ?? "?"} compiled, ${differing.length === 0 ? "identical" : `DIFFERS: ${differing.slice(0, 5).join(", ")}`}`,
    );
  }
  console.log(failures === 0 ? "warm, dev and cold identical after every step" : `${failures} steps differ`);
  process.exitCode = failures === 0 ? 0 : 1;
} finally {
  await rm(scratch, { recursive: true, force: true });
}

function differences(a: Map<string, Buffer>, b: Map<string, Buffer>): string[] {
  return [...new Set([...a.keys(), ...b.keys()])].filter((name) => !a.has(name) || !b.get(name)?.equals(a.get(name)!));
}
