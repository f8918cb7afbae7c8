/**
 * Pagefind over the same build, for the choice of static index (issue 12): Pagefind 1.x (the npm package and its
 * binary) indexes the built HTML of the human pages (`main` without breadcrumbs, the agent hint and the pager: the
 * title, lead and body, as Starlight marks its content for Pagefind), then each golden query runs in its own fresh Chromium context against a
 * plain static server — Pagefind's own `pagefind.js` and WebAssembly, as a reader's browser would — counting what it
 * fetches. Results are ranked sections (each result page's `sub_results`, in Pagefind's order), mapped onto Quire's
 * chunk ids so both are scored by the same `measureSectionAndPage`.
 */
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { close as closePagefind, createIndex } from "pagefind";
import { launchChromium } from "../compiler/testing/chromium.ts";
import { serveStatic } from "../compiler/testing/static-host.ts";
import type { SearchChunk } from "../runtime/contract/index.ts";
import { measureSectionAndPage, type GoldenQuery, type SectionAndPageRelevance } from "../runtime/search/relevance.ts";

export interface PagefindFigures {
  indexBytes: number;
  indexFiles: number;
  /** pagefind.js, its worker and WebAssembly: fetched once per page, whatever the query. */
  codeBytes: number;
  /** Index data one query fetches on a fresh page (entry, metadata, index chunks, result fragments), sorted. */
  perQueryBytes: number[];
  relevance: SectionAndPageRelevance;
  indexSeconds: number;
}

/** Pathname + hash with a directory index's trailing slash removed: how chunk URLs and Pagefind URLs meet. */
function locationKey(url: string): string {
  const parsed = new URL(url, "http://site.invalid");
  const pathname = parsed.pathname.replace(/\/index\.html$/, "").replace(/(.)\/$/, "$1");
  return pathname + parsed.hash;
}

export async function measurePagefind(
  dist: string,
  outputDir: string,
  chunks: SearchChunk[],
  golden: GoldenQuery[],
): Promise<PagefindFigures> {
  const started = performance.now();
  const { index, errors } = await createIndex({
    rootSelector: "main",
    excludeSelectors: [".q-agent-hint", ".q-breadcrumbs", ".q-page-footer"],
  });
  if (!index) throw new Error(`pagefind: ${errors.join("; ")}`);
  const added = await index.addDirectory({ path: dist });
  if (added.errors.length > 0) throw new Error(`pagefind: ${added.errors.join("; ")}`);
  await index.writeFiles({ outputPath: path.join(outputDir, "pagefind") });
  await closePagefind();
  const indexSeconds = (performance.now() - started) / 1000;

  let indexBytes = 0;
  let indexFiles = 0;
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else {
        indexFiles++;
        indexBytes += (await stat(full)).size;
      }
    }
  };
  await walk(path.join(outputDir, "pagefind"));

  const idOf = new Map(chunks.map((chunk) => [locationKey(chunk.url), chunk.id]));
  const host = await serveStatic(outputDir);
  const { origin } = host;
  const browser = await launchChromium();
  let codeBytes = 0;
  const perQueryBytes: number[] = [];
  try {
    const relevance = await measureSectionAndPage(golden, async (query) => {
      const context = await browser.newContext(); // a fresh page: nothing cached
      try {
        const page = await context.newPage();
        await page.route(`${origin}/`, (route) =>
          route.fulfill({ contentType: "text/html", body: "<!doctype html><title>search</title>" }),
        );
        // Every Pagefind file the query fetched, read once its response is complete (Pagefind may still be loading
        // an index chunk when the results are in: the query is over when nothing is in flight).
        const sizes: Promise<{ url: string; bytes: number }>[] = [];
        let inFlight = 0;
        page.on("request", () => inFlight++);
        page.on("requestfailed", () => inFlight--);
        page.on("requestfinished", (request) => {
          inFlight--;
          if (!request.url().includes("/pagefind/")) return;
          sizes.push(
            request
              .response()
              .then(async (response) => ({ url: request.url(), bytes: (await response!.body()).byteLength })),
          );
        });
        await page.goto(`${origin}/`);
        const urls = await page.evaluate(async (q) => {
          const pagefind = await import("/pagefind/pagefind.js" as string);
          await pagefind.init();
          const search = await pagefind.search(q);
          const top = await Promise.all(
            search.results.slice(0, 10).map((result: { data(): Promise<unknown> }) => result.data()),
          );
          return (top as { url: string; sub_results?: { url: string }[] }[]).flatMap((data) =>
            data.sub_results?.length ? data.sub_results.map((sub) => sub.url) : [data.url],
          );
        }, query);
        for (let quiet = 0; quiet < 5; quiet = inFlight === 0 ? quiet + 1 : 0) await page.waitForTimeout(20);
        let data = 0;
        let code = 0;
        for (const { url, bytes } of await Promise.all(sizes)) {
          if (/\.(js|wasm)(\?|$)/.test(new URL(url).pathname) || url.includes("wasm")) code += bytes;
          else data += bytes;
        }
        codeBytes = Math.max(codeBytes, code);
        perQueryBytes.push(data);
        return urls.map((url) => idOf.get(locationKey(url)) ?? url);
      } finally {
        await context.close();
      }
    });
    perQueryBytes.sort((a, b) => a - b);
    return { indexBytes, indexFiles, codeBytes, perQueryBytes, relevance, indexSeconds };
  } finally {
    await browser.close();
    await host.close();
  }
}
