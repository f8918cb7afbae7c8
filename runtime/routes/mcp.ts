/**
 * The MCP endpoint (SPEC 4.4) at `mcp.route`, `/mcp` and `/.well-known/mcp`, behind the security layer of SPEC 5:
 *
 * 1. `OPTIONS` preflight: origin policy + exact-origin CORS, never `authenticate`;
 * 2. the body cap (`maxBodyBytes`), before any callback runs (a declared or counted excess is 413);
 * 3. the origin policy for a supplied Origin (403), then `authenticate` (null → 401, a Response → as-is);
 * 4. the endpoint, with CORS headers added for accepted origins.
 *
 * Errors here are JSON-RPC shaped (`{jsonrpc, error: {code, message, data: {reason}}, id: null}`), what MCP
 * clients parse; runtime/README.md lists them.
 */
import {
  createMcpEndpoint,
  type McpEndpoint,
  type McpSearch,
  type McpServerOptions,
  type McpToolEvent,
} from "../mcp/index.ts";
import { readBodyCapped, withBufferedBody } from "../http/body.ts";
import { appendHeaderToken, JSON_TYPE } from "../http/responses.ts";
import { newTraceId } from "../events.ts";
import { MCP_ALIAS_ROUTES } from "../contract/index.ts";
import { createSearchProvider, maxResultsOf } from "../search/providers/index.ts";
import { corsPreflightHeaders, corsResponseHeaders } from "../security/cors.ts";
import { isHostAllowed, isOriginAllowed } from "../security/origin.ts";
import type { SiteData } from "../site-data.ts";
import type { RouteContext } from "./context.ts";

export async function mcpRoute(context: RouteContext): Promise<Response | null> {
  const { settings } = context.site.data;
  const { pathname } = context.url;
  if (pathname !== settings.mcp.route && !(MCP_ALIAS_ROUTES as readonly string[]).includes(pathname)) return null;
  if (!settings.mcp.enabled)
    return mcpError(404, -32601, "MCP is turned off for this site (mcp.enabled is false).", "mcp_disabled");
  if (settings.staticExport)
    return mcpError(
      404,
      -32601,
      "MCP over HTTP needs the docs runtime; this build is a static export (use `docs mcp` over stdio).",
      "mcp_unavailable",
    );
  if (!isHostAllowed(context.request, context.allowedHosts))
    return mcpError(403, -32000, "Host not allowed.", "host_not_allowed");

  const { security } = context.config;
  const origin = context.request.headers.get("origin");
  const guard = { request: context.request, pathname };

  if (context.method === "OPTIONS") {
    if (origin !== null && !(await isOriginAllowed(origin, security.allowedOrigins, guard)))
      return mcpError(403, -32000, "Origin not allowed.", "origin_not_allowed");
    const headers: Record<string, string> =
      origin !== null && security.cors ? { ...corsPreflightHeaders(origin, security.cors), vary: "Origin" } : {};
    return new Response(null, { status: 204, headers });
  }

  let request = context.request;
  let body: Uint8Array | undefined;
  let parsedBody: unknown;
  if (context.method !== "GET" && context.method !== "HEAD") {
    const read = await readBodyCapped(context.request, security.maxBodyBytes);
    if (!read.ok) {
      return read.reason === "too_large"
        ? mcpError(413, -32600, `Request body larger than ${security.maxBodyBytes} bytes.`, "payload_too_large")
        : mcpError(400, -32700, "The request body could not be read.", "unreadable_body");
    }
    body = read.bytes;
    request = withBufferedBody(context.request, body);
    parsedBody = parseJson(body);
  }
  if (origin !== null && !(await isOriginAllowed(origin, security.allowedOrigins, { request, pathname }))) {
    return mcpError(403, -32000, "Origin not allowed.", "origin_not_allowed");
  }
  const cors = origin !== null && security.cors ? corsResponseHeaders(origin, security.cors) : {};
  if (security.authenticate) {
    const principal = await security.authenticate({ request, pathname });
    if (principal instanceof Response) return principal;
    if (principal === null || principal === undefined) {
      return withCors(
        mcpError(401, -32001, "Authentication required.", "unauthorized", { "www-authenticate": 'Bearer realm="mcp"' }),
        cors,
        security.cors !== false,
      );
    }
  }

  const started = performance.now();
  const traceId = context.events.tracingEnabled ? newTraceId() : "";
  if (traceId)
    context.events.trace({
      type: "run.start",
      traceId,
      durationMs: 0,
      name: "mcp",
      route: pathname,
      methods: rpcMethods(parsedBody),
    });
  const response = await endpointOf(context.site.data)(request, parsedBody, serverOptions(context, traceId));
  if (traceId)
    context.events.trace({
      type: "run.end",
      traceId,
      durationMs: performance.now() - started,
      name: "mcp",
      status: response.status,
    });
  return withCors(response, cors, security.cors !== false);
}

