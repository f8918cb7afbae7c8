/**
 * `docs mcp`: the built-in MCP server over stdio (SPEC 1.5, 4.4), reading a built `dist/`. stdout carries only the
 * protocol, so everything else (including stray console.log calls) goes to stderr.
 */
import "../runtime/mcp/zod-jitless.ts"; // first: zod must be jitless before the SDK builds its schemas
import path from "node:path";
import { serveStdio, StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import { createMcpServer } from "../runtime/mcp/index.ts";
import { loadSiteData } from "../runtime/site-data.ts";
import { createDirectoryStore } from "../runtime/store/directory.ts";
import { guardJsonRpcLines } from "./jsonrpc-lines.ts";

export interface McpCommandOptions {
  /** Site root; the build is read from `<root>/dist` unless `dist` says otherwise. */
  root: string;
  /** A built output folder, resolved from the working directory like `docs build --out`. */
  dist?: string;
}

export async function runMcp(options: McpCommandOptions): Promise<number> {
  // A log line on stdout would corrupt the JSON-RPC stream.
  console.log = console.info = console.debug = console.error;
  const dist = options.dist ? path.resolve(options.dist) : path.resolve(options.root, "dist");
  let data;
  try {
    data = await loadSiteData(createDirectoryStore(dist));
  } catch (error) {
    console.error(`✗ cannot serve MCP from ${dist}: ${(error as Error).message}`);
    return 1;
  }
  if (!data.settings.mcp.enabled) {
    console.error("✗ MCP is turned off in this site's config (mcp: false or mcp.enabled: false)");
    return 1;
  }
  const guard = guardJsonRpcLines((error) => process.stdout.write(`${JSON.stringify(error)}\n`));
  serveStdio(() => createMcpServer(data), {
    transport: new StdioServerTransport(process.stdin.pipe(guard), process.stdout),
    onerror: (error) => console.error(`mcp: ${error.message.split("\n")[0].slice(0, 300)}`),
  });
  console.error(
    `docs mcp: serving ${data.settings.mcp.name} (${data.pages.length} pages) from ${path.relative(process.cwd(), dist) || "."} over stdio`,
  );
  // The process lives as long as stdin is open; the SDK closes the server when the client ends the pipe.
  return 0;
}
