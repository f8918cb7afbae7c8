/**
 * MCP-backed search (SPEC 2.14): `tools/call` of `toolName` (default `search_docs`) on a streamable-HTTP MCP
 * server, with `MCP-Protocol-Version` and the configured `headers`. Stateless servers answer at once; a server that
 * refuses with 400 (no session yet) gets the `initialize` handshake and one retry in the session it hands out.
 * Recursion into this site's own MCP routes is caught before this provider is built (providers/index.ts).
 */
import type { McpSearchSettings, SearchTransport } from "./config.ts";
import { readRpcAnswer, toolResults } from "./mcp-messages.ts";
import { normalizeResults } from "./normalize.ts";
import type { SearchProvider } from "./types.ts";
import { callUpstream } from "./upstream.ts";

const NAME = "mcp";
const CLIENT_INFO = { name: "quire-search", version: "0.1.0" };

export function createMcpProvider(
  settings: McpSearchSettings,
  transport: SearchTransport,
  endpoint: URL,
): SearchProvider {
  const post = (
    message: Record<string, unknown>,
    sessionId: string | null,
    signal?: AbortSignal,
    retryable = false,
  ) => {
    const headers = new Headers(settings.headers);
    headers.set("content-type", "application/json");
    headers.set("accept", "application/json, text/event-stream");
    headers.set("mcp-protocol-version", settings.protocolVersion);
    if (sessionId) headers.set("mcp-session-id", sessionId);
    return callUpstream(
      NAME,
      transport,
      endpoint.href,
      { method: "POST", headers, body: JSON.stringify({ jsonrpc: "2.0", ...message }) },
      {
        signal,
        accept: (status) => retryable && status === 400,
      },
    );
  };

  return {
    name: NAME,
    async search(query, { limit, locale, signal }) {
      const call = (id: number) => ({
        id,
        method: "tools/call",
        params: { name: settings.toolName, arguments: { query, limit, ...(locale ? { locale } : {}) } },
      });
      let response = await post(call(1), null, signal, true);
      let id = 1;
      if (response.status === 400) {
        await response.body?.cancel().catch(() => {});
        const sessionId = await initialize(post, settings.protocolVersion, signal);
        response = await post(call((id = 3)), sessionId, signal);
      }
      const answer = await readRpcAnswer(NAME, transport, response, id);
      return normalizeResults(toolResults(NAME, answer), limit);
    },
  };
}

type Post = (message: Record<string, unknown>, sessionId: string | null, signal?: AbortSignal) => Promise<Response>;

/** The lifecycle handshake: `initialize`, then `notifications/initialized`; returns the session id, if any. */
async function initialize(post: Post, protocolVersion: string, signal?: AbortSignal): Promise<string | null> {
  const response = await post(
    { id: 2, method: "initialize", params: { protocolVersion, capabilities: {}, clientInfo: CLIENT_INFO } },
    null,
    signal,
  );
  const sessionId = response.headers.get("mcp-session-id");
  await response.body?.cancel().catch(() => {});
  const notified = await post({ method: "notifications/initialized" }, sessionId, signal);
  await notified.body?.cancel().catch(() => {});
  return sessionId;
}
