import { beforeAll, describe, expect, it, vi } from "vitest";
import type { DocsMcpSecurityConfig } from "../config.ts";
import { connectClient } from "../mcp/test-kit.ts";
import { snapshotSite, ORIGIN, request, type SnapshotSite } from "../testing/built-site.ts";

let site: SnapshotSite;
beforeAll(async () => {
  site = await snapshotSite();
});

const INITIALIZE = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "runtime-tests", version: "1" } },
});
const RPC_HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream" };

function secured(security: DocsMcpSecurityConfig = {}, allowedHosts?: string[]) {
  return site.handler({ config: { mcp: { security } }, allowedHosts });
}
function rpc(
  url = "/api/docs/mcp",
  headers: Record<string, string> = {},
  body: BodyInit = INITIALIZE,
  init: RequestInit = {},
) {
  return request(url, { method: "POST", headers: { ...RPC_HEADERS, ...headers }, body, ...init } as RequestInit);
}
const reasonOf = async (response: Response) => (await response.json()).error.data.reason;

describe("MCP mount", () => {
  it.each(["/api/docs/mcp", "/mcp", "/.well-known/mcp"])("serves the MCP endpoint at %s", async (url) => {
    const response = await secured()(rpc(url));
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.result.serverInfo.name).toBe("Acme Queue");
  });

  it("answers tools/list through the route", async () => {
    const response = await secured()(rpc("/mcp", {}, JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" })));
    const body = await response.json();
    expect(body.result.tools.map((tool: { name: string }) => tool.name)).toContain("search_docs");
  });
});

describe("the body, read once by the route", () => {
  // The route parses the capped body and hands it to the SDK; what the SDK answers must not change.
  it.each([
    ["invalid JSON", "{not json", -32700],
    ["an empty body", "", -32700],
    ["JSON that is not a JSON-RPC message", JSON.stringify({ hello: "world" }), -32600],
  ])("answers %s with the SDK's JSON-RPC error", async (_name, body, code) => {
    const response = await secured()(rpc("/mcp", { "mcp-protocol-version": "2025-11-25" }, body));
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect((await response.json()).error.code).toBe(code);
  });

  it.each(["legacy", "modern"] as const)("serves an SDK client (%s protocol) from the parsed body", async (era) => {
    const handler = secured();
    const client = await connectClient((request) => handler(request), era);
    try {
      const result = await client.callTool({ name: "search_docs", arguments: { query: "retry" } });
      expect(result.isError).toBeFalsy();
      expect((result.structuredContent as { results: unknown[] }).results.length).toBeGreaterThan(0);
    } finally {
      await client.close();
    }
  });
});

describe("origin policy", () => {
  it("accepts requests without an Origin header and the same origin by default", async () => {
    expect((await secured()(rpc())).status).toBe(200);
    expect((await secured()(rpc("/mcp", { origin: ORIGIN }))).status).toBe(200);
  });

  it.each([
    "https://evil.example",
    "http://docs.test:8080",
    "https://docs.test",
    "null",
    "http://docs.test.evil.example",
    "garbage",
    "",
  ])("refuses the hostile Origin %j with 403 under same-origin", async (origin) => {
    const response = await secured()(rpc("/mcp", { origin }));
    expect(response.status).toBe(403);
    expect(await reasonOf(response)).toBe("origin_not_allowed");
    expect(response.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("accepts listed origins only", async () => {
    const handler = secured({ allowedOrigins: ["https://app.example", "https://other.example:8443/"] });
    expect((await handler(rpc("/mcp", { origin: "https://app.example" }))).status).toBe(200);
    expect((await handler(rpc("/mcp", { origin: "https://other.example:8443" }))).status).toBe(200);
    expect((await handler(rpc("/mcp", { origin: ORIGIN }))).status).toBe(403);
  });

  it("asks an origin callback with the origin and request", async () => {
    const allowedOrigins = vi.fn(async (origin: string, _context: { pathname: string }) =>
      origin.endsWith(".trusted.example"),
    );
    const handler = secured({ allowedOrigins });
    expect((await handler(rpc("/mcp", { origin: "https://a.trusted.example" }))).status).toBe(200);
    expect((await handler(rpc("/mcp", { origin: "https://a.evil.example" }))).status).toBe(403);
    expect(allowedOrigins.mock.calls[0][1]).toMatchObject({ pathname: "/mcp" });
  });

  it("refuses non-loopback Host headers when allowedHosts guards a loopback server (DNS rebinding)", async () => {
    const handler = secured({}, ["localhost", "127.0.0.1", "[::1]"]);
    const local = new Request("http://127.0.0.1:3000/mcp", {
      method: "POST",
      headers: { ...RPC_HEADERS, host: "127.0.0.1:3000" },
      body: INITIALIZE,
    });
    expect((await handler(local)).status).toBe(200);
    const rebound = new Request("http://evil.example:3000/mcp", {
      method: "POST",
      headers: { ...RPC_HEADERS, host: "evil.example:3000", origin: "http://evil.example:3000" },
      body: INITIALIZE,
    });
    const response = await handler(rebound);
    expect(response.status).toBe(403);
    expect(await reasonOf(response)).toBe("host_not_allowed");
  });
});

describe("body cap", () => {
  const big = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping", params: { pad: "x".repeat(2048) } });

  it("refuses a body over maxBodyBytes with 413 before the origin policy and authenticate run", async () => {
    const allowedOrigins = vi.fn(() => true);
    const authenticate = vi.fn(() => ({ id: "u" }));
    const handler = secured({ maxBodyBytes: 1024, allowedOrigins, authenticate });
    const response = await handler(rpc("/mcp", { origin: "https://x.example" }, big));
    expect(response.status).toBe(413);
    expect(await reasonOf(response)).toBe("payload_too_large");
    expect(allowedOrigins).not.toHaveBeenCalled();
    expect(authenticate).not.toHaveBeenCalled();
  });

  it("counts streamed bodies without Content-Length", async () => {
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 4; i++) controller.enqueue(new TextEncoder().encode("x".repeat(400)));
        controller.close();
      },
    });
    const response = await secured({ maxBodyBytes: 1024 })(rpc("/mcp", {}, stream, { duplex: "half" } as RequestInit));
    expect(response.status).toBe(413);
  });

  it("is not fooled by a Content-Length smaller than the body", async () => {
    const response = await secured({ maxBodyBytes: 1024 })(rpc("/mcp", { "content-length": "12" }, big));
    expect(response.status).toBe(413);
  });

  it("accepts a body of exactly maxBodyBytes, declared or streamed, and refuses one byte more", async () => {
    const cap = Buffer.byteLength(INITIALIZE);
    const stream = (text: string) =>
      new ReadableStream({
        start(controller) {
          const bytes = new TextEncoder().encode(text);
          for (let i = 0; i < bytes.length; i += 100) controller.enqueue(bytes.slice(i, i + 100));
          controller.close();
        },
      });
    const handler = secured({ maxBodyBytes: cap });
    expect((await handler(rpc("/mcp", {}, INITIALIZE))).status).toBe(200);
    expect((await handler(rpc("/mcp", {}, `${INITIALIZE} `))).status).toBe(413);
    expect((await handler(rpc("/mcp", {}, stream(INITIALIZE), { duplex: "half" } as RequestInit))).status).toBe(200);
    expect((await handler(rpc("/mcp", {}, stream(`${INITIALIZE} `), { duplex: "half" } as RequestInit))).status).toBe(
      413,
    );
  });

  it("answers a body that breaks off mid-stream with 400 unreadable_body", async () => {
    const broken = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"jsonrpc":'));
        controller.error(new Error("connection reset"));
      },
    });
    const response = await secured()(rpc("/mcp", {}, broken, { duplex: "half" } as RequestInit));
    expect(response.status).toBe(400);
    expect(await reasonOf(response)).toBe("unreadable_body");
  });

  it("defaults to 1 MiB", async () => {
    const response = await secured()(rpc("/mcp", { "content-length": String(1_048_577) }, "{}"));
    expect(response.status).toBe(413);
  });
});

