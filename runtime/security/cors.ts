/**
 * Exact-origin CORS for the MCP routes (SPEC 5 `DocsMcpCorsConfig`): the accepted Origin is echoed, never `*`,
 * so credentials can be allowed safely; `cors: false` sends no CORS headers at all.
 */
import type { ResolvedCors } from "../config.ts";

/** Request headers an MCP client sends (2025-11-25 sessions and 2026-07-28 stateless routing headers). */
export const MCP_REQUEST_HEADERS = [
  "content-type",
  "mcp-session-id",
  "mcp-protocol-version",
  "last-event-id",
  "authorization",
  "mcp-method",
  "mcp-name",
];
export const MCP_EXPOSED_HEADERS = ["mcp-session-id", "mcp-protocol-version", "www-authenticate"];
export const MCP_METHODS = ["GET", "POST", "DELETE", "OPTIONS"];

export function corsResponseHeaders(origin: string, cors: ResolvedCors): Record<string, string> {
  const headers: Record<string, string> = {
    "access-control-allow-origin": origin,
    "access-control-expose-headers": unique([...MCP_EXPOSED_HEADERS, ...cors.exposedHeaders]).join(", "),
  };
  if (cors.allowCredentials) headers["access-control-allow-credentials"] = "true";
  return headers;
}

export function corsPreflightHeaders(origin: string, cors: ResolvedCors): Record<string, string> {
  return {
    ...corsResponseHeaders(origin, cors),
    "access-control-allow-methods": MCP_METHODS.join(", "),
    "access-control-allow-headers": unique([...MCP_REQUEST_HEADERS, ...cors.allowedHeaders]).join(", "),
    "access-control-max-age": String(cors.maxAgeSeconds),
  };
}

function unique(names: string[]): string[] {
  return [...new Set(names.map((name) => name.trim().toLowerCase()).filter(Boolean))];
}
