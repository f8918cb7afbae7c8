/**
 * DESIGN invariant 4 for the MCP endpoint: it bundles for a Web-only runtime (esbuild `platform: "neutral"` with the
 * conditions workerd and browsers resolve, so no `node:` module can slip in), and it runs where generating code from
 * strings is forbidden, as in workerd (a `vm` context with `codeGeneration.strings = false`).
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import vm from "node:vm";
import { build as bundle } from "esbuild";
import { beforeAll, describe, expect, it } from "vitest";
import { loadSiteData } from "../site-data.ts";
import { createDirectoryStore } from "../store/directory.ts";
import { createMcpEndpoint } from "./index.ts";
import { connectClient } from "./test-kit.ts";

let out: string;
let code: string;
let inputs: string[];

beforeAll(async () => {
  out = path.resolve("snapshots/example");
  const result = await bundle({
    stdin: {
      contents: [
        'export { createMcpEndpoint } from "./runtime/mcp/index.ts";',
        'export { loadSiteData } from "./runtime/site-data.ts";',
        'export { createPreloadedStore } from "./runtime/store/preloaded.ts";',
      ].join("\n"),
      resolveDir: process.cwd(),
      loader: "ts",
    },
    bundle: true,
    platform: "neutral",
    conditions: ["workerd", "worker", "browser"],
    mainFields: ["module", "main"],
    format: "iife",
    globalName: "QuireMcp",
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  code = result.outputFiles[0].text;
  inputs = Object.keys(result.metafile.inputs);
}, 60_000);

/** Web platform globals a worker has; everything else (process, require, Buffer) is absent. */
function workerGlobals(): Record<string, unknown> {
  const names = [
    "Request",
    "Response",
    "Headers",
    "URL",
    "URLSearchParams",
    "TextEncoder",
    "TextDecoder",
    "ReadableStream",
    "WritableStream",
    "TransformStream",
    "AbortController",
    "AbortSignal",
    "Event",
    "EventTarget",
    "DOMException",
    "crypto",
    "performance",
    "setTimeout",
    "clearTimeout",
    "setInterval",
    "clearInterval",
    "queueMicrotask",
    "structuredClone",
    "atob",
    "btoa",
    "console",
    "Uint8Array",
    "ArrayBuffer",
  ] as const;
  return Object.fromEntries(names.map((name) => [name, (globalThis as Record<string, unknown>)[name]]));
}

describe("MCP endpoint on a Web-only runtime", () => {
  it("bundles without Node built-ins and without compiler code", () => {
    expect(inputs.some((file) => file.startsWith("compiler/"))).toBe(false);
    expect(inputs.filter((file) => file.startsWith("node:"))).toEqual([]);
    expect(code).not.toMatch(/\brequire\(["']node:/);
  });

  it("serves both protocol eras with code generation from strings disabled", async () => {
    const context = vm.createContext(workerGlobals(), { codeGeneration: { strings: false, wasm: false } });
    expect(() => vm.runInContext('new Function("return 1")', context)).toThrow();
    vm.runInContext(code, context);
    const api = vm.runInContext("QuireMcp", context);

    const names = (await readdir(out, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile());
    const files = Object.fromEntries(
      await Promise.all(
        names.map(async (entry) => {
          const file = path.join(entry.parentPath, entry.name);
          return [path.relative(out, file).split(path.sep).join("/"), await readFile(file, "utf8")];
        }),
      ),
    );
    const data = await api.loadSiteData(api.createPreloadedStore(files));
    const endpoint = api.createMcpEndpoint(data) as (request: Request) => Promise<Response>;
    const post = async (message: object, headers: Record<string, string> = {}) => {
      const response = await endpoint(
        new Request("https://docs.test/mcp", {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
          body: JSON.stringify(message),
        }),
      );
      return { status: response.status, body: JSON.parse(await response.text()) };
    };

    const init = await post({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "edge", version: "1" } },
    });
    expect(init.body.result.serverInfo.name).toBe("Acme Queue");
    const legacy = await post(
      {
        jsonrpc: "2.0",
        id: 2,
        method: "tools/call",
        params: { name: "read_page", arguments: { path: "guides/deployment" } },
      },
      { "mcp-protocol-version": "2025-11-25" },
    );
    expect(legacy.body.result.content[0].text).toContain("FROM-AGENT-MD");

    const meta = {
      "io.modelcontextprotocol/protocolVersion": "2026-07-28",
      "io.modelcontextprotocol/clientInfo": { name: "edge", version: "1" },
      "io.modelcontextprotocol/clientCapabilities": {},
    };
    const modernHeaders = {
      "mcp-protocol-version": "2026-07-28",
      "mcp-method": "tools/call",
      "mcp-name": "get_context",
    };
    const modern = await post(
      {
        jsonrpc: "2.0",
        id: 3,
        method: "tools/call",
        params: { name: "get_context", arguments: { query: "retries", maxBytes: 900 }, _meta: meta },
      },
      modernHeaders,
    );
    expect(modern.status).toBe(200);
    expect(modern.body.result.structuredContent.bytes).toBeGreaterThan(0);
    expect(modern.body.result.structuredContent.bytes).toBeLessThanOrEqual(900);
    const list = await post(
      { jsonrpc: "2.0", id: 4, method: "tools/list", params: { _meta: meta } },
      { "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/list" },
    );
    expect(list.body.result.tools).toHaveLength(10);
  });

  it("generates no code at run time on Node either (zod runs jitless)", async () => {
    const data = await loadSiteData(createDirectoryStore(out));
    const client = await connectClient(createMcpEndpoint(data), "modern");
    const original = globalThis.Function;
    let generated = 0;
    globalThis.Function = new Proxy(original, {
      construct: () => {
        generated++;
        throw new EvalError("code generation is disabled");
      },
      apply: () => {
        generated++;
        throw new EvalError("code generation is disabled");
      },
    });
    try {
      for (const [name, args] of [
        ["list_tasks", { framework: "node" }],
        ["search_docs", { query: "cron" }],
        ["get_context", { query: "workers" }],
      ] as const) {
        const result = await client.callTool({ name, arguments: args });
        expect(result.isError ?? false, name).toBe(false);
      }
    } finally {
      globalThis.Function = original;
      await client.close();
    }
    expect(generated).toBe(0);
  });
});
