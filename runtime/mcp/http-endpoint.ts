/**
 * MCP over streamable HTTP on Web `Request`/`Response` (SPEC 4.4). Stateless: every request gets a fresh server over
 * the same loaded site data, so the endpoint runs unchanged on Node, workerd, Deno or Bun.
 *
 * - Protocol 2026-07-28 (per-request `_meta` envelope, `server/discover`, `Mcp-Method`/`Mcp-Name` headers) is served
 *   by the SDK's `createMcpHandler`.
 * - 2025-era traffic (`initialize`, then requests without a session; 2025-11-25 back to 2024-11-05) is served by a
 *   stateless streamable-HTTP transport that answers in plain JSON rather than SSE.
 *
 * Origin checks, authentication, CORS and the body cap belong to the route that mounts this endpoint (SPEC 5).
 */
import "./zod-jitless.ts"; // first: zod must be jitless before any schema is built
import {
  createMcpHandler,
  isLegacyRequest,
  WebStandardStreamableHTTPServerTransport,
} from "@modelcontextprotocol/server";
import type { SiteData } from "../site-data.ts";
import { createMcpServer, type McpServerOptions } from "./server.ts";

/**
 * `parsedBody`: the request's JSON body when the caller has already read and parsed it (the runtime's route reads it
 * under the body cap). The SDK then classifies and dispatches from it instead of cloning and parsing the body again.
 * Undefined (a body that is not JSON, or none) leaves reading and the JSON-RPC parse error to the SDK.
 */
export type McpEndpoint = (request: Request, parsedBody?: unknown) => Promise<Response>;

export function createMcpEndpoint(data: SiteData, options: McpServerOptions = {}): McpEndpoint {
  const factory = () => createMcpServer(data, options);
  // "auto" answers in JSON unless a handler streams notifications first, which the docs tools never do.
  const modern = createMcpHandler(factory, { legacy: "reject", responseMode: "auto" });
  return async (request, parsedBody) => {
    if (!data.settings.mcp.enabled)
      return jsonRpcError(404, -32601, "MCP is turned off for this site (mcp.enabled is false).");
    const options = parsedBody === undefined ? undefined : { parsedBody };
    try {
      return (await isLegacyRequest(request, parsedBody))
        ? await serveLegacy(factory, request, options)
        : await modern.fetch(request, options);
    } catch {
      // Malformed input is answered by the SDK with JSON-RPC errors; reaching this means the server itself failed.
      return jsonRpcError(500, -32603, "Internal error");
    }
  };
}

async function serveLegacy(
  factory: () => ReturnType<typeof createMcpServer>,
  request: Request,
  options: { parsedBody: unknown } | undefined,
): Promise<Response> {
  // Stateless serving has no session stream to open (GET) or end (DELETE); the MCP transport spec allows 405 here.
  if (request.method.toUpperCase() !== "POST") {
    const response = jsonRpcError(
      405,
      -32000,
      "Method not allowed: this MCP endpoint is stateless; send requests with POST.",
    );
    response.headers.set("allow", "POST");
    return response;
  }
  const server = factory();
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request, options);
  } finally {
    // JSON mode resolves only once every response is in the body, so closing now loses nothing.
    await transport.close().catch(() => {});
    await server.close().catch(() => {});
  }
}

function jsonRpcError(status: number, code: number, message: string): Response {
  return new Response(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }), {
    status,
    headers: { "content-type": "application/json" },
  });
}
