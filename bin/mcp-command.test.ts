import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "../compiler/index.ts";
import { textOf } from "../runtime/mcp/test-kit.ts";

let out: string;

beforeAll(async () => {
  out = await mkdtemp(path.join(tmpdir(), "quire-mcp-stdio-"));
  await build({ root: "fixtures/example", outDir: out, git: false });
}, 60_000);

afterAll(() => rm(out, { recursive: true, force: true }));

const ARGS = ["bin/docs.js", "mcp", "--root", "fixtures/example"];

const SAMPLE_ARGS: Record<string, Record<string, unknown>> = {
  read_task: { path: "getting-started/installation" },
  search_docs: { query: "dashboard throughput" },
  read_page: { path: "concepts/queues" },
  get_code_examples: { query: "helm chart" },
  get_context: { query: "jupyter peek waiting jobs" },
};

async function connect(era: "legacy" | "modern"): Promise<Client> {
  const client = new Client(
    { name: "quire-tests", version: "1.0.0" },
    { versionNegotiation: { mode: era === "modern" ? { pin: "2026-07-28" } : "legacy" } },
  );
  await client.connect(
    new StdioClientTransport({ command: process.execPath, args: [...ARGS, "--dist", out], stderr: "ignore" }),
  );
  return client;
}

/**
 * Runs `docs mcp` with raw lines on stdin and collects what it prints until it exits. stdin stays open until
 * `answers` lines are out (or 20 s pass): the server drops requests still in flight when stdin ends.
 */
function runRaw(
  args: string[],
  lines: string[],
  answers: number,
): Promise<{ stdout: string; stderr: string; code: number | null }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    const timer = setTimeout(() => child.stdin.end(), 20_000);
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
      if (stdout.split("\n").length > answers) child.stdin.end();
    });
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ stdout, stderr, code });
    });
    child.stdin.on("error", () => {});
    for (const line of lines) child.stdin.write(`${line}\n`);
    if (answers === 0) child.stdin.end();
  });
}

describe("docs mcp (stdio)", () => {
  for (const era of ["legacy", "modern"] as const) {
    it(`serves every tool over stdio (${era === "modern" ? "2026-07-28" : "2025-11-25"})`, async () => {
      const client = await connect(era);
      expect(client.getServerVersion()).toMatchObject({ name: "Acme Queue", version: "0.0.0" });
      const { tools } = await client.listTools();
      expect(tools).toHaveLength(10);
      const page = await client.callTool({ name: "read_page", arguments: { path: "guides/deployment" } });
      expect(textOf(page)).toContain("FROM-AGENT-MD");
      const section = await client.callTool({
        name: "read_page",
        arguments: { path: "concepts/workers", section: "graceful shutdown" },
      });
      expect(textOf(section).startsWith("## Graceful shutdown")).toBe(true);
      const context = await client.callTool({
        name: "get_context",
        arguments: { query: "kubernetes autoscaling", maxBytes: 600 },
      });
      expect((context.structuredContent as { bytes: number }).bytes).toBeLessThanOrEqual(600);
      const hostile = await client.callTool({ name: "read_page", arguments: { path: "../../etc/passwd" } });
      expect(hostile.isError).toBe(true);
      for (const tool of tools) {
        const result = await client.callTool({ name: tool.name, arguments: SAMPLE_ARGS[tool.name] ?? {} });
        expect(result.isError ?? false, tool.name).toBe(false);
        expect(JSON.stringify(result)).not.toContain("HUMAN-ONLY");
      }
      await client.close();
    }, 30_000);
  }

  it("writes nothing but JSON-RPC to stdout, and answers malformed lines with JSON-RPC errors", async () => {
    const initialize = {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
    };
    const { stdout, stderr } = await runRaw(
      [...ARGS, "--dist", out],
      [
        JSON.stringify(initialize),
        JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
        "{this is not json",
        JSON.stringify({ jsonrpc: "1.0", id: "old", method: "ping" }),
        JSON.stringify({ jsonrpc: "2.0", id: 2, method: "docs/unknown" }),
        JSON.stringify({ jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "nope", arguments: {} } }),
        JSON.stringify({ jsonrpc: "2.0", id: 4, method: "tools/call", params: { name: "list_docs", arguments: {} } }),
      ],
      6,
    );
    const messages = stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    const byId = new Map(messages.map((m) => [m.id, m]));
    expect(byId.get(1).result.serverInfo.name).toBe("Acme Queue");
    expect(byId.get(null).error.code).toBe(-32700);
    expect(byId.get("old").error.code).toBe(-32600);
    expect(byId.get(2).error.code).toBe(-32601);
    expect(byId.get(3).error.code).toBe(-32602);
    expect(byId.get(4).result.structuredContent.pageCount).toBe(24);
    expect(stderr).toContain("serving Acme Queue");
  }, 30_000);

  it("fails with a message on stderr when there is no build", async () => {
    const empty = await mkdtemp(path.join(tmpdir(), "quire-mcp-empty-"));
    const { stdout, stderr, code } = await runRaw([...ARGS, "--dist", empty], [], 0);
    await rm(empty, { recursive: true, force: true });
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expect(stderr).toContain("run `docs build` first");
  }, 30_000);
});
