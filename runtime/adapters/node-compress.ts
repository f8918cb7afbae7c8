/**
 * Response compression for `docs serve` (Node only: node:zlib). Text responses are encoded with brotli or gzip as
 * the client's `Accept-Encoding` prefers (RFC 9110 §12.5.3, q-values honoured, `identity` otherwise); event streams,
 * tiny bodies and already-encoded bodies pass through. A compressed body changes bytes, so a strong ETag becomes weak
 * (the runtime compares `If-None-Match` weakly, so revalidation still answers 304).
 */
import type { Transform } from "node:stream";
import { brotliCompressSync, constants, createBrotliCompress, createGzip, gzipSync } from "node:zlib";
import { appendHeaderToken } from "../http/responses.ts";

export type Encoding = "br" | "gzip";

/** Bodies under this many bytes are sent as they are: the framing would outweigh the saving. */
export const MIN_COMPRESS_BYTES = 1024;

const TEXT_TYPE =
  /^(text\/(?!event-stream)|application\/(json|[\w.+-]*\+json|[\w.+-]*\+xml|xml|javascript|manifest\+json)|image\/svg\+xml)/i;

/**
 * The encoding to use for `acceptEncoding`: the one the client rates higher, and `prefer` (the server's choice) when
 * it rates brotli and gzip alike.
 */
export function negotiateEncoding(acceptEncoding: string | null | undefined, prefer: Encoding = "br"): Encoding | null {
  if (!acceptEncoding) return null;
  const quality = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((p) => /^\s*q=(.*)$/.exec(p)?.[1]).find((v) => v !== undefined);
    // A q-value that is not a number counts as a refusal: never send an encoding the client may not decode.
    const value = q === undefined ? 1 : /^\s*[01](\.\d{0,3})?\s*$/.test(q) ? Number(q) : 0;
    quality.set(name, value);
  }
  const of = (name: Encoding) => quality.get(name) ?? quality.get("*") ?? 0;
  const br = of("br");
  const gzip = Math.max(of("gzip"), quality.get("x-gzip") ?? 0);
  if (br <= 0 && gzip <= 0) return null;
  return br > gzip ? "br" : gzip > br ? "gzip" : prefer;
}

const JSON_MEDIA_TYPE = /^application\/(json|[\w.+-]*\+json)\s*(;|$)/i;

/**
 * The server's encoding for a response the client accepts in both: gzip for JSON, which the runtime mostly makes per
 * request (search, MCP, feedback answers), brotli for pages and other text. On a 5–10 KB search answer brotli at
 * quality 5 took 47–55 µs against gzip's 25–32 µs, for 7–8% fewer bytes (node:zlib, this machine); a page is
 * larger and compresses better with brotli.
 */
export function preferredEncoding(contentType: string | null): Encoding {
  return JSON_MEDIA_TYPE.test(contentType ?? "") ? "gzip" : "br";
}

/** Whether a response is worth compressing: text, not yet encoded, with a body of a useful size. */
export function isCompressible(response: Response, method: string): boolean {
  if (method !== "HEAD" && !response.body) return false;
  if (response.status < 200 || response.status === 204 || response.status === 206 || response.status === 304)
    return false;
  const headers = response.headers;
  if (headers.has("content-encoding") || headers.has("content-range")) return false;
  if (/\bno-transform\b/i.test(headers.get("cache-control") ?? "")) return false;
  if (!TEXT_TYPE.test(headers.get("content-type") ?? "")) return false;
  const length = headers.get("content-length");
  return length === null || Number(length) >= MIN_COMPRESS_BYTES;
}

/**
 * The response re-headed for `encoding` (Content-Encoding, Vary, no Content-Length, weak ETag) and the encoding its
 * body must go through (node-bridge.ts applies it). Every response of a compressible type varies by
 * Accept-Encoding, compressed or not.
 */
export function compressResponse(
  response: Response,
  request: { method: string; acceptEncoding: string | null },
): { response: Response; encoding?: Encoding } {
  if (!isCompressible(response, request.method)) return { response };
  const headers = new Headers(response.headers);
  appendHeaderToken(headers, "vary", "Accept-Encoding");
  const encoding = negotiateEncoding(request.acceptEncoding, preferredEncoding(headers.get("content-type")));
  if (!encoding)
    return {
      response: new Response(response.body, { status: response.status, statusText: response.statusText, headers }),
    };
  headers.set("content-encoding", encoding);
  headers.delete("content-length");
  const etag = headers.get("etag");
  if (etag && !etag.startsWith("W/")) headers.set("etag", `W/${etag}`);
  const re = new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  if (request.method === "HEAD") return { response: re };
  return { response: re, encoding };
}

/**
 * gzip level 3. Against zlib's default 6, on this machine: a 25 KB MCP search answer 37 against 75 µs for 7.6% more
 * bytes (3,956 against 3,676), a 6 KB search answer 17 against 27 µs for 5% more. Most gzip'd bodies here are made
 * per request, where the time is paid on every answer.
 */
const GZIP_OPTIONS = { level: 3 };

/** Quality 5: most of brotli's gain at a gzip-like cost; 11 (the default) is meant for ahead-of-time compression. */
function brotliOptions(sizeHint: number) {
  return {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 5,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      ...(sizeHint > 0 ? { [constants.BROTLI_PARAM_SIZE_HINT]: sizeHint } : {}),
    },
  };
}

/** A streaming encoder, for bodies too large to hold (node-bridge.ts). */
export function createEncoder(encoding: Encoding): Transform {
  return encoding === "gzip" ? createGzip(GZIP_OPTIONS) : createBrotliCompress(brotliOptions(0));
}

/**
 * A whole small body encoded at once: same format and settings as `createEncoder`, without a stream and a trip to
 * the thread pool per chunk, which cost more than the compression itself for an API answer of a few kilobytes.
 */
export function compressBytes(encoding: Encoding, bytes: Uint8Array): Buffer {
  return encoding === "gzip" ? gzipSync(bytes, GZIP_OPTIONS) : brotliCompressSync(bytes, brotliOptions(bytes.length));
}
