/**
 * Issue 13 budget: all interactive JavaScript a reader can receive, gzipped, stays under 15 KB. Builds the example
 * (search on), the ask-ai fixture (Ask AI on) and the page-actions fixture (page actions, feedback), takes every
 * script under `_quire/` and the inline theme script of a page, and prints a table of raw and gzipped bytes; writes
 * bench/results/client-js.json.
 *
 *   npm run bench:client-js
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "../compiler/index.ts";

const BUDGET_BYTES = 15 * 1024;
const SITES = ["example", "ask-ai", "page-actions"];
const repo = path.resolve(import.meta.dirname, "..");

const scratch = await mkdtemp(path.join(tmpdir(), "quire-client-js-"));
/** Largest build of each script by its name without the content hash (the page script grows with search). */
const scripts = new Map<string, string>();
try {
  for (const site of SITES) {
    const dist = path.join(scratch, site);
    await build({ root: path.join(repo, "fixtures", site), outDir: dist, git: false, cache: false });
    for (const name of await readdir(path.join(dist, "_quire"))) {
      if (!name.endsWith(".js")) continue;
      const text = await readFile(path.join(dist, "_quire", name), "utf8");
      const key = `${name.replace(/\.[0-9a-f]{8}\.js$/, "")}.js`;
      if ((scripts.get(key)?.length ?? -1) < text.length) scripts.set(key, text);
    }
    const page = await readFile(path.join(dist, "docs", "index.html"), "utf8").catch(() => "");
    const inline = [...page.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join("\n");
    if (inline && (scripts.get("inline (theme boot)")?.length ?? -1) < inline.length) {
      scripts.set("inline (theme boot)", inline);
    }
  }
} finally {
  await rm(scratch, { recursive: true, force: true });
}

const rows = [...scripts].map(([name, text]) => ({
  name,
  bytes: Buffer.byteLength(text),
  gzip: gzipSync(text, { level: 9 }).length,
}));
rows.sort((a, b) => b.gzip - a.gzip);
const total = { bytes: rows.reduce((n, r) => n + r.bytes, 0), gzip: rows.reduce((n, r) => n + r.gzip, 0) };

const kb = (n: number) => `${(n / 1024).toFixed(2)} KB`;
console.log(`${"script".padEnd(28)}${"raw".padStart(12)}${"gzip".padStart(12)}`);
for (const row of rows) console.log(`${row.name.padEnd(28)}${kb(row.bytes).padStart(12)}${kb(row.gzip).padStart(12)}`);
console.log(`${"total".padEnd(28)}${kb(total.bytes).padStart(12)}${kb(total.gzip).padStart(12)}`);
const within = total.gzip <= BUDGET_BYTES;
console.log(
  `budget ${kb(BUDGET_BYTES)} gzipped: ${within ? "within" : "OVER"} (${kb(BUDGET_BYTES - total.gzip)} left)`,
);

await mkdir(path.join(repo, "bench/results"), { recursive: true });
await writeFile(
  path.join(repo, "bench/results/client-js.json"),
  `${JSON.stringify({ budgetBytes: BUDGET_BYTES, within, total, scripts: rows }, null, 2)}\n`,
);
