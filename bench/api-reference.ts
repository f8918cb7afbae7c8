/**
 * API reference benchmark (issue 17, SPEC 2.15): generates an OpenAPI 3.1 contract of `--operations` operations
 * (default 3000) over `--tags` tags, with shared component schemas, a cycle and JSON examples, builds a site whose
 * `apiReference.specUrl` names it, and prints contract size, wall time, pass timings and peak RSS; the same record
 * goes to bench/results/<YYYY-MM-DD>.api-reference-<operations>.json.
 *
 *   npx tsx bench/api-reference.ts [--operations 3000] [--tags 30] [--keep]
 */
import { mkdir, mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { build } from "../compiler/index.ts";

const { values } = parseArgs({
  options: {
    operations: { type: "string", default: "3000" },
    tags: { type: "string", default: "30" },
    keep: { type: "boolean", default: false },
  },
});
const operations = Number(values.operations);
const tags = Number(values.tags);

function contract(): Record<string, unknown> {
  const schemas: Record<string, unknown> = {
    Node: {
      type: "object",
      properties: { id: { type: "string" }, children: { type: "array", items: { $ref: "#/components/schemas/Node" } } },
    },
  };
  for (let t = 0; t < tags; t++) {
    schemas[`Item${t}`] = {
      type: "object",
      required: ["id"],
      description: `Item of group ${t}.`,
      properties: Object.fromEntries([
        ...Array.from({ length: 12 }, (_, p): [string, object] => [
          `field${p}`,
          { type: p % 3 ? "string" : "integer", description: `Field ${p} of item ${t}.` },
        ]),
        ["tree", { $ref: "#/components/schemas/Node" }],
      ]),
    };
  }
  const paths: Record<string, Record<string, unknown>> = {};
  for (let i = 0; i < operations; i++) {
    const t = i % tags;
    const route = `/group${t}/resource${Math.floor(i / 2)}/{id}`;
    const method = i % 2 ? "put" : "get";
    paths[route] ??= { parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }] };
    paths[route][method] = {
      tags: [`Group ${t}`],
      operationId: `op${i}`,
      summary: `Operation ${i}`,
      description: `Does thing ${i} to a resource of group ${t}.`,
      parameters: [{ name: "limit", in: "query", schema: { type: "integer", maximum: 100 } }],
      ...(method === "put"
        ? {
            requestBody: {
              required: true,
              content: { "application/json": { schema: { $ref: `#/components/schemas/Item${t}` } } },
            },
          }
        : {}),
      responses: {
        "200": {
          description: "OK",
          content: {
            "application/json": {
              schema: { $ref: `#/components/schemas/Item${t}` },
              example: { id: `x${i}`, field1: "value" },
            },
          },
        },
        "404": { description: "Not found" },
      },
    };
  }
  return { openapi: "3.1.0", info: { title: "Bench API", version: "1" }, paths, components: { schemas } };
}

const root = await mkdtemp(path.join(os.tmpdir(), "quire-bench-api-"));
await mkdir(path.join(root, "docs"), { recursive: true });
await writeFile(
  path.join(root, "docs.config.ts"),
  `export default { entry: "docs", apiReference: { specUrl: "openapi.json" }, sitemap: { baseUrl: "https://bench.example" } };\n`,
);
await writeFile(path.join(root, "docs", "page.md"), "---\ntitle: Bench\n---\n\nBench.\n");
await writeFile(path.join(root, "openapi.json"), JSON.stringify(contract()));
const bytes = (await stat(path.join(root, "openapi.json"))).size;
let peak = 0;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
const started = performance.now();
const cpuStart = process.cpuUsage();
const result = await build({ root, outDir: path.join(root, "dist"), git: false, cache: false });
const wall = performance.now() - started;
// CPU of the whole process, page worker threads included: steadier than wall time on a loaded machine.
const cpu = process.cpuUsage(cpuStart);
clearInterval(sampler);
peak = Math.max(peak, process.memoryUsage().rss, process.resourceUsage().maxRSS * 1024);
const record = JSON.stringify(
  {
    operations,
    tags,
    contractBytes: bytes,
    pages: result.site.pages.length,
    files: result.files,
    outputBytes: result.bytes,
    wallMs: Math.round(wall),
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    timings: result.timings,
    peakRssMiB: Math.round(peak / 1024 / 1024),
    cpus: os.cpus().length,
  },
  null,
  2,
);
console.log(record);
const resultsDir = path.join(import.meta.dirname, "results");
await mkdir(resultsDir, { recursive: true });
const day = new Date().toISOString().slice(0, 10);
await writeFile(path.join(resultsDir, `${day}.api-reference-${operations}.json`), `${record}\n`);
if (!values.keep) await rm(root, { recursive: true, force: true });
else console.log(`kept ${root}`);
