/**
 * Static files of a built `dist/` for `docs serve`: exact files, `route` → `route/index.html`, media types by name
 * (extensionless discovery files included). Never leaves the folder; dotfiles other than `.well-known/` and the
 * host control files (`_headers`, `_redirects`) are not served.
 */
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { mediaTypeFor } from "../http/media-types.ts";
import { distPathOf } from "../routes/store-file.ts";

const HIDDEN = new Set(["_headers", "_redirects"]);

/** `_quire/name.<hash>.ext`: the name changes whenever the bytes do, so it may be cached forever; nothing else may. */
export function isFingerprinted(file: string): boolean {
  return /^_quire\/(?:[^/]+\/)*[^/]+\.[0-9a-f]{8,}\.[a-z0-9]+$/i.test(file);
}

export function createStaticFiles(dist: string): (request: Request) => Promise<Response | null> {
  const root = path.resolve(dist);
  return async (request) => {
    const relative = distPathOf(new URL(request.url).pathname);
    if (relative === null || HIDDEN.has(relative)) return null;
    if (relative.split("/").some((segment) => segment.startsWith(".") && segment !== ".well-known")) return null;
    for (const candidate of relative === "" ? ["index.html"] : [relative, `${relative}/index.html`]) {
      const file = path.resolve(root, candidate);
      if (file !== root && !file.startsWith(root + path.sep)) return null;
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) continue;
      const body = await readFile(file);
      return new Response(body, {
        status: 200,
        headers: {
          "content-type": mediaTypeFor(candidate),
          "content-length": String(body.byteLength),
          "cache-control": isFingerprinted(candidate)
            ? "public, max-age=31536000, immutable"
            : "public, max-age=0, must-revalidate",
          "last-modified": info.mtime.toUTCString(),
        },
      });
    }
    return null;
  };
}
