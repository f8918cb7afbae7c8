/**
 * The ask-ai-context surface retrieves the way Ask AI does (runtime/ask-ai/retrieve.ts `retrievalProvider`): the
 * built-in agent index, or with `ai.useMcp` MCP `search_docs` — here a real docs MCP endpoint of another committed
 * build on loopback — refused without `allowNetwork`, failing (never falling back) when the server fails.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resolveAskAi } from "../../../runtime/ask-ai/settings.ts";
import { createMcpEndpoint } from "../../../runtime/mcp/index.ts";
import { serveOnLoopback } from "../../../runtime/mcp/test-kit.ts";
import { resolveSearchConfig } from "../../../runtime/search/providers/config.ts";
import { loadSiteData } from "../../../runtime/site-data.ts";
import { createDirectoryStore } from "../../../runtime/store/directory.ts";
import { snapshotSite, type SnapshotSite } from "../../../runtime/testing/built-site.ts";
import { retrieve, type SurfaceContext } from "./retrieve.ts";

const TOKEN = "Bearer eval_mcp_token_7d1e";
let site: SnapshotSite;
let remote: { url: string; close(): Promise<void> };
let remoteCalls: Headers[] = [];
let remoteFails = false;

beforeAll(async () => {
  site = await snapshotSite("example");
  // Another site's MCP server (the API reference build), so its answers cannot come from the local index.
  const endpoint = createMcpEndpoint(
    await loadSiteData(createDirectoryStore((await snapshotSite("api-reference")).dist)),
  );
  remote = await serveOnLoopback(async (incoming) => {
    remoteCalls.push(new Headers(incoming.headers));
    return remoteFails ? new Response("upstream broke", { status: 500 }) : endpoint(incoming);
  });
});
afterAll(() => remote.close());
beforeEach(() => {
  remoteCalls = [];
  remoteFails = false;
});

function surfaces(ai: Record<string, unknown>, allowNetwork: boolean): SurfaceContext {
  const store = createDirectoryStore(site.dist);
  return {
    handler: site.handler(),
    data: () => loadSiteData(store),
    askAi: {
      enabled: true,
      ai: resolveAskAi({ enabled: true, ...ai }),
      search: resolveSearchConfig(undefined, { fallback: false, timeoutMs: 5000 }),
    },
    mcpRoute: "/mcp",
    mcpContextTool: true,
    searchProvider: "simple",
    allowNetwork,
  };
}
const ask = (context: SurfaceContext, query: string) =>
  retrieve(context, { surface: "ask-ai-context", query, filters: {}, maxBytes: 20_000, topK: 3 });

describe("ask-ai-context surface", () => {
  it("without useMcp retrieves from the built-in agent index", async () => {
    const found = await ask(surfaces({}, false), "retries and backoff");
    expect(found.paths[0]).toBe("/docs/concepts/retries-and-backoff");
    expect(remoteCalls).toHaveLength(0);
  });

  it("with useMcp: true retrieves through this site's search_docs in-process", async () => {
    const found = await ask(surfaces({ useMcp: true }, false), "retries and backoff");
    expect(found.paths[0]).toBe("/docs/concepts/retries-and-backoff");
    expect(remoteCalls).toHaveLength(0);
  });

  it("with a remote useMcp endpoint retrieves through that server's search_docs", async () => {
    const context = surfaces({ useMcp: { endpoint: remote.url, headers: { authorization: TOKEN } } }, true);
    const found = await ask(context, "list firings");
    expect(remoteCalls.length).toBeGreaterThan(0);
    expect(remoteCalls[0].get("authorization")).toBe(TOKEN);
    expect(found.paths.length).toBeGreaterThan(0);
    expect(found.paths.every((p) => p.includes("/api-reference"))).toBe(true);
    expect(found.context).toContain("firing");
  });

  it("refuses a remote useMcp endpoint without allowNetwork, before any request", async () => {
    const context = surfaces({ useMcp: { endpoint: remote.url, headers: { authorization: TOKEN } } }, false);
    await expect(ask(context, "list firings")).rejects.toThrow(/refused without agent\.evaluations\.allowNetwork/);
    expect(remoteCalls).toHaveLength(0);
  });

  it("fails when the MCP server fails, without falling back to the local index or leaking the header", async () => {
    remoteFails = true;
    const context = surfaces({ useMcp: { endpoint: remote.url, headers: { authorization: TOKEN } } }, true);
    const error = await ask(context, "retries and backoff").then(
      () => undefined,
      (e: Error) => e,
    );
    expect(error).toBeInstanceOf(Error);
    expect(remoteCalls.length).toBeGreaterThan(0);
    expect(String(error?.message)).not.toContain("eval_mcp_token");
  });
});
