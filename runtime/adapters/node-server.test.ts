import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSite, type BuiltSite } from "../testing/built-site.ts";
import { startNodeServer, type RunningServer } from "./node-server.ts";

let site: BuiltSite;
let server: RunningServer;
beforeAll(async () => {
  site = await buildSite();
  server = await startNodeServer({ dist: site.dist, port: 0, config: { mcp: { security: { maxBodyBytes: 4096 } } } });
}, 60_000);
afterAll(async () => {
  await server?.close();
  await site.remove();
});

/** A raw HTTP exchange, for what fetch will not send (Host headers, unnormalized paths, chunked bodies). */
function raw(method: string, path: string, headers: Record<string, string> = {}, body?: string[]): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }> {
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
    const head = await fetch(`${server.origin}${css}`, { method: "HEAD" });
    expect(head.headers.get("content-length")).toBe(response.headers.get("content-length"));
  });

  it("gives extensionless discovery files their media types", async () => {
    expect((await fetch(`${server.origin}/.well-known/agent`)).headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect((await fetch(`${server.origin}/.well-known/api-catalog`)).headers.get("content-type")).toMatch(/^application\/linkset\+json/);
  });

  it("never serves files outside dist/ or host control files", async () => {
    for (const path of ["/../../../../etc/passwd", "/..%2f..%2f..%2fetc%2fpasswd", "/%2e%2e/%2e%2e/etc/passwd", "/_headers", "/_redirects", "/.git/config"]) {
      const response = await raw("GET", path);
      expect(response.status, path).toBe(404);
      expect(response.text).not.toContain("root:");
    }
  });

  it("answers a request line with a raw traversal path with 404, not a file", async () => {
    const { port } = new URL(server.origin);
    const text = await new Promise<string>((resolve) => {
      const socket = connect(Number(port), "127.0.0.1", () => socket.write("GET /docs/../../../../etc/passwd HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"));
      let data = "";
      socket.on("data", (chunk) => (data += chunk));
      socket.on("end", () => resolve(data));
    });
    expect(text).toMatch(/^HTTP\/1\.1 404/);
    expect(text).not.toContain("root:");
  });

  it("caps chunked request bodies without Content-Length (413)", async () => {
    const chunks = Array.from({ length: 8 }, () => "x".repeat(1024));
    const response = await raw("POST", "/mcp", { "content-type": "application/json", "transfer-encoding": "chunked" }, chunks);
    expect(response.status).toBe(413);
  });

  it("refuses a rebinding Host on the MCP routes of a loopback server, and accepts loopback hosts", async () => {
    const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } } });
    const headers = { "content-type": "application/json", accept: "application/json, text/event-stream" };
    const evil = await raw("POST", "/mcp", { ...headers, host: "evil.example.com", origin: "http://evil.example.com" }, [body]);
    expect(evil.status).toBe(403);
    const { host } = new URL(server.origin);
    const local = await raw("POST", "/mcp", { ...headers, host, origin: `http://${host}` }, [body]);
    expect(local.status).toBe(200);
  });

  it("answers a malformed Host header with 400", async () => {
    const response = await raw("GET", "/docs", { host: "exa mple" });
    expect(response.status).toBe(400);
  });
});
