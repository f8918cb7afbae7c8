/**
 * Media types of the files a build writes, by path. Extensionless discovery files get theirs by name, matching
 * the `_headers` file the compiler writes for static hosts.
 */

const BY_NAME: Record<string, string> = {
  ".well-known/agent": "application/json; charset=utf-8",
  "api/docs/agent/spec": "application/json; charset=utf-8",
  ".well-known/api-catalog": 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"',
};

const BY_EXTENSION: Record<string, string> = {
  html: "text/html; charset=utf-8",
  md: "text/markdown; charset=utf-8",
  txt: "text/plain; charset=utf-8",
  xml: "application/xml; charset=utf-8",
  json: "application/json; charset=utf-8",
  css: "text/css; charset=utf-8",
  js: "text/javascript; charset=utf-8",
  mjs: "text/javascript; charset=utf-8",
  svg: "image/svg+xml",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  avif: "image/avif",
  ico: "image/x-icon",
  woff: "font/woff",
  woff2: "font/woff2",
  ttf: "font/ttf",
  otf: "font/otf",
  pdf: "application/pdf",
  wasm: "application/wasm",
  webmanifest: "application/manifest+json",
  yaml: "application/yaml; charset=utf-8",
  yml: "application/yaml; charset=utf-8",
};

/** `path` is dist-relative without a leading slash. */
export function mediaTypeFor(path: string): string {
  const named = BY_NAME[path];
  if (named) return named;
  if (path.startsWith("schemas/") && path.endsWith(".json")) return "application/schema+json";
  const dot = path.lastIndexOf(".");
  const slash = path.lastIndexOf("/");
  if (dot < 0 || dot < slash) return "application/octet-stream";
  return BY_EXTENSION[path.slice(dot + 1).toLowerCase()] ?? "application/octet-stream";
}
