/**
 * Serves one file of the build from the store: media type by name, the build's `_headers` rules for its public
 * path (what a static host would send), and a strong ETag from the build manifest's content digest.
 */
import { matchesIfNoneMatch, notModified } from "../http/etag.ts";
import { mediaTypeFor } from "../http/media-types.ts";
import { hostHeadersFor } from "../served-site.ts";
import type { RouteContext } from "./context.ts";

export interface StoreFileOptions {
  /** The URL path the file is served at when it differs from `/<path>` (pages: `/docs/x` for `docs/x/index.html`). */
  publicPath?: string;
  headers?: Record<string, string>;
  /** A per-request rewrite of the text; `key` keeps the ETag distinct per rewrite. */
  rewrite?: { key: string; apply(text: string): string };
}

/** `path` is dist-relative; null when the build has no such file. */
export async function serveStoreFile(
  context: RouteContext,
  path: string,
  options: StoreFileOptions = {},
): Promise<Response | null> {
  const headers: Record<string, string> = {
    "content-type": mediaTypeFor(path),
    ...hostHeadersFor(context.site, options.publicPath ?? `/${path}`),
    ...options.headers,
  };
  const digest = context.site.digests[path];
  if (digest) {
    headers.etag = options.rewrite ? `"${digest}-${options.rewrite.key}"` : `"${digest}"`;
    if (matchesIfNoneMatch(context.request, headers.etag)) {
      const { "content-type": _type, ...rest } = headers;
      return notModified(headers.etag, rest);
    }
  }
  const text = await context.site.data.store.readText(path);
  if (text === null) return null;
  return new Response(options.rewrite ? options.rewrite.apply(text) : text, { status: 200, headers });
}

/** A request path as a dist-relative file path, or null when it could escape the output folder. */
export function distPathOf(pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (/[\0-\x1f\\]/.test(decoded)) return null;
  const segments = decoded.split("/").filter(Boolean);
  if (segments.some((segment) => segment === ".." || segment === ".")) return null;
  return segments.join("/");
}