describe("authenticate", () => {
  it("answers null with 401 and WWW-Authenticate", async () => {
    const response = await secured({ authenticate: () => null })(rpc());
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toBe('Bearer realm="mcp"');
    expect(await reasonOf(response)).toBe("unauthorized");
  });

  it("returns a Response from authenticate as-is", async () => {
    const custom = new Response("go away", { status: 418, headers: { "x-custom": "1" } });
    const response = await secured({ authenticate: () => custom })(rpc());
    expect(response.status).toBe(418);
    expect(response.headers.get("x-custom")).toBe("1");
    expect(await response.text()).toBe("go away");
  });

  it("continues with a principal and passes request and pathname", async () => {
    const authenticate = vi.fn(async ({ request }: { request: Request; pathname: string }) =>
      request.headers.get("authorization") === "Bearer good"
        ? { id: "agent-1", scopes: ["docs:read"], claims: {} }
        : null,
    );
    const handler = secured({ authenticate });
    expect((await handler(rpc("/mcp", { authorization: "Bearer good" }))).status).toBe(200);
    expect((await handler(rpc("/mcp", { authorization: "Bearer bad" }))).status).toBe(401);
    expect(authenticate.mock.calls[0][0].pathname).toBe("/mcp");
  });

  it("never runs authenticate for OPTIONS preflight", async () => {
    const authenticate = vi.fn(() => null);
    const response = await secured({ authenticate })(
      request("/mcp", { method: "OPTIONS", headers: { origin: ORIGIN, "access-control-request-method": "POST" } }),
    );
    expect(response.status).toBe(204);
    expect(authenticate).not.toHaveBeenCalled();
  });

  it("does not guard the public docs routes", async () => {
    const response = await secured({ authenticate: () => null })(request("/api/docs?query=cron"));
    expect(response.status).toBe(200);
  });
});

