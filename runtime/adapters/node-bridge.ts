/**
 * Node `http` ↔ Web `Request`/`Response`, streaming both ways so the runtime's body cap sees bytes as they arrive.
 * A Node request that cannot become a Web Request (a method the Fetch API forbids, a Host that forms no URL) gets
 * its answer here, so nothing a client sends can throw out of the server's request listener.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { errorResponse } from "../http/responses.ts";
import { compressBytes, createEncoder, type Encoding } from "./node-compress.ts";

/** Methods `new Request()` refuses (Fetch "forbidden methods"); no docs route could answer them anyway. */
const FORBIDDEN_METHODS = new Set(["CONNECT", "TRACE", "TRACK"]);
const ALLOW = "GET, HEAD, POST, OPTIONS, DELETE";

/** The Web Request for a Node request, or the error Response when none can be formed. */
export function toWebRequest(req: IncomingMessage, fallbackHost: string, signal?: AbortSignal): Request | Response {
  const method = (req.method ?? "GET").toUpperCase();
  if (FORBIDDEN_METHODS.has(method)) {
    return errorResponse(405, "method_not_allowed", `${method} is not served here; docs routes accept ${ALLOW}.`, {
      allow: ALLOW,
    });
  }
  let url: URL;
  try {
    // Same-origin checks compare Origin with this URL, so it is built from the Host the client used.
    url = new URL(req.url ?? "/", `http://${req.headers.host ?? fallbackHost}`);
  } catch {
    return errorResponse(400, "bad_request", "The Host header is not valid.");
  }
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    try {
      headers.append(req.rawHeaders[i], req.rawHeaders[i + 1]);
    } catch {
      // A header value the Fetch API refuses is dropped rather than failing the request.
    }
  }
  const hasBody = method !== "GET" && method !== "HEAD";
  try {
    return new Request(url, {
      method,
      headers,
      body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined,
      // Node's fetch needs `duplex` for streamed request bodies.
      ...(hasBody ? { duplex: "half" } : {}),
      signal,
    } as RequestInit);
  } catch {
    return errorResponse(400, "bad_request", "The request cannot be read as HTTP.");
  }
}

/**
 * Bodies up to this size are read whole and sent (compressed) in one write with a Content-Length: API answers,
 * Markdown and most pages. Larger bodies stream, and event streams always do (Ask AI answers, MCP notifications,
 * `docs dev` reload events): each event must reach the client when it is written, not when the stream ends.
 */
const WHOLE_BODY_BYTES = 64 * 1024;
const EVENT_STREAM = /^text\/event-stream\b/i;

/** Writes a Web Response to Node, encoded (gzip, brotli) when `encoding` is given (node-compress.ts). */
export async function sendWebResponse(res: ServerResponse, response: Response, encoding?: Encoding): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  if (!response.body) {
    res.writeHead(response.status, response.statusText || undefined, headers);
    res.end();
    return;
  }
  const reader = response.body.getReader();
  const head: Uint8Array[] = [];
  if (!EVENT_STREAM.test(response.headers.get("content-type") ?? "")) {
    let whole: Uint8Array | null;
    try {
      whole = await readUpTo(reader, head, WHOLE_BODY_BYTES);
    } catch {
      // The body failed before it was complete: nothing was sent yet, so the client sees a reset, not a cut body.
      res.destroy();
      return;
    }
    if (whole) {
      const bytes = encoding ? compressBytes(encoding, whole) : whole;
      headers["content-length"] = String(bytes.byteLength);
      res.writeHead(response.status, response.statusText || undefined, headers);
      res.end(bytes);
      return;
    }
  }
  res.writeHead(response.status, response.statusText || undefined, headers);
  const body = Readable.from(rest(head, reader), { objectMode: false });
  try {
    // pipeline respects backpressure and tears every stream down when the client goes away mid-body.
    await (encoding ? pipeline(body, createEncoder(encoding), res) : pipeline(body, res));
  } catch {
    res.destroy();
  }
}

/**
 * Reads chunks into `head` until the stream ends (then returns the whole body) or more than `limit` bytes have come
 * (then returns null: the caller streams `head` and the rest).
 */
async function readUpTo(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  head: Uint8Array[],
  limit: number,
): Promise<Uint8Array | null> {
  let size = 0;
  while (size <= limit) {
    const { done, value } = await reader.read();
    if (done) return head.length === 1 ? head[0] : Buffer.concat(head);
    head.push(value);
    size += value.byteLength;
  }
  return null;
}

/** The chunks already read, then the rest of the stream; the reader is released when the consumer stops early. */
async function* rest(head: Uint8Array[], reader: ReadableStreamDefaultReader<Uint8Array>): AsyncGenerator<Uint8Array> {
  try {
    yield* head;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    void reader.cancel().catch(() => {});
  }
}