/** One endpoint per loaded site, so its MCP servers are kept across requests (runtime/mcp/http-endpoint.ts). */
const endpoints = new WeakMap<SiteData, McpEndpoint>();

function endpointOf(data: SiteData): McpEndpoint {
  let endpoint = endpoints.get(data);
  if (!endpoint) endpoints.set(data, (endpoint = createMcpEndpoint(data)));
  return endpoint;
}

/**
 * This request's tool events, carrying its traceId, and its search provider: `search_docs` gets the provider for
 * this request's URL (SPEC 2.14: an `mcp` provider pointing back at this route falls back to the built-in index).
 */
function serverOptions(context: RouteContext, traceId: string): McpServerOptions {
  const {
    site: { data },
    events,
    config,
  } = context;
  const search: McpSearch = {
    provider: createSearchProvider(config.search, { data, audience: "agent", requestUrl: context.url }),
    maxResults: maxResultsOf(config.search, data),
    secrets: config.search.secrets,
  };
  if (!events.analyticsEnabled && !events.tracingEnabled) return { search };
  return {
    search,
    includeInputs: events.wantsInputs,
    onToolEvent: (event: McpToolEvent) => {
      events.analytics(
        "mcp_tool",
        { tool: event.tool, ok: event.ok, durationMs: event.durationMs },
        { input: event.input },
      );
      if (traceId)
        events.trace(
          { type: "tool.result", traceId, durationMs: event.durationMs, tool: event.tool, ok: event.ok },
          event.input,
        );
    },
  };
}

/** The endpoint's response with the CORS headers: its own headers when they can change, else on a copy. */
function withCors(response: Response, cors: Record<string, string>, corsEnabled: boolean): Response {
  if (!corsEnabled) return response;
  const apply = (headers: Headers) => {
    appendHeaderToken(headers, "vary", "Origin");
    for (const [name, value] of Object.entries(cors)) headers.set(name, value);
  };
  try {
    apply(response.headers);
    return response;
  } catch {
    // Immutable headers (a Response made by fetch, or Response.error): the first change throws, before any other.
    const copy = new Response(response.body, response);
    apply(copy.headers);
    return copy;
  }
}

/** The body as JSON, read once for the endpoint and for tracing; undefined when empty or not JSON (the SDK answers). */
function parseJson(body: Uint8Array): unknown {
  if (body.byteLength === 0) return undefined;
  try {
    return JSON.parse(new TextDecoder().decode(body));
  } catch {
    return undefined;
  }
}

/** JSON-RPC method names of a request body, for `run.start` (best effort; the endpoint validates the messages). */
function rpcMethods(message: unknown): string[] {
  if (message === undefined) return [];
  const list = Array.isArray(message) ? message : [message];
  return list.map((entry) => entry?.method).filter((method): method is string => typeof method === "string");
}

function mcpError(
  status: number,
  code: number,
  message: string,
  reason: string,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify({ jsonrpc: "2.0", error: { code, message, data: { reason } }, id: null }), {
    status,
    headers: { "content-type": JSON_TYPE, "cache-control": "no-store", ...headers },
  });
}