describe("CORS", () => {
  const preflight = (handler: ReturnType<typeof secured>, origin: string) =>
    handler(
      request("/api/docs/mcp", {
        method: "OPTIONS",
        headers: {
          origin,
          "access-control-request-method": "POST",
          "access-control-request-headers": "content-type, mcp-protocol-version",
        },
      }),
    );

  it("answers preflight with exact-origin CORS, MCP headers and max-age 600", async () => {
    const response = await preflight(secured(), ORIGIN);
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-origin")).toBe(ORIGIN);
    expect(response.headers.get("vary")).toBe("Origin");
    expect(response.headers.get("access-control-allow-methods")).toBe("GET, POST, DELETE, OPTIONS");
    expect(response.headers.get("access-control-allow-headers")).toBe(
      "content-type, mcp-session-id, mcp-protocol-version, last-event-id, authorization, mcp-method, mcp-name",
    );
    expect(response.headers.get("access-control-expose-headers")).toContain("mcp-session-id");
    expect(response.headers.get("access-control-max-age")).toBe("600");
    expect(response.headers.get("access-control-allow-credentials")).toBeNull();
  });

  it("adds configured headers, credentials and max-age, never with a wildcard", async () => {
    const handler = secured({
      allowedOrigins: ["*"],
      cors: {
        allowedHeaders: ["X-Trace"],
        exposedHeaders: ["X-Request-Id"],
        allowCredentials: true,
        maxAgeSeconds: 60,
      },
    });
    const response = await preflight(handler, "https://app.example");
    expect(response.headers.get("access-control-allow-origin")).toBe("https://app.example");
    expect(response.headers.get("access-control-allow-headers")).toContain("x-trace");
    expect(response.headers.get("access-control-expose-headers")).toContain("x-request-id");
    expect(response.headers.get("access-control-allow-credentials")).toBe("true");
    expect(response.headers.get("access-control-max-age")).toBe("60");
    const actual = await handler(rpc("/mcp", { origin: "https://app.example" }));
    expect(actual.headers.get("access-control-allow-origin")).toBe("https://app.example");
    expect(actual.headers.get("access-control-allow-credentials")).toBe("true");
    expect(actual.headers.get("vary")).toContain("Origin");
  });

  it("refuses a preflight from a rejected origin with 403", async () => {
    const response = await preflight(secured(), "https://evil.example");
    expect(response.status).toBe(403);
    expect(response.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("sends no CORS headers with cors: false", async () => {
    const handler = secured({ cors: false });
    const response = await preflight(handler, ORIGIN);
    expect(response.status).toBe(204);
    expect([...response.headers.keys()].filter((name) => name.startsWith("access-control"))).toEqual([]);
    const actual = await handler(rpc("/mcp", { origin: ORIGIN }));
    expect([...actual.headers.keys()].filter((name) => name.startsWith("access-control"))).toEqual([]);
  });

  it("adds CORS to a 401 so browsers can read it", async () => {
    const response = await secured({ authenticate: () => null })(rpc("/mcp", { origin: ORIGIN }));
    expect(response.status).toBe(401);
    expect(response.headers.get("access-control-allow-origin")).toBe(ORIGIN);
  });
});
