/**
 * quire/astro, quire/nuxt and quire/next over the committed example build (issue 18): each answers the same docs
 * routes as the shared core, with its framework's calling convention — Astro's `{ request }` endpoints and page
 * negotiation, an h3 event (h3 1's Node request, h3 2's Web request) with the build read from Nitro storage, and Next's
 * route handlers behind `withDocs()`'s rewrites.
 */
import { createServer, type IncomingMessage } from "node:http";
import { mkdtemp, readdir, readFile, rm, symlink } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { snapshotSite, type SnapshotSite } from "../testing/built-site.ts";
import { createDocsServer as createAstroServer } from "./astro/index.ts";
import { createDocsLayout, docsRewrites, NEXT_FORWARD_PREFIX, withDocs } from "./next/index.ts";
import { defineDocsHandler, type StorageLike } from "./nuxt/index.ts";

let site: SnapshotSite;
let rootDir: string;
/** The build as Nitro server-asset storage holds it: unstorage keys (`_docs:site.json`) → bytes. */
let assets: Map<string, Uint8Array>;

beforeAll(async () => {
  site = await snapshotSite();
  rootDir = await mkdtemp(path.join(tmpdir(), "quire-content-adapters-"));
  await symlink(site.dist, path.join(rootDir, "dist"));
  assets = new Map();
  for (const entry of await readdir(site.dist, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    assets.set(path.relative(site.dist, file).split(path.sep).join(":"), new Uint8Array(await readFile(file)));
  }
});
afterAll(async () => {
  await rm(rootDir, { recursive: true, force: true });
});

const ORIGIN = "http://app.test";
const PAGE = "/docs/getting-started/installation";
const TOOLS_LIST = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" });
const MCP_HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream" };

function storage(): StorageLike & { reads: string[] } {
  const reads: string[] = [];
  return {
    reads,
    getKeys: async () => [...assets.keys()],
    getItemRaw: async (key) => {
      reads.push(key);
      return assets.get(key) ?? null;
    },
  };
}

describe("quire/astro", { timeout: 30_000 }, () => {
  it("answers search, .md and MCP through GET/POST({ request }) and loads the page for the .astro route", async () => {
    const docs = createAstroServer({ rootDir });
    const search = await docs.GET({ request: new Request(`${ORIGIN}/api/docs?query=install`) });
    expect(search.status).toBe(200);
    expect(JSON.stringify(await search.json())).toContain("installation");
    const mcp = await docs.POST({
      request: new Request(`${ORIGIN}/mcp`, { method: "POST", headers: MCP_HEADERS, body: TOOLS_LIST }),
    });
    expect((await mcp.json()).result.tools.map((tool: { name: string }) => tool.name)).toContain("search_docs");
    const preflight = await docs.ALL({
      request: new Request(`${ORIGIN}/api/docs/mcp`, {
        method: "OPTIONS",
        headers: { origin: ORIGIN, "access-control-request-method": "POST" },
      }),
    });
    expect(preflight.status).toBe(204);
    const data = await docs.load(PAGE);
    expect(data && "page" in data ? data.page.title : null).toBe("Installation");
  });

  it("negotiate() gives Markdown for .md and Accept: text/markdown, and null where the app renders the page", async () => {
    const docs = createAstroServer({ rootDir });
    expect(await docs.negotiate(new Request(`${ORIGIN}${PAGE}`, { headers: { accept: "text/html" } }))).toBeNull();
    const md = await docs.negotiate(new Request(`${ORIGIN}${PAGE}.md`));
    expect(md?.headers.get("content-type")).toMatch(/^text\/markdown/);
    const negotiated = await docs.negotiate(new Request(`${ORIGIN}${PAGE}`, { headers: { accept: "text/markdown" } }));
    expect(await negotiated?.text()).toBe(await md?.text());
  });
});

describe("quire/nuxt", { timeout: 30_000 }, () => {
  it("reads the build from Nitro storage once and answers an h3 2 event (event.req)", async () => {
    const store = storage();
    const handler = defineDocsHandler({}, () => store);
    expect(handler.__is_handler__).toBe(true);
    const page = await handler({ req: new Request(`${ORIGIN}${PAGE}.md`) });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Installation");
    const readsAfterFirst = store.reads.length;
    const search = await handler({ req: new Request(`${ORIGIN}/api/docs?query=install`) });
    expect(search.status).toBe(200);
    expect(store.reads.length).toBe(readsAfterFirst);
    // Binary files stay out of the preloaded content: they are public/ assets.
    expect(store.reads.some((key) => /\.(png|woff2|ico)$/.test(key))).toBe(false);
  });

  it("streams an h3 1 event's Node request body into the handler (MCP POST)", async () => {
    const handler = defineDocsHandler({}, () => storage());
    const server = createServer(async (req: IncomingMessage, res) => {
      const response = await handler({ node: { req } });
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/api/docs/mcp`, {
        method: "POST",
        headers: MCP_HEADERS,
        body: TOOLS_LIST,
      });
      expect(response.status).toBe(200);
      expect((await response.json()).result.tools.length).toBeGreaterThan(3);
    } finally {
      server.close();
    }
  });

  it("answers 503 with the reason when the storage holds no build, and reads it once one is there", async () => {
    let keys: string[] = [];
    const handler = defineDocsHandler({}, () => ({
      getKeys: async () => keys,
      getItemRaw: async (key) => assets.get(key) ?? null,
    }));
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args.join(" "));
    try {
      const missing = await handler({ req: new Request(`${ORIGIN}/llms.txt`) });
      expect(missing.status).toBe(503);
      expect((await missing.json()).error.code).toBe("site_unavailable");
      expect(String(errors[0])).toContain("serverAssets");
    } finally {
      console.error = original;
    }
    keys = [...assets.keys()];
    expect((await handler({ req: new Request(`${ORIGIN}/llms.txt`) })).status).toBe(200);
  });
});

describe("quire/next", { timeout: 30_000 }, () => {
  it("rewrites the MCP aliases to the canonical route and forwards .md and Markdown negotiation", () => {
    const rewrites = docsRewrites("docs", "/api/docs/mcp");
    expect(rewrites.beforeFiles).toContainEqual({ source: "/mcp", destination: "/api/docs/mcp" });
    expect(rewrites.beforeFiles).toContainEqual({ source: "/.well-known/mcp", destination: "/api/docs/mcp" });
    expect(rewrites.beforeFiles).toContainEqual({
      source: "/docs/:path(.*\\.md)",
      destination: `${NEXT_FORWARD_PREFIX}/docs/:path`,
    });
    expect(rewrites.fallback).toEqual([{ source: "/:path*", destination: `${NEXT_FORWARD_PREFIX}/:path*` }]);
    // A custom MCP route outside /api/docs is mirrored to the route handler (SPEC 4.4).
    expect(docsRewrites("docs", "/agents/mcp").beforeFiles).toContainEqual({
      source: "/agents/mcp",
      destination: `${NEXT_FORWARD_PREFIX}/agents/mcp`,
    });
  });

  it("gives the route handlers the original URL of a forwarded request", async () => {
    const docs = createDocsLayout({ rootDir });
    const forwarded = await docs.GET(new Request(`${ORIGIN}${NEXT_FORWARD_PREFIX}${PAGE}.md`));
    expect(forwarded.status).toBe(200);
    expect(forwarded.headers.get("content-type")).toMatch(/^text\/markdown/);
    const llms = await docs.GET(new Request(`${ORIGIN}${NEXT_FORWARD_PREFIX}/llms.txt`));
    expect(await llms.text()).toContain(`${PAGE}.md`);
    const seenAs = await docs.OPTIONS(
      new Request(`http://localhost:3000/mcp`, {
        method: "OPTIONS",
        headers: { host: "127.0.0.1:3000", origin: "http://127.0.0.1:3000", "access-control-request-method": "POST" },
      }),
    );
    expect(seenAs.status).toBe(204);
    const mcp = await docs.POST(
      new Request(`${ORIGIN}/api/docs/mcp`, { method: "POST", headers: MCP_HEADERS, body: TOOLS_LIST }),
    );
    expect(mcp.status).toBe(200);
  });

  it("withDocs keeps the app's config and rewrites, adds the docs' around them, and keeps quire unbundled", async () => {
    const own = { source: "/old", destination: "/new" };
    const config = await withDocs(
      { reactStrictMode: true, serverExternalPackages: ["sharp"], rewrites: async () => [own] },
      { out: path.join(rootDir, "dist") },
    )("phase-production-server", {});
    expect(config.reactStrictMode).toBe(true);
    expect(config.serverExternalPackages).toEqual(["sharp", "quire"]);
    const rewrites = (await config.rewrites?.()) as {
      beforeFiles: unknown[];
      afterFiles: unknown[];
      fallback: unknown[];
    };
    expect(rewrites.afterFiles).toEqual([own]);
    expect(rewrites.beforeFiles).toContainEqual({ source: "/mcp", destination: "/api/docs/mcp" });
    expect(rewrites.fallback.at(-1)).toEqual({ source: "/:path*", destination: `${NEXT_FORWARD_PREFIX}/:path*` });
  });

  it("withDocs names the missing build when there is none to read routes from", async () => {
    const config = await withDocs({}, { out: path.join(rootDir, "no-build") })("phase-production-server", {});
    await expect(config.rewrites?.()).rejects.toThrow(/site\.json.*run `docs build` first/);
  });
});
