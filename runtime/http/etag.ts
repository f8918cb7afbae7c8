/** Conditional GET helpers (RFC 9110 §13.1.2): `If-None-Match` uses weak comparison and accepts `*`. */

export function matchesIfNoneMatch(request: Request, etag: string): boolean {
  const header = request.headers.get("if-none-match");
  if (!header) return false;
  if (header.trim() === "*") return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((candidate) => opaque(candidate) === opaque(etag));
}

/** 304 keeps the validator and caching headers of the 200 it stands for (RFC 9110 §15.4.5). */
export function notModified(etag: string, headers: Record<string, string> = {}): Response {
  return new Response(null, { status: 304, headers: { etag, ...headers } });
}

/** FNV-1a 32-bit: a fast, stable fingerprint for ETags of JSON the runtime builds (not for security). */
export function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}
