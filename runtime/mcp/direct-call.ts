/**
 * Plain 2025-era `tools/call` requests answered without the SDK's transport (SPEC 4.4): one JSON-RPC request, not a
 * batch, for a tool this site exposes, with arguments its input schema accepts, and nothing else in `params` (no
 * `_meta`: progress tokens and the like go through the SDK).
 *
 * Why: the stateless transport must be new for every request and its server connected and closed around it, and
 * the answer is checked and serialized once more on the way out. On the 5,000-page bench corpus that was ~30% of a
 * `search_docs` call (the figures are in README.md).
 *
 * The answer is the one the SDK gives, byte for byte (direct-call.test.ts compares the two for every tool and
 * every 2025-era protocol version): the same argument parse, tool run and tool event (server.ts `callDocsTool`),
 * the same output check, and `{ result, jsonrpc, id }` as the SDK's JSON response writes it. This module never makes
 * an error of its own: a request it does not take (another method, a header or argument the SDK would refuse, …)
 * goes to the SDK, which answers it as before.
 */
import "./zod-jitless.ts"; // first: zod must be jitless before any schema is built
import { type CallToolResult, isJsonContentType, SUPPORTED_PROTOCOL_VERSIONS } from "@modelcontextprotocol/server";
import type { SiteData } from "../site-data.ts";
import { callDocsTool, siteTools, type McpServerOptions } from "./server.ts";
import { toolError, type DocsTool } from "./tool.ts";

interface PlainToolCall {
  id: string | number;
  name: string;
  arguments: unknown;
}

/** The answer to a plain `tools/call`, or null when the SDK must answer the request. */
export async function answerPlainToolCall(
  request: Request,
  body: unknown,
  data: SiteData,
  options: McpServerOptions,
): Promise<Response | null> {
  const call = plainToolCall(request, body);
  if (!call) return null;
  const tool = siteTools(data).find((candidate) => candidate.name === call.name);
  if (!tool) return null;
  const parsed = tool.input.safeParse(call.arguments ?? {});
  if (!parsed.success) return null;
  const result = checkedOutput(tool, await callDocsTool(tool, parsed.data, data, options));
  return new Response(JSON.stringify({ result, jsonrpc: "2.0", id: call.id }), {
    status: 200,
    headers: { "content-type": "application/json" },
  });
}

/** The call in `body` when the SDK's stateless transport would take the request and dispatch it as is. */
function plainToolCall(request: Request, body: unknown): PlainToolCall | null {
  if (request.method.toUpperCase() !== "POST") return null;
  // The transport's own checks, which it answers with 406, 415 and 400.
  const accept = request.headers.get("accept");
  if (!accept?.includes("application/json") || !accept.includes("text/event-stream")) return null;
  if (!isJsonContentType(request.headers.get("content-type"))) return null;
  const version = request.headers.get("mcp-protocol-version");
  if (version !== null && !(SUPPORTED_PROTOCOL_VERSIONS as readonly string[]).includes(version)) return null;
  if (!isPlainObject(body) || !hasOnlyKeys(body, ["jsonrpc", "id", "method", "params"])) return null;
  const { jsonrpc, id, method, params } = body;
  if (jsonrpc !== "2.0" || method !== "tools/call") return null;
  if (typeof id !== "string" && !Number.isSafeInteger(id)) return null;
  if (!isPlainObject(params) || !hasOnlyKeys(params, ["name", "arguments"]) || typeof params.name !== "string")
    return null;
  if (params.arguments !== undefined && !isPlainObject(params.arguments)) return null;
  return { id: id as string | number, name: params.name, arguments: params.arguments };
}

/**
 * The SDK's check of a data answer against the tool's output schema: an answer that fails it becomes a tool error.
 * The docs tools' answers are built to their schemas, so this guards against a bug, not against input.
 */
function checkedOutput(tool: DocsTool, result: CallToolResult): CallToolResult {
  if (!tool.output || result.isError) return result;
  if (result.structuredContent === undefined)
    return toolError(
      `Output validation error: Tool ${tool.name} has an output schema but no structured content was provided`,
    );
  const checked = tool.output.safeParse(result.structuredContent);
  if (checked.success) return result;
  // Worded as the SDK words it: "path.to.field: message", issues joined by commas.
  const issues = checked.error.issues
    .map((issue) => (issue.path.length ? `${issue.path.map(String).join(".")}: ${issue.message}` : issue.message))
    .join(", ");
  return toolError(`Output validation error: Invalid structured content for tool ${tool.name}: ${issues}`);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function hasOnlyKeys(value: Record<string, unknown>, allowed: readonly string[]): boolean {
  for (const key in value) if (!allowed.includes(key)) return false;
  return true;
}
