/**
 * Reads a request body with a hard byte cap (SPEC 5: `maxBodyBytes`, checked before origin and authentication).
 * A declared Content-Length over the cap is refused unread; otherwise the stream is counted as it arrives, so a
 * missing or lying Content-Length cannot smuggle a larger body past the cap.
 */

export type CappedBody = { ok: true; bytes: Uint8Array } | { ok: false; reason: "too_large" | "unreadable" };

export async function readBodyCapped(request: Request, maxBytes: number): Promise<CappedBody> {
  const declared = request.headers.get("content-length");
  if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared) > maxBytes)
    return { ok: false, reason: "too_large" };
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

/** A copy of `request` whose body is already-read bytes, for handlers that read the body themselves. */
export function withBufferedBody(request: Request, bytes: Uint8Array): Request {
  const headers = new Headers(request.headers);
  headers.delete("content-length");
  headers.delete("transfer-encoding");
  const method = request.method.toUpperCase();
  const body = method === "GET" || method === "HEAD" ? undefined : (bytes as BodyInit);
  return new Request(request.url, { method: request.method, headers, body, signal: request.signal });
}
