import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createNodeListener } from "../../runtime/adapters/node-listener.ts";
import { createStaticFiles } from "../../runtime/adapters/node-static.ts";
import type { DocsHandler } from "../../runtime/handler.ts";
import { snapshotSite } from "../../runtime/testing/built-site.ts";
import { checkSite } from "./check-site.ts";

let server: Server | undefined;
afterEach(async () => {
  if (!server) return;
  server.closeAllConnections();
  await new Promise((resolve) => server!.close(resolve));
  server = undefined;
});

/** The committed example build behind a loopback server, each request first seen by `tamper`. */
async function serve(tamper: (request: Request, handler: DocsHandler) => Promise<Response>): Promise<string> {
  const site = await snapshotSite();
  // As `docs serve` and the framework adapters serve it: the built files (`/_quire/` assets) behind the routes.
  const handler = site.handler({ fallback: createStaticFiles(site.dist) });
  server = createServer(createNodeListener((request) => tamper(request, handler)));
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const failed = (results: Awaited<ReturnType<typeof checkSite>>) =>
  Object.fromEntries(results.filter((result) => !result.ok).map((result) => [result.name, result.detail]));

describe("examples/smoke/check-site.ts", () => {
  it("passes every check on a site the runtime serves", async () => {
    const origin = await serve((request, handler) => handler(request));
    const results = await checkSite({ origin });
    expect(failed(results)).toEqual({});
    expect(results.map((result) => result.name)).toEqual([
      "page HTML",
      "page .md",
      "Accept: text/markdown",
      "/llms.txt",
      "/api/docs?query=",
      "MCP tools/list (canonical route)",
      "MCP tools/list (/mcp)",
      "MCP preflight (same origin)",
      "agent feedback POST",
    ]);
  });

  it("fails the Markdown checks when a framework answers HTML instead (no negotiation, no .md route)", async () => {
    const origin = await serve((request, handler) => {
      const url = new URL(request.url);
      if (url.pathname.endsWith(".md")) return Promise.resolve(new Response("nope", { status: 404 }));
      if (!url.pathname.startsWith("/docs/")) return handler(request);
      return handler(new Request(request, { headers: { accept: "text/html" } }));
    });
    const problems = failed(await checkSite({ origin }));
    expect(Object.keys(problems)).toEqual(["page .md", "Accept: text/markdown"]);
    expect(problems["page .md"]).toMatch(/status 404, expected 200/);
    expect(problems["Accept: text/markdown"]).toMatch(/Content-Type "text\/html.*", expected text\/markdown/);
  });

  it("fails the MCP checks on an alias the app did not forward, and the feedback check on a refused POST", async () => {
    const origin = await serve((request, handler) => {
      const { pathname } = new URL(request.url);
      if (pathname === "/mcp") return Promise.resolve(new Response("not here", { status: 404 }));
      if (request.method === "POST" && pathname.endsWith("/feedback")) {
        return Promise.resolve(Response.json({ ok: false }, { status: 200 }));
      }
      return handler(request);
    });
    const problems = failed(await checkSite({ origin }));
    expect(Object.keys(problems)).toEqual([
      "MCP tools/list (/mcp)",
      "MCP preflight (same origin)",
      "agent feedback POST",
    ]);
    expect(problems["agent feedback POST"]).toMatch(/not \{ ok: true \}/);
  });

  it("checks Quire's client when asked: present on the built pages, missing from a page that drops its scripts", async () => {
    const origin = await serve((request, handler) => handler(request));
    const [client] = (await checkSite({ origin, client: true })).slice(-1);
    expect(client).toMatchObject({
      name: "Quire's client",
      ok: true,
      detail: expect.stringMatching(/^\/_quire\/quire\./),
    });
    const stripped = await serve(async (request, handler) => {
      const response = await handler(request);
      if (!response.headers.get("content-type")?.includes("text/html")) return response;
      const html = (await response.text()).replace(/<script[^>]*>[^<]*<\/script>/g, "");
      return new Response(html, { status: response.status, headers: response.headers });
    });
    expect(failed(await checkSite({ origin: stripped, client: true }))).toEqual({
      "Quire's client": "the page has no q-search-config settings",
    });
  });

  it("fails the preflight when the app hands the runtime another origin than the client used", async () => {
    // What a framework does that assumes https behind a proxy: the URL the handler sees is not the client's.
    const origin = await serve((request, handler) =>
      handler(new Request(request.url.replace("http:", "https:"), request)),
    );
    const problems = failed(await checkSite({ origin }));
    expect(Object.keys(problems)).toEqual(["MCP preflight (same origin)"]);
    expect(problems["MCP preflight (same origin)"]).toMatch(/status 403, expected 204.*origin_not_allowed/);
  });

  it("reports an unreachable server as a failed check, not a crash", async () => {
    const results = await checkSite({ origin: "http://127.0.0.1:9", timeoutMs: 2000 });
    expect(results.every((result) => !result.ok)).toBe(true);
    expect(results[0].detail).toMatch(/^GET http:\/\/127\.0\.0\.1:9\/docs\/getting-started\/installation: /);
  });
});
