/**
 * Reads a request body with a hard byte cap (SPEC 5: `maxBodyBytes`, checked before origin and authentication).
 * A declared Content-Length over the cap is refused unread; otherwise the stream is counted as it arrives, so a
 * missing or lying Content-Length cannot smuggle a larger body past the cap.
 */

/**
 * The bodies a server adapter read before forming their Request (runtime/adapters/node-bridge.ts). The Request
 * carries the same bytes as its body; a route reads them from here and leaves that body unread, so the Request
 * can be passed on as it is.
 */
const readAhead = new WeakMap<Request, Uint8Array>();

export function rememberBody(request: Request, bytes: Uint8Array): void {
  readAhead.set(request, bytes);
}

export type CappedBody = { ok: true; bytes: Uint8Array } | { ok: false; reason: "too_large" | "unreadable" };

export async function readBodyCapped(request: Request, maxBytes: number): Promise<CappedBody> {
  const declared = request.headers.get("content-length");
  if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared) > maxBytes)
    return { ok: false, reason: "too_large" };
  const known = readAhead.get(request);
  if (known) return known.byteLength > maxBytes ? { ok: false, reason: "too_large" } : { ok: true, bytes: known };
  if (!request.body) return { ok: true, bytes: new Uint8Array(0) };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        // Stop pulling: the rest of an oversized body is never buffered.
        await reader.cancel().catch(() => {});
        return { ok: false, reason: "too_large" };
      }
      chunks.push(value);
    }
  } catch {
    return { ok: false, reason: "unreadable" };
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { ok: true, bytes };
}

/**
 * `request` with its body readable again once `readBodyCapped` read it: itself when the bytes came from the adapter
 * and its body is untouched, else a copy whose body is the bytes.
 */
export function withBufferedBody(request: Request, bytes: Uint8Array): Request {
  if (!request.bodyUsed && readAhead.get(request) === bytes) return request;
  const headers = new Headers(request.headers);
  headers.delete("content-length");
  headers.delete("transfer-encoding");
  const method = request.method.toUpperCase();
  const body = method === "GET" || method === "HEAD" ? undefined : (bytes as BodyInit);
  return new Request(request.url, { method: request.method, headers, body, signal: request.signal });
}
