/** The docs MCP server (SPEC 4.4): one McpServer with the tools the site's `mcp.tools` toggles leave on. */
import "./zod-jitless.ts"; // first: zod must be jitless before any schema is built
import { type CallToolResult, McpServer, ResourceNotFoundError } from "@modelcontextprotocol/server";
import type { SiteData } from "../site-data.ts";
import { portableSchema } from "./portable-schema.ts";
import { createToolContext, toolError, type DocsTool, type McpSearch } from "./tool.ts";
import { getConfigSchema, getNavigation, listDocs, listPages } from "./tools/catalog.ts";
import { getCodeExamples, readPage } from "./tools/pages.ts";
import { getContext, searchDocs } from "./tools/search.ts";
import { listTasks, readTask } from "./tools/tasks.ts";

/** Every tool in SPEC 2.10 order; `tools/list` keeps this order. */
export const DOCS_TOOLS: DocsTool[] = [
  listDocs,
  listPages,
  listTasks,
  readTask,
  getNavigation,
  searchDocs,
  readPage,
  getCodeExamples,
  getConfigSchema,
  getContext,
];

export interface McpToolEvent {
  tool: string;
  durationMs: number;
  /** False when the tool answered with `isError` or threw. */
  ok: boolean;
  /** The call's arguments, only when `includeInputs` is set (SPEC 2.20: inputs are omitted by default). */
  input?: unknown;
}

export interface McpServerOptions {
  /** Called after every tool call; feeds the `mcp_tool` analytics event and trace events (SPEC 6). */
  onToolEvent?: (event: McpToolEvent) => void;
  includeInputs?: boolean;
  /** The configured search provider for `search_docs` (SPEC 2.14); without it the built-in agent index answers. */
  search?: McpSearch;
}

/**
 * What a server's tools read at each call. A server reused for another request (http-endpoint.ts) is given that
 * request's options here before it connects, so its tool events and search provider are the request's own.
 */
export interface McpServerSlot {
  options: McpServerOptions;
}

export function createMcpServer(
  data: SiteData,
  options: McpServerOptions = {},
  slot: McpServerSlot = { options },
): McpServer {
  const { settings } = data;
  const tools = siteTools(data);
  const server = new McpServer(
    { name: settings.mcp.name || settings.title || "docs", version: settings.mcp.version || "0.0.0" },
    { capabilities: { tools: {}, resources: {}, prompts: {} }, instructions: instructionsFor(data, tools) },
  );
  // The docs are served as tools only. Resource and prompt listings answer empty rather than "method not found",
  // because many clients list everything on connect whatever the capabilities say.
  server.server.setRequestHandler("resources/list", () => ({ resources: [] }));
  server.server.setRequestHandler("resources/templates/list", () => ({ resourceTemplates: [] }));
  server.server.setRequestHandler("resources/read", (request) => {
    throw new ResourceNotFoundError(
      request.params.uri,
      `No resource at ${request.params.uri}: read pages with the read_page tool.`,
    );
  });
  server.server.setRequestHandler("prompts/list", () => ({ prompts: [] }));
  for (const tool of tools) {
    const run = (args: Record<string, unknown>) => callDocsTool(tool, args, data, slot.options);
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: portableSchema(tool.input),
        ...(tool.output ? { outputSchema: portableSchema(tool.output) } : {}),
        annotations: {
          title: tool.title,
          readOnlyHint: true,
          destructiveHint: false,
          idempotentHint: true,
          openWorldHint: false,
        },
      },
      run,
    );
  }
  return server;
}

/** The tools this site exposes (its `mcp.tools` toggles), in SPEC 2.10 order. */
export function siteTools(data: SiteData): DocsTool[] {
  return DOCS_TOOLS.filter((tool) => data.settings.mcp.tools?.[tool.key] !== false);
}

/**
 * One call of a docs tool with arguments its input schema has parsed, whoever dispatched it (the SDK server, or
 * http-endpoint's direct answer): the tool event is reported, and a tool that throws answers a tool error.
 */
export async function callDocsTool(
  tool: DocsTool,
  args: Record<string, unknown>,
  data: SiteData,
  options: McpServerOptions,
): Promise<CallToolResult> {
  const started = performance.now();
  let ok = false;
  try {
    const result = await tool.run(args, createToolContext(data, options.search));
    ok = !result.isError;
    return result;
  } catch (error) {
    // A broken build or store should read as a failed tool call, not a dropped connection.
    return toolError(`${tool.name} failed: ${(error as Error)?.message ?? String(error)}`);
  } finally {
    report(options, {
      tool: tool.name,
      durationMs: performance.now() - started,
      ok,
      ...(options.includeInputs ? { input: args } : {}),
    });
  }
}

function report(options: McpServerOptions, event: McpToolEvent): void {
  try {
    options.onToolEvent?.(event);
  } catch {
    // An analytics callback must never change a tool's answer.
  }
}

/** Server instructions: what the docs cover and which tools this site exposes (toggled-off tools are not named). */
function instructionsFor(data: SiteData, tools: DocsTool[]): string {
  const { title, description } = data.settings;
  const lines = tools.map((tool) => `- ${tool.name}: ${tool.title}`);
  return [`Documentation of ${title}${description ? `: ${description}` : "."}`, "Tools:", ...lines].join("\n");
}
