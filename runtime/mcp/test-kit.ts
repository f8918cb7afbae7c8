/** Test support for the MCP tests: an SDK client on the endpoint, and the endpoint on a loopback HTTP server. */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import type { McpEndpoint } from "./http-endpoint.ts";

export type Era = "legacy" | "modern";

/** The official client, calling the endpoint function directly through the transport's `fetch` option. */
export async function connectClient(endpoint: McpEndpoint, era: Era): Promise<Client> {
  const client = new Client(
    { name: "quire-tests", version: "1.0.0" },
    { versionNegotiation: { mode: era === "modern" ? { pin: "2026-07-28" } : "legacy" } },
  );
  const fetchEndpoint = async (url: string | URL, init?: RequestInit) => endpoint(new Request(url, init));
  await client.connect(
    new StreamableHTTPClientTransport(new URL("http://docs.test/api/docs/mcp"), { fetch: fetchEndpoint }),
  );
  return client;
}

/** All text blocks of a tool result, joined. */
export function textOf(result: { content?: unknown }): string {
  const blocks = (result.content ?? []) as { type: string; text?: string }[];
  return blocks
    .filter((block) => block.type === "text")
    .map((block) => block.text)
    .join("\n");
}

/**
 * The endpoint behind a real socket (Node `http` ↔ Web Request/Response), for clients that need a URL such as the
 * conformance suite. Response bodies are streamed, so an SSE answer reaches the client as it is written.
 */
export async function serveOnLoopback(
  endpoint: McpEndpoint,
  route = "/mcp",
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer(async (req, res) => {
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
      }
      const url = new URL(req.url ?? "/", `http://${req.headers.host ?? "127.0.0.1"}`);
      const hasBody = req.method !== "GET" && req.method !== "HEAD";
      const response =
        url.pathname === route
          ? await endpoint(
              new Request(url, { method: req.method, headers, body: hasBody ? Buffer.concat(chunks) : undefined }),
            )
          : new Response("not found", { status: 404 });
      res.writeHead(response.status, Object.fromEntries(response.headers));
      if (response.body) for await (const chunk of response.body) res.write(chunk);
      res.end();
    } catch (error) {
      res.writeHead(500).end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${route}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
