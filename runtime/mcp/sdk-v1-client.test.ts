/**
 * The endpoint with the official TypeScript SDK's v1 client (`@modelcontextprotocol/sdk`, protocol 2025-11-25),
 * the client most MCP hosts ship today: it lists and calls every tool.
 */
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSiteData } from "../site-data.ts";
import { createDirectoryStore } from "../store/directory.ts";
import { createMcpEndpoint } from "./index.ts";

/** The committed golden tree of the example site (read-only). */
let out: string;
let client: Client;

const ARGS: Record<string, Record<string, unknown>> = {
  read_task: { path: "getting-started/quickstart" },
  search_docs: { query: "cron schedule" },
  read_page: { path: "guides/deployment" },
  get_code_examples: { language: "bash", limit: 2 },
  get_context: { query: "retries and backoff" },
  list_tasks: { framework: "node" },
};

beforeAll(async () => {
  out = path.resolve("snapshots/example");
  const endpoint = createMcpEndpoint(await loadSiteData(createDirectoryStore(out)));
  client = new Client({ name: "sdk-v1-client", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL("http://docs.test/api/docs/mcp"), {
      fetch: async (url, init) => endpoint(new Request(url, init)),
    }),
  );
}, 60_000);

afterAll(async () => {
  await client?.close();
});

describe("@modelcontextprotocol/sdk v1 client", () => {
  it("lists the ten docs tools", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      "get_code_examples",
      "get_config_schema",
      "get_context",
      "get_navigation",
      "list_docs",
      "list_pages",
      "list_tasks",
      "read_page",
      "read_task",
      "search_docs",
    ]);
  });

  it("calls every tool without an error", async () => {
    const { tools } = await client.listTools();
    for (const tool of tools) {
      const result = await client.callTool({ name: tool.name, arguments: ARGS[tool.name] ?? {} });
      expect(result.isError, `${tool.name}: ${JSON.stringify(result.content)}`).toBeFalsy();
      const text = (result.content as { type: string; text?: string }[]).map((c) => c.text ?? "").join("\n");
      expect(text.length, tool.name).toBeGreaterThan(0);
      expect(text, tool.name).not.toContain("HUMAN-ONLY");
    }
  });

  it("reads the agent.md of a page that has one", async () => {
    const result = await client.callTool({ name: "read_page", arguments: { path: "guides/deployment" } });
    expect(JSON.stringify(result.content)).toContain("FROM-AGENT-MD");
  });
});
