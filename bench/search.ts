/**
 * Search figures (issue 12): the dialog's JS + CSS gzipped, and for generated corpora of the given sizes the static
 * index's bytes, the bytes one query fetches (dialog code run in a VM over the built files), the cold runtime's first
 * query with and without the build's serialized index, and recall@5 / MRR of both indexes on golden queries (the
 * example's hand-written ones; on a corpus, 100 sampled sections asked for by page title + heading), and the same
 * figures for Pagefind over the same build (search-pagefind.ts).
 *
 *   npm run bench:search [-- --pages 1000,5000]
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { build } from "../compiler/index.ts";
import { createStaticSearchClient } from "../compiler/testing/static-search-client.ts";
import { runtimeFile, STATIC_SEARCH_DIR, type SearchChunk } from "../runtime/contract/index.ts";
import { EXAMPLE_GOLDEN_QUERIES } from "../runtime/search/golden-queries.ts";
import { measureSectionAndPage, type GoldenQuery, type SectionAndPageRelevance } from "../runtime/search/relevance.ts";
import { createSimpleSearch } from "../runtime/search/simple.ts";
import { writeCorpus } from "./corpus.ts";
import { measurePagefind } from "./search-pagefind.ts";

const PAGEFIND_VERSION = (
  JSON.parse(
    readFileSync(
      path.join(fileURLToPath(new URL("..", import.meta.url)), "node_modules/pagefind/package.json"),
      "utf8",
    ),
  ) as {
    version: string;
  }
).version;

const { values } = parseArgs({ options: { pages: { type: "string", default: "1000" } } });
const repo = path.resolve(fileURLToPath(new URL("..", import.meta.url)));
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const template = (name: string) => readFileSync(path.join(repo, "templates", name));

const dialog = gzipSync(Buffer.concat([template("search.js"), template("search.css")])).length;
const loader = gzipSync(template("search-loader.js")).length;
console.log(
  `dialog JS + CSS gzipped: ${kb(dialog)} (loaded on first open); loader in the page script: ${kb(loader)} gzipped`,
);

/** recall@5 / MRR on sections, then on pages. */
function figures({ section, page }: SectionAndPageRelevance): string {
  return `${section.recallAt5.toFixed(2)} / ${section.mrr.toFixed(2)}, pages ${page.recallAt5.toFixed(2)} / ${page.mrr.toFixed(2)}`;
}

async function report(label: string, dist: string, golden: GoldenQuery[]): Promise<void> {
  const folder = path.join(dist, STATIC_SEARCH_DIR);
  const names = await readdir(folder);
  let indexBytes = 0;
  for (const name of names) indexBytes += (await stat(path.join(folder, name))).size;
  const read = (file: string) => {
    try {
      return readFileSync(path.join(dist, file), "utf8");
    } catch {
      return null;
    }
  };
  const chunks = JSON.parse(await readFile(path.join(dist, runtimeFile("search-human.json")), "utf8")) as SearchChunk[];
  const firstChunk = new Map<string, string>();
  for (const chunk of chunks) if (!firstChunk.has(chunk.url)) firstChunk.set(chunk.url, chunk.id);

  const perQuery: number[] = [];
  const perQueryGzip: number[] = [];
  const staticReport = await measureSectionAndPage(golden, async (query) => {
    const client = createStaticSearchClient(read); // a fresh page: nothing cached
    const hits = await client.search(query);
    perQuery.push(client.fetched.bytes);
    // What a host that compresses JSON sends (Pagefind's own files are compressed already).
    perQueryGzip.push(client.fetched.files.reduce((sum, file) => sum + gzipSync(read(file) ?? "").length, 0));
    return hits.map((hit) => firstChunk.get(hit.url)!);
  });
  perQuery.sort((a, b) => a - b);
  perQueryGzip.sort((a, b) => a - b);
  const pagefindOut = await mkdtemp(path.join(tmpdir(), "quire-bench-pagefind-"));
  const pagefind = await measurePagefind(dist, pagefindOut, chunks, golden).finally(() =>
    rm(pagefindOut, { recursive: true, force: true }),
  );
  const median = (sorted: number[]) => sorted[sorted.length >> 1];

  // Each in a fresh process (median of 3), so neither profits from the other's warm JIT or file cache.
  const cold = (mode: "with" | "without") => {
    const runs = [0, 1, 2].map(() =>
      Number(
        execFileSync(
          process.execPath,
          ["--import", "tsx", path.join(repo, "bench/search-cold.ts"), dist, mode, golden[0].query],
          { encoding: "utf8" },
        ).trim(),
      ),
    );
    return runs.sort((a, b) => a - b)[1];
  };
  const withoutIndex = cold("without");
  const withIndex = cold("with");
  const runtime = createSimpleSearch(chunks);
  const runtimeReport = await measureSectionAndPage(golden, async (query) =>
    (await runtime.search(query)).map((hit) => hit.chunk.id),
  );

  console.log(`\n${label}: ${chunks.length} public chunks`);
  console.log(`  static index: ${kb(indexBytes)} in ${names.length} files`);
  console.log(
    `  one query on a fresh page fetches: median ${kb(median(perQuery))}, max ${kb(perQuery[perQuery.length - 1])} ` +
      `(gzipped: median ${kb(median(perQueryGzip))}, max ${kb(perQueryGzip[perQueryGzip.length - 1])})`,
  );
  console.log(
    `  cold runtime, load + first query: ${withIndex.toFixed(0)} ms with the serialized index, ${withoutIndex.toFixed(0)} ms building it`,
  );
  console.log(
    `  golden (${golden.length}), recall@5 / MRR on sections, then on pages: runtime ${figures(runtimeReport)}; static ${figures(staticReport)}`,
  );
  const pf = pagefind.perQueryBytes;
  console.log(
    `  Pagefind ${PAGEFIND_VERSION}: index ${kb(pagefind.indexBytes)} in ${pagefind.indexFiles} files (indexed in ${pagefind.indexSeconds.toFixed(2)} s); ` +
      `one query on a fresh page fetches median ${kb(median(pf))}, max ${kb(pf[pf.length - 1])} of index data ` +
      `+ ${kb(pagefind.codeBytes)} of JS and WebAssembly; golden ${figures(pagefind.relevance)}`,
  );
}

await report("example (snapshots/example)", path.join(repo, "snapshots/example"), EXAMPLE_GOLDEN_QUERIES);

for (const pages of values.pages!.split(",").map(Number)) {
  const scratch = await mkdtemp(path.join(tmpdir(), "quire-bench-search-"));
  try {
    await writeCorpus(path.join(scratch, "site"), { pages });
    await build({ root: path.join(scratch, "site"), outDir: path.join(scratch, "dist"), git: false });
    const chunks = JSON.parse(
      await readFile(path.join(scratch, "dist", runtimeFile("search-human.json")), "utf8"),
    ) as SearchChunk[];
    // The corpus reuses generic headings on many pages, so a query names the page and the section, as a reader
    // looking for one place would: every 1/100th section chunk, in order (deterministic).
    const sections = chunks.filter((chunk) => chunk.section && chunk.url.includes("#"));
    const golden = Array.from(
      { length: Math.min(100, sections.length) },
      (_, i) => sections[Math.floor((i * sections.length) / Math.min(100, sections.length))],
    ).map((chunk) => ({ query: `${chunk.title} ${chunk.section}`, expected: chunk.id }));
    await report(`${pages}-page corpus`, path.join(scratch, "dist"), golden);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
