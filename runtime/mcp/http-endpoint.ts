/**
 * MCP over streamable HTTP on Web `Request`/`Response` (SPEC 4.4). Stateless: every request gets a fresh server over
 * the same loaded site data, so the endpoint runs unchanged on Node, workerd, Deno or Bun.
 *
 * - Protocol 2026-07-28 (per-request `_meta` envelope, `server/discover`, `Mcp-Method`/`Mcp-Name` headers) is served
 *   by the SDK's `createMcpHandler`.
 * - 2025-era traffic (`initialize`, then requests without a session; 2025-11-25 back to 2024-11-05) is served by a
 *   stateless streamable-HTTP transport that answers in plain JSON rather than SSE. Its servers are reused (see
 *   `LegacyServers`). A plain `tools/call`, the most frequent request, is answered directly, as that transport
 *   would (direct-call.ts).
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
import { answerPlainToolCall } from "./direct-call.ts";
import { createMcpServer, type McpServerOptions, type McpServerSlot } from "./server.ts";

/** Idle 2025-era servers kept for the next requests: about as many as requests in flight at once. */
const MAX_IDLE_LEGACY_SERVERS = 64;

/**
 * `parsedBody`: the request's JSON body when the caller has already read and parsed it (the runtime's route reads it
 * under the body cap). The SDK then classifies and dispatches from it instead of cloning and parsing the body again.
 * Undefined (a body that is not JSON, or none) leaves reading and the JSON-RPC parse error to the SDK.
 * `options`: this request's tool events and search provider, in place of the endpoint's own.
 */
export type McpEndpoint = (request: Request, parsedBody?: unknown, options?: McpServerOptions) => Promise<Response>;

/**
 * One endpoint per loaded site: its 2025-era servers are kept across requests (see `LegacyServers`).
 * `directToolCalls: false` sends plain `tools/call` requests through the SDK too (the tests compare both ways).
 */
export function createMcpEndpoint(
  data: SiteData,
  defaults: McpServerOptions = {},
  { directToolCalls = true }: { directToolCalls?: boolean } = {},
): McpEndpoint {
  const legacyServers = new LegacyServers(data);
  return async (request, parsedBody, options = defaults) => {
    if (!data.settings.mcp.enabled)
      return jsonRpcError(404, -32601, "MCP is turned off for this site (mcp.enabled is false).");
    const parsed = parsedBody === undefined ? undefined : { parsedBody };
    try {
      if (await isLegacyRequest(request, parsedBody)) {
        const direct = directToolCalls ? await answerPlainToolCall(request, parsedBody, data, options) : null;
        return direct ?? (await serveLegacy(legacyServers, options, request, parsed));
      }
      // "auto" answers in JSON unless a handler streams notifications first, which the docs tools never do.
      const modern = createMcpHandler(() => createMcpServer(data, options), { legacy: "reject", responseMode: "auto" });
      return await modern.fetch(request, parsed);
    } catch {
      // Malformed input is answered by the SDK with JSON-RPC errors; reaching this means the server itself failed.
      return jsonRpcError(500, -32603, "Internal error");
    }
  };
}

interface LegacyServer {
  server: ReturnType<typeof createMcpServer>;
  slot: McpServerSlot;
}

/**
 * The servers of 2025-era requests. A server that answered a request is closed and kept for the next one, rather
 * than a new one built per request (ten tools registered, their schemas wrapped): at 5,000 pages that was ~70 µs of
 * a 420 µs `tools/call search_docs`. The SDK allows a server to connect again once closed, and a request without a
 * session leaves nothing behind but what `initialize` records (the client's capabilities and protocol version). So
 * a server is kept only when the request was parsed and holds no `initialize`. Each request's own options (tool
 * events, search provider) go into the server's slot before it connects.
 */
class LegacyServers {
  private readonly idle: LegacyServer[] = [];
  constructor(private readonly data: SiteData) {}

  take(options: McpServerOptions): LegacyServer {
    const kept = this.idle.pop();
    if (kept) {
      kept.slot.options = options;
      return kept;
    }
    const slot = { options };
    return { server: createMcpServer(this.data, options, slot), slot };
  }

  giveBack(taken: LegacyServer, parsedBody: unknown): void {
    if (this.idle.length >= MAX_IDLE_LEGACY_SERVERS || !leavesNoClientState(parsedBody)) return;
    // An idle server holds nothing of the request it answered (its event callback closes over that request).
    taken.slot.options = {};
    this.idle.push(taken);
  }
}

function leavesNoClientState(parsedBody: unknown): boolean {
  if (parsedBody === undefined) return false;
  const messages = Array.isArray(parsedBody) ? parsedBody : [parsedBody];
  return messages.every(
    (message) =>
      message !== null && typeof message === "object" && (message as { method?: unknown }).method !== "initialize",
  );
}

async function serveLegacy(
  servers: LegacyServers,
  serverOptions: McpServerOptions,
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
  const taken = servers.take(serverOptions);
  const { server } = taken;
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
    // Only a server that closed cleanly goes back.
    if (
      await server.close().then(
        () => true,
        () => false,
      )
    )
      servers.giveBack(taken, options?.parsedBody);
  }
}

function jsonRpcError(status: number, code: number, message: string): Response {
  return new Response(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }), {
    status,
    headers: { "content-type": "application/json" },
  });
}
