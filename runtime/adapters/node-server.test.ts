import { request as httpRequest } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { snapshotSite, type SnapshotSite } from "../testing/built-site.ts";
import { startNodeServer, type RunningServer } from "./node-server.ts";
import { isFingerprinted } from "./node-static.ts";

let site: SnapshotSite;
let server: RunningServer;
beforeAll(async () => {
  site = await snapshotSite();
  server = await startNodeServer({ dist: site.dist, port: 0, config: { mcp: { security: { maxBodyBytes: 4096 } } } });
}, 60_000);
afterAll(async () => {
  await server?.close();
});

/** A raw HTTP exchange, for what fetch will not send (Host headers, unnormalized paths, chunked bodies). */
function raw(
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string[],
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }> {
  const { port } = new URL(server.origin);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, method, path, headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on("error", reject);
    for (const chunk of body ?? []) req.write(chunk);
    req.end();
  });
}

describe("docs serve's Node server", () => {
  it("serves pages, negotiated Markdown and API routes through the handler", async () => {
    const html = await fetch(`${server.origin}/docs/concepts`);
    expect(html.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const markdown = await fetch(`${server.origin}/docs/concepts`, { headers: { accept: "text/markdown" } });
    expect(markdown.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    const search = await (await fetch(`${server.origin}/api/docs?query=cron`)).json();
    expect(search.results.length).toBeGreaterThan(0);
  });

  it("serves static assets with media types and immutable caching for fingerprinted files", async () => {
    const page = await (await fetch(`${server.origin}/docs`)).text();
    const css = page.match(/href="(\/_quire\/[^"]+\.css)"/)![1];
    const response = await fetch(`${server.origin}${css}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/css; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    // Uncompressed, HEAD announces the length GET sends; compressed, it cannot know it and leaves it out (RFC 9110 8.6).
    const identity = { "accept-encoding": "identity" };
    const get = await fetch(`${server.origin}${css}`, { headers: identity });
    const head = await fetch(`${server.origin}${css}`, { method: "HEAD", headers: identity });
    expect(head.headers.get("content-length")).toBe(String((await get.arrayBuffer()).byteLength));
    expect((await fetch(`${server.origin}${css}`, { method: "HEAD" })).headers.get("content-length")).toBeNull();
  });

  it("gives extensionless discovery files their media types", async () => {
    expect((await fetch(`${server.origin}/.well-known/agent`)).headers.get("content-type")).toBe(
      "application/json; charset=utf-8",
    );
    expect((await fetch(`${server.origin}/.well-known/api-catalog`)).headers.get("content-type")).toMatch(
      /^application\/linkset\+json/,
    );
  });

  it("never serves files outside dist/ or host control files", async () => {
    for (const path of [
      "/../../../../etc/passwd",
      "/..%2f..%2f..%2fetc%2fpasswd",
      "/%2e%2e/%2e%2e/etc/passwd",
      "/_headers",
      "/_redirects",
      "/.git/config",
    ]) {
      const response = await raw("GET", path);
      expect(response.status, path).toBe(404);
      expect(response.text).not.toContain("root:");
    }
  });

  it("answers a request line with a raw traversal path with 404, not a file", async () => {
    const { port } = new URL(server.origin);
    const text = await new Promise<string>((resolve) => {
      const socket = connect(Number(port), "127.0.0.1", () =>
        socket.write("GET /docs/../../../../etc/passwd HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"),
      );
      let data = "";
      socket.on("data", (chunk) => (data += chunk));
      socket.on("end", () => resolve(data));
    });
    expect(text).toMatch(/^HTTP\/1\.1 404/);
    expect(text).not.toContain("root:");
  });

  it("caps chunked request bodies without Content-Length (413)", async () => {
    const chunks = Array.from({ length: 8 }, () => "x".repeat(1024));
    const response = await raw(
      "POST",
      "/mcp",
      { "content-type": "application/json", "transfer-encoding": "chunked" },
      chunks,
    );
    expect(response.status).toBe(413);
  });

  it("refuses a rebinding Host on the MCP routes of a loopback server, and accepts loopback hosts", async () => {
    const body = JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } },
    });
    const headers = { "content-type": "application/json", accept: "application/json, text/event-stream" };
    const evil = await raw(
      "POST",
      "/mcp",
      { ...headers, host: "evil.example.com", origin: "http://evil.example.com" },
      [body],
    );
    expect(evil.status).toBe(403);
    const { host } = new URL(server.origin);
    const local = await raw("POST", "/mcp", { ...headers, host, origin: `http://${host}` }, [body]);
    expect(local.status).toBe(200);
  });

  it("answers a malformed Host header with 400", async () => {
    const response = await raw("GET", "/docs", { host: "exa mple" });
    expect(response.status).toBe(400);
  });

  it("answers TRACE and CONNECT with 405 (TRACK with 400) and keeps serving", async () => {
    const trace = await raw("TRACE", "/docs");
    expect(trace.status).toBe(405);
    expect(trace.headers.allow).toContain("GET");
    // Node's parser does not know TRACK: its own 400, before any listener runs.
    expect(await rawExchange("TRACK /docs HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")).toMatch(
      /^HTTP\/1\.1 4\d\d/,
    );
    expect(await rawExchange("CONNECT 127.0.0.1:22 HTTP/1.1\r\nHost: 127.0.0.1:22\r\n\r\n")).toMatch(/^HTTP\/1\.1 405/);
    expect((await fetch(`${server.origin}/docs`)).status).toBe(200);
  });

  it("answers an unknown method token with 400 or 405, never by closing the server", async () => {
    expect(await rawExchange("FROB /docs HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")).toMatch(
      /^HTTP\/1\.1 4\d\d/,
    );
    expect((await fetch(`${server.origin}/docs`)).status).toBe(200);
  });

  it("answers paths longer than any file name with 404, not 500", async () => {
    const long = "a".repeat(300);
    for (const path of [
      `/docs/${long}.md`,
      `/.well-known/agent-skills/${long}/SKILL.md`,
      `/${long}`,
      `/docs/${"b/".repeat(2000)}x`,
    ]) {
      expect((await raw("GET", path)).status, path.slice(0, 40)).toBe(404);
    }
  });

  it("compresses text with brotli or gzip as Accept-Encoding prefers, and varies by it", async () => {
    const path = "/llms-full.txt";
    const plain = await raw("GET", path, { "accept-encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const br = await rawBytes(path, { "accept-encoding": "gzip;q=0.5, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    // A body small enough to compress whole is sent with its exact compressed length.
    expect(br.headers["content-length"]).toBe(String(br.body.byteLength));
    expect(brotliDecompressSync(br.body).toString("utf8")).toBe(plain.text);
    const gzip = await rawBytes(path, { "accept-encoding": "gzip, br;q=0" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).toString("utf8")).toBe(plain.text);
    expect(gzip.body.byteLength).toBeLessThan(Buffer.byteLength(plain.text) / 2);
  });

  it("keeps conditional requests working on compressed answers (weak ETag, 304)", async () => {
    const first = await rawBytes("/docs/concepts.md", { "accept-encoding": "gzip" });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\//);
    const again = await rawBytes("/docs/concepts.md", { "accept-encoding": "gzip", "if-none-match": etag });
    expect(again.status).toBe(304);
  });

  it("caches only fingerprinted assets forever", async () => {
    expect(isFingerprinted("_quire/quire.e185e913.css")).toBe(true);
    expect(isFingerprinted("_quire/fonts/inter.0a1b2c3d4e.woff2")).toBe(true);
    expect(isFingerprinted("_quire/quire.css")).toBe(false);
    expect(isFingerprinted("docs/quire.e185e913.css")).toBe(false);
    const robots = await fetch(`${server.origin}/robots.txt`);
    expect(robots.headers.get("cache-control") ?? "").not.toContain("immutable");
  });
});

/** Bytes of a raw exchange, undecoded (fetch would decode Content-Encoding itself). */
function rawBytes(
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  const { port } = new URL(server.origin);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, method: "GET", path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** Writes `text` on a fresh socket and returns what comes back until the server closes it. */
function rawExchange(text: string): Promise<string> {
  const { port } = new URL(server.origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), "127.0.0.1", () => socket.write(text));
    let data = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => (data += chunk));
    socket.on("end", () => resolve(data));
    socket.on("error", reject);
  });
}
