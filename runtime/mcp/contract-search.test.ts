/** SPEC 2.6 on real output: Agent Contract fields are found by public search, MCP search_docs and get_context. */
import { beforeAll, describe, expect, it } from "vitest";
import { request, snapshotSite, type SnapshotSite } from "../testing/built-site.ts";

let site: SnapshotSite;
beforeAll(async () => {
  site = await snapshotSite("contract");
});

async function callTool(name: string, args: Record<string, unknown>) {
  const response = await site.handler()(
    request("/mcp", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } }),
    }),
  );
  expect(response.status).toBe(200);
  return (await response.json()).result.structuredContent;
}

describe("contract fields in search", () => {
  it("public search finds the deploy page by its rollback command", async () => {
    const body = await (await site.handler()(request("/api/docs?query=rollout%20undo"))).json();
    expect(body.results.map((r: { url: string }) => r.url)).toContain("/docs/full-contract");
    const rollback = await (await site.handler()(request("/api/docs?query=rollback"))).json();
    expect(rollback.results.length).toBeGreaterThan(0);
  });

  it("search_docs finds the page whose failure mode names the symptom", async () => {
    const found = await callTool("search_docs", { query: "probe job stays waiting" });
    expect(found.results[0]).toMatchObject({ path: "full-contract", section: "Failure Modes" });
  });

  it("get_context for rolling back a failed deploy includes the rollback command", async () => {
    const packed = await callTool("get_context", { query: "how to roll back a failed deploy", maxBytes: 4000 });
    expect(packed.context).toContain("kubectl rollout undo deployment/emails-worker");
  });
});
