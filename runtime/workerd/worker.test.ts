/**
 * The runtime in the real edge runtime: the worker is bundled with esbuild (no `node:` imports allowed), served by
 * the `workerd` binary from npm on loopback, and called over HTTP. Two workers: the default entry reading the build
 * through an `ASSETS` disk service, and one with the build preloaded into the bundle (SPEC 4.7 `_preloadedContent`).
 */
import { copyFile, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { snapshotSite, type SnapshotSite } from "../testing/built-site.ts";
import { decodePng } from "../testing/png.ts";
import { bundleWorker, type WasmModule } from "./bundle-worker.ts";
import { workerdConfig } from "./capnp-config.ts";
import { freePort } from "../testing/free-port.ts";
import { runWorkerd, type RunningWorkerd } from "./run-workerd.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
const TEXT_FILES =
  /\.(json|md|html|txt|xml)$|^\.well-known\/(agent|api-catalog)$|^api\/docs\/agent\/spec$|^_headers$|^_redirects$/;

let site: SnapshotSite;
let work: string;
let workerd: RunningWorkerd;
let assetsOrigin: string;
let preloadedOrigin: string;
let ogOrigin: string;
let ogSite: SnapshotSite;
const nodeImports: Record<string, string[]> = {};

async function textFilesOf(dist: string): Promise<Record<string, string>> {
  const entries = await readdir(dist, { recursive: true, withFileTypes: true });
  const files: Record<string, string> = {};
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const relative = path.relative(dist, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
    if (TEXT_FILES.test(relative)) files[relative] = await readFile(path.join(dist, relative), "utf8");
  }
  return files;
}

/** workerd embeds files by paths relative to the config: copy each wasm file next to it. */
async function besideConfig(modules: WasmModule[]): Promise<WasmModule[]> {
  return Promise.all(
    modules.map(async (module) => {
      const file = module.name.replace(/[^a-z0-9.]+/gi, "-");
      await copyFile(module.file, path.join(work, file));
      return { name: module.name, file };
    }),
  );
}

beforeAll(async () => {
  site = await snapshotSite();
  ogSite = await snapshotSite("og-dynamic");
  work = await mkdtemp(path.join(tmpdir(), "quire-workerd-"));
  const assets = await bundleWorker({
    entry: path.join(here, "worker.ts"),
    outFile: path.join(work, "assets-worker.js"),
    dist: site.dist,
  });
  nodeImports.assets = assets.nodeImports;

  await writeFile(path.join(work, "preloaded.json"), JSON.stringify(await textFilesOf(site.dist)));
  await writeFile(
    path.join(work, "preloaded-entry.ts"),
    [
      `import validateFeedback from "quire-feedback-validator";`,
      `import preloaded from "./preloaded.json";`,
      `import { createWorker } from ${JSON.stringify(path.join(here, "create-worker.ts"))};`,
      `export default createWorker({ preloaded, validateFeedback });`,
    ].join("\n"),
  );
  const preloaded = await bundleWorker({
    entry: path.join(work, "preloaded-entry.ts"),
    outFile: path.join(work, "preloaded-worker.js"),
    dist: site.dist,
  });
  nodeImports.preloaded = preloaded.nodeImports;

  // The default entry again, over the dynamic-OG fixture: its endpoint draws cards with the imported wasm modules.
  const og = await bundleWorker({
    entry: path.join(here, "worker.ts"),
    outFile: path.join(work, "og-worker.js"),
    dist: ogSite.dist,
  });

  const [assetsPort, preloadedPort, ogPort] = [await freePort(), await freePort(), await freePort()];
  assetsOrigin = `http://127.0.0.1:${assetsPort}`;
  preloadedOrigin = `http://127.0.0.1:${preloadedPort}`;
  ogOrigin = `http://127.0.0.1:${ogPort}`;
  await writeFile(
    path.join(work, "config.capnp"),
    workerdConfig([
      {
        name: "assets",
        moduleFile: "assets-worker.js",
        address: `127.0.0.1:${assetsPort}`,
        assetsDir: site.dist,
        wasmModules: await besideConfig(assets.wasmModules),
      },
      { name: "preloaded", moduleFile: "preloaded-worker.js", address: `127.0.0.1:${preloadedPort}` },
      {
        name: "og",
        moduleFile: "og-worker.js",
        address: `127.0.0.1:${ogPort}`,
        assetsDir: ogSite.dist,
        wasmModules: await besideConfig(og.wasmModules),
      },
    ]),
  );
  workerd = runWorkerd(work);
  for (const origin of [assetsOrigin, preloadedOrigin, ogOrigin]) await workerd.ready(origin);
}, 120_000);

afterAll(async () => {
  await workerd?.stop();
  await rm(work, { recursive: true, force: true });
});

describe("the worker bundle", () => {
  it("contains no node: imports and no run-time code generation", async () => {
    expect(nodeImports).toEqual({ assets: [], preloaded: [] });
    const code = await readFile(path.join(work, "assets-worker.js"), "utf8");
    // satori tries `new Function("s", "return import(s)")("node:dns/promises")` inside try/catch, for fetching remote
    // images, which cards never have; workerd throws there and satori carries on. Nothing else may generate code.
    const withoutSatoriDns = code.replace(/new Function\(\s*"s",\s*"return import\(s\)"\s*\)/g, "");
    expect(withoutSatoriDns).not.toMatch(/\bnew Function\s*\(|\beval\s*\(/);
  });

  it("keeps the public runtime entry edge-clean", async () => {
    const entry = await bundleWorker({
      entry: path.join(here, "..", "index.ts"),
      outFile: path.join(work, "runtime-entry.js"),
      dist: site.dist,
    });
    expect(entry.nodeImports).toEqual([]);
  });
});

describe("workerd serving a build through ASSETS", () => {
  it("answers search", async () => {
    const response = await fetch(`${assetsOrigin}/api/docs?query=cron%20schedule`);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.results[0].url).toContain("/docs/guides/scheduling/cron");
    expect(JSON.stringify(body.results)).not.toContain("AGENT-ONLY");
  });

  it("negotiates Markdown at canonical URLs and serves HTML otherwise", async () => {
    const markdown = await fetch(`${assetsOrigin}/docs/concepts`, { headers: { accept: "text/markdown" } });
    expect(markdown.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(markdown.headers.get("vary")).toBe("Accept");
    expect(await markdown.text()).toBe(await readFile(path.join(site.dist, "docs/concepts.md"), "utf8"));
    const html = await fetch(`${assetsOrigin}/docs/concepts`);
    expect(html.headers.get("content-type")).toBe("text/html; charset=utf-8");
  });

  it("sends the config map's exact headers", async () => {
    const response = await fetch(`${assetsOrigin}/api/docs?format=config`);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=3600");
    expect(response.headers.get("x-robots-tag")).toBe("noindex");
  });

  it("serves the changes feed with ETag and 304", async () => {
    const response = await fetch(`${assetsOrigin}/api/docs?audience=agent&response=changes&since=garbage`);
    const body = await response.json();
    expect(body).toMatchObject({ format: "docs-content-changes.v1", mode: "reset", resetRequired: true });
    const etag = response.headers.get("etag")!;
    expect(
      (
        await fetch(`${assetsOrigin}/api/docs?audience=agent&response=changes&since=garbage`, {
          headers: { "if-none-match": etag },
        })
      ).status,
    ).toBe(304);
  });

  it("validates feedback with the bundled validator", async () => {
    const post = (payload: unknown) =>
      fetch(`${assetsOrigin}/api/docs/agent/feedback`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ payload }),
      });
    expect(await (await post({ task: "t", outcome: "o" })).json()).toEqual({ ok: true, handled: false });
    const invalid = await post({ task: 1 });
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).error.details.length).toBeGreaterThan(0);
  });

  it("runs MCP tool calls", async () => {
    const response = await fetch(`${assetsOrigin}/mcp`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-protocol-version": "2025-11-25",
      },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "search_docs", arguments: { query: "retry backoff" } },
      }),
    });
    expect(response.status).toBe(200);
    expect(JSON.stringify(await response.json())).toContain("retries-and-backoff");
  });

  it("serves static assets from ASSETS, redirects and the 404 JSON", async () => {
    const page = await (await fetch(`${assetsOrigin}/docs`)).text();
    const css = page.match(/href="(\/_quire\/[^"]+\.css)"/)![1];
    const asset = await fetch(`${assetsOrigin}${css}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get("content-type")).toBe("text/css; charset=utf-8");
    const redirect = await fetch(`${assetsOrigin}/docs/guides`, { redirect: "manual" });
    expect(redirect.status).toBe(302);
    const missing = await fetch(`${assetsOrigin}/nope.png`);
    expect(missing.status).toBe(404);
    expect((await missing.json()).error.code).toBe("not_found");
  });
});

describe("workerd drawing dynamic Open Graph cards (SPEC 4.6)", () => {
  it("bundles the two WebAssembly modules as wasm modules, not as bytes", async () => {
    const og = await bundleWorker({
      entry: path.join(here, "worker.ts"),
      outFile: path.join(work, "og-worker-check.js"),
      dist: ogSite.dist,
    });
    expect(og.wasmModules.map((module) => module.name)).toEqual([
      "@resvg/resvg-wasm/index_bg.wasm",
      "satori/yoga.wasm",
    ]);
  });

  it("answers the endpoint with a 1200×630 PNG in the site's accent, cached by ETag", async () => {
    const response = await fetch(`${ogOrigin}/api/og?title=Install%20Lantern&description=On%20a%20build%20server`);
    expect(response.status, workerd.log().slice(-3000)).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    const png = decodePng(new Uint8Array(await response.arrayBuffer()));
    expect({ width: png.width, height: png.height }).toEqual({ width: 1200, height: 630 });
    expect(png.hexAt(600, 5)).toBe("#0e7c66");
    const again = await fetch(`${ogOrigin}/api/og?title=Install%20Lantern&description=On%20a%20build%20server`, {
      headers: { "if-none-match": response.headers.get("etag")! },
    });
    expect(again.status).toBe(304);
  }, 60_000);

  it("refuses an oversized query with 400", async () => {
    const response = await fetch(`${ogOrigin}/api/og?title=${"x".repeat(3000)}`);
    expect(response.status).toBe(400);
  });
});

describe("workerd serving a preloaded build", () => {
  it("serves Markdown, discovery files and search from the bundle", async () => {
    expect(await (await fetch(`${preloadedOrigin}/docs/faq.md`)).text()).toBe(
      await readFile(path.join(site.dist, "docs/faq.md"), "utf8"),
    );
    const manifest = await fetch(`${preloadedOrigin}/.well-known/agent.json`);
    expect(manifest.headers.get("link")).toContain('rel="describedby"');
    const search = await (await fetch(`${preloadedOrigin}/api/docs?query=kubernetes`)).json();
    expect(search.results.length).toBeGreaterThan(0);
  });
});
