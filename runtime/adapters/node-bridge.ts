/** Node `http` ↔ Web `Request`/`Response`, streaming both ways so the runtime's body cap sees bytes as they arrive. */
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";

/** The Web Request for a Node request; null when the Host header cannot form a URL. */
export function toWebRequest(req: IncomingMessage, fallbackHost: string, signal?: AbortSignal): Request | null {
  let url: URL;
  try {
    // Same-origin checks compare Origin with this URL, so it is built from the Host the client used.
    url = new URL(req.url ?? "/", `http://${req.headers.host ?? fallbackHost}`);
  } catch {
    return null;
  }
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    try {
      headers.append(req.rawHeaders[i], req.rawHeaders[i + 1]);
    } catch {
      // A header value the Fetch API refuses is dropped rather than failing the request.
    }
  }
  const method = (req.method ?? "GET").toUpperCase();
  const hasBody = method !== "GET" && method !== "HEAD";
  return new Request(url, {
    method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined,
    // Node's fetch needs `duplex` for streamed request bodies.
    ...(hasBody ? { duplex: "half" } : {}),
    signal,
  } as RequestInit);
}

export async function sendWebResponse(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  res.writeHead(response.status, response.statusText || undefined, headers);
  if (!response.body) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      // Respect backpressure: wait for the socket to drain before reading on.
      if (!res.write(value)) await new Promise<void>((resolve) => res.once("drain", resolve));
    }
    res.end();
  } catch {
    res.destroy();
  } finally {
    reader.releaseLock();
  }
}
