/**
 * Test support for the provider tests: a fake search service on a loopback socket that records every request it
 * receives, a fetch that reroutes a fixed host (Algolia) to it, and MCP tool calls through a docs handler.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { DocsHandler } from "../../handler.ts";
import { request } from "../../testing/built-site.ts";

export interface RecordedRequest {
  method: string;
  /** Path and query, as received. */
  url: string;
  headers: Record<string, string>;
  body: string;
}

export interface UpstreamAnswer {
  status?: number;
  headers?: Record<string, string>;
  /** A string is sent as is; anything else as JSON. */
  body?: unknown;
  /** Waits this long before answering (timeouts). */
  delayMs?: number;
}

export interface Upstream {
  origin: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export async function startUpstream(
  answer: (request: RecordedRequest) => UpstreamAnswer | Promise<UpstreamAnswer>,
): Promise<Upstream> {
  const requests: RecordedRequest[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = Object.fromEntries(Object.entries(req.headers).map(([name, value]) => [name, String(value)]));
    const recorded: RecordedRequest = {
      method: req.method ?? "GET",
      url: req.url ?? "/",
      headers,
      body: Buffer.concat(chunks).toString("utf8"),
    };
    requests.push(recorded);
    const reply = await answer(recorded);
    if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
    if (res.destroyed) return;
    const json = typeof reply.body !== "string";
    res.writeHead(reply.status ?? 200, { ...(json ? { "content-type": "application/json" } : {}), ...reply.headers });
    res.end(json ? JSON.stringify(reply.body ?? null) : reply.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A `fetch` that sends requests for `from` (an origin such as `https://app-dsn.algolia.net`) to `to` instead. */
export function reroutingFetch(from: string, to: string): typeof fetch {
  return (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    return fetch(url.startsWith(from) ? `${to}${url.slice(from.length)}` : url, init);
  };
}

/** `tools/call` through the handler's MCP route (stateless: no session needed); the JSON-RPC `result`. */
export async function callTool(handler: DocsHandler, name: string, args: Record<string, unknown>, path = "/mcp") {
  const response = await handler(
    request(path, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-protocol-version": "2025-11-25",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } }),
    }),
  );
  const body = await response.json();
  return body.result as {
    isError?: boolean;
    structuredContent?: Record<string, any>;
    content: { type: string; text: string }[];
  };
}
