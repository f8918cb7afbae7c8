/**
 * Discovery and policy files (SPEC 4.2), served from the build: the agent manifest and its aliases, the API
 * catalog, the Agent Skills index and its SKILL.md files, llms files (root, well-known and per section),
 * sitemaps, robots.txt, AGENTS.md (and the AGENT.md alias), skill.md and the manifest schema.
 */
import { fingerprint } from "../http/etag.ts";
import { methodNotAllowed, notFound } from "../http/responses.ts";
import { isRead, type RouteContext } from "./context.ts";
import { distPathOf, serveStoreFile } from "./store-file.ts";

export const MANIFEST_ROUTES = ["/.well-known/agent.json", "/.well-known/agent", "/api/docs/agent/spec"];
const MANIFEST_SCHEMA = "/schemas/docs-agent-manifest.v1.json";
/** SPEC 4.2 aliases with no file of their own. */
const ALIASES: Record<string, string> = { "/AGENT.md": "AGENTS.md" };

export async function discoveryRoute(context: RouteContext): Promise<Response | null> {
  const { pathname } = context.url;
  const fixed = MANIFEST_ROUTES.includes(pathname) || pathname === "/.well-known/api-catalog" || pathname in ALIASES;
  if (!isRead(context)) return fixed ? methodNotAllowed(["GET", "HEAD"]) : null;

  if (MANIFEST_ROUTES.includes(pathname)) return serveManifest(context, pathname);
  if (pathname === "/.well-known/api-catalog") {
    return (await serveStoreFile(context, ".well-known/api-catalog"))
      ?? notFound("This site publishes no API catalog (staticExport is on or llmsTxt.apiCatalog is false).");
  }
  const alias = ALIASES[pathname];
  if (alias) return serveStoreFile(context, alias, { publicPath: `/${alias}` });

  const path = distPathOf(pathname);
  if (path === null || !isDiscoveryFile(path)) return null;
  // SPEC 2.9: llmsTxt.baseUrl defaults to the request origin; a build without a base URL has root-relative links.
  if (/(^|\/)llms(-full)?\.txt$/.test(path) && !context.site.data.settings.baseUrl) {
    return serveStoreFile(context, path, { rewrite: absoluteLinks(context.url.origin) });
  }
  return serveStoreFile(context, path);
}

/** Root-relative Markdown links and source markers made absolute against `origin`. */
export function absoluteLinks(origin: string): { key: string; apply(text: string): string } {
  return {
    key: fingerprint(origin),
    apply: (text) => text
      .replace(/\]\((\/[^)\s]*)\)/g, (_, route: string) => `](${origin}${route})`)
      .replace(/^<!-- source: (\/\S*) -->$/gm, (_, route: string) => `<!-- source: ${origin}${route} -->`)
      .replace(/ is in (\/llms-full\.txt)\./, (_, route: string) => ` is in ${origin}${route}.`),
  };
}

/** Files this route owns; everything else (HTML, assets, `_docs/`) belongs to page routes or the static host. */
function isDiscoveryFile(path: string): boolean {
  const name = path.slice(path.lastIndexOf("/") + 1);
  if (path.startsWith("_docs/")) return false;
  return path.endsWith(".md")
    || name === "llms.txt" || name === "llms-full.txt"
    || path === "robots.txt"
    || /^sitemap[^/]*\.xml$/.test(path)
    || path.startsWith(".well-known/")
    || /^schemas\/[^/]+\.json$/.test(path);
}

/** SPEC 4.2: dynamic manifest responses carry `Link: <schema>; rel="describedby"`. */
async function serveManifest(context: RouteContext, pathname: string): Promise<Response | null> {
  const { baseUrl } = context.site.data.settings;
  const schema = `${baseUrl ? baseUrl.replace(/\/+$/, "") : ""}${MANIFEST_SCHEMA}`;
  const response = await serveStoreFile(context, pathname.slice(1), {
    headers: { "content-type": "application/json; charset=utf-8" },
  });
  if (!response) return notFound("This build has no agent manifest; run `docs build`.");
  if (!response.headers.has("link")) response.headers.set("link", `<${schema}>; rel="describedby"; type="application/schema+json"`);
  return response;
}
