/**
 * Node `http` ↔ Web `Request`/`Response`, streaming both ways so the runtime's body cap sees bytes as they arrive.
 * A Node request that cannot become a Web Request (a method the Fetch API forbids, a Host that forms no URL) gets
 * its answer here, so nothing a client sends can throw out of the server's request listener.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { rememberBody } from "../http/body.ts";
import { errorResponse } from "../http/responses.ts";
import { compressBytes, createEncoder, type Encoding } from "./node-compress.ts";

/** Methods `new Request()` refuses (Fetch "forbidden methods"); no docs route could answer them anyway. */
const FORBIDDEN_METHODS = new Set(["CONNECT", "TRACE", "TRACK"]);
const ALLOW = "GET, HEAD, POST, OPTIONS, DELETE";

/**
 * Bodies that declare at most this many bytes are read before the Request is formed (`readWebRequest`): an MCP call
 * or a feedback post is one small chunk, and reading it through a Web stream and copying the Request around it cost
 * more than the rest of the route's bookkeeping.
 */
const READ_AHEAD_BYTES = 64 * 1024;

/**
 * The Web Request for a Node request the server owns, with a small declared body already read: the handler's routes
 * take those bytes (`readBodyCapped`) without a stream. Larger or undeclared bodies stream as in `toWebRequest`.
 */
export async function readWebRequest(
  req: IncomingMessage,
  fallbackHost: string,
  signal?: AbortSignal,
): Promise<Request | Response> {
  const declared = req.headers["content-length"];
  const length = declared !== undefined && /^\d+$/.test(declared) ? Number(declared) : null;
  if (length === null || length > READ_AHEAD_BYTES || req.headers["transfer-encoding"] !== undefined)
    return toWebRequest(req, fallbackHost, signal);
  let bytes: Uint8Array;
  try {
    bytes = await readAll(req);
  } catch {
    return errorResponse(400, "bad_request", "The request body could not be read.");
  }
  return toWebRequest(req, fallbackHost, signal, bytes);
}

/** A Node request's body, whole (Node's parser ends it at its Content-Length). */
function readAll(req: IncomingMessage): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.once("end", () => resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)));
    req.once("error", reject);
    // Closed before its end: the client went away mid-body (after the end this changes nothing).
    req.once("close", () => reject(new Error("request closed before its body ended")));
  });
}

/**
 * The Web Request for a Node request, or the error Response when none can be formed. `bytes`: the body, when it was
 * read already (`readWebRequest`); otherwise it streams.
 */
export function toWebRequest(
  req: IncomingMessage,
  fallbackHost: string,
  signal?: AbortSignal,
  bytes?: Uint8Array,
): Request | Response {
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
  const streamed = hasBody && bytes === undefined;
  try {
    const request = new Request(url, {
      method,
      headers,
      body: streamed ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : hasBody ? bytes : undefined,
      // Node's fetch needs `duplex` for streamed request bodies.
      ...(streamed ? { duplex: "half" } : {}),
      signal,
    } as RequestInit);
    if (hasBody && bytes !== undefined) rememberBody(request, bytes);
    return request;
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
