/**
 * Discovery and policy files (SPEC 4.2), served from the build: the agent manifest and its aliases, the API
 * catalog, the Agent Skills index and its SKILL.md files, llms files (root, well-known and per section),
 * sitemaps, robots.txt, AGENTS.md (and the AGENT.md alias), skill.md and the manifest schema.
 */
import {
  AGENTS_ROUTES,
  API_CATALOG_ROUTE,
  LLMS_ROUTES,
  MANIFEST_ROUTES,
  MANIFEST_SCHEMA_ROUTE,
  mapSourceMarkers,
  ROBOTS_ROUTE,
  RUNTIME_DIR,
} from "../contract/index.ts";
import { fingerprint } from "../http/etag.ts";
import { methodNotAllowed, notFound } from "../http/responses.ts";
import { isRead, type RouteContext } from "./context.ts";
import { distPathOf, serveStoreFile } from "./store-file.ts";

const manifestRoutes: readonly string[] = MANIFEST_ROUTES;
/** SPEC 4.2 aliases with no file of their own: each serves the file of its canonical route. */
const ALIASES = new Map<string, string>(AGENTS_ROUTES.aliases.map((alias) => [alias, AGENTS_ROUTES.file]));
const llmsFileNames = new Set([LLMS_ROUTES.index, LLMS_ROUTES.full].map((route) => route.slice(1)));

export async function discoveryRoute(context: RouteContext): Promise<Response | null> {
  const { pathname } = context.url;
  const fixed = manifestRoutes.includes(pathname) || pathname === API_CATALOG_ROUTE || ALIASES.has(pathname);
  if (!isRead(context)) return fixed ? methodNotAllowed(["GET", "HEAD"]) : null;

  if (manifestRoutes.includes(pathname)) return serveManifest(context, pathname);
  if (pathname === API_CATALOG_ROUTE) {
    return (
      (await serveStoreFile(context, API_CATALOG_ROUTE.slice(1))) ??
      notFound("This site publishes no API catalog (staticExport is on or llmsTxt.apiCatalog is false).")
    );
  }
  const canonical = ALIASES.get(pathname);
  if (canonical) return serveStoreFile(context, canonical.slice(1), { publicPath: canonical });

  const path = distPathOf(pathname);
  if (path === null || !isDiscoveryFile(path)) return null;
  // SPEC 2.9: llmsTxt.baseUrl defaults to the request origin; a build without a base URL has root-relative links.
  if (llmsFileNames.has(fileNameOf(path)) && !context.site.data.settings.baseUrl) {
    return serveStoreFile(context, path, { rewrite: absoluteLinks(context.url.origin) });
  }
  return serveStoreFile(context, path);
}

/** Root-relative Markdown links and source markers made absolute against `origin`. */
export function absoluteLinks(origin: string): { key: string; apply(text: string): string } {
  return {
    key: fingerprint(origin),
    apply: (text) =>
      mapSourceMarkers(
        text.replace(/\]\((\/[^)\s]*)\)/g, (_, route: string) => `](${origin}${route})`),
        (route) => `${origin}${route}`,
      ),
  };
}

const fileNameOf = (path: string) => path.slice(path.lastIndexOf("/") + 1);

/** Files this route owns; everything else (HTML, assets, `_docs/`) belongs to page routes or the static host. */
function isDiscoveryFile(path: string): boolean {
  if (path.startsWith(`${RUNTIME_DIR}/`)) return false;
  return (
    path.endsWith(".md") ||
    llmsFileNames.has(fileNameOf(path)) ||
    path === ROBOTS_ROUTE.slice(1) ||
    /^sitemap[^/]*\.xml$/.test(path) ||
    path.startsWith(".well-known/") ||
    /^schemas\/[^/]+\.json$/.test(path)
  );
}

/** SPEC 4.2: dynamic manifest responses carry `Link: <schema>; rel="describedby"`. */
async function serveManifest(context: RouteContext, pathname: string): Promise<Response | null> {
  const { baseUrl } = context.site.data.settings;
  const schema = `${baseUrl ? baseUrl.replace(/\/+$/, "") : ""}${MANIFEST_SCHEMA_ROUTE}`;
  const response = await serveStoreFile(context, pathname.slice(1), {
    headers: { "content-type": "application/json; charset=utf-8" },
  });
  if (!response) return notFound("This build has no agent manifest; run `docs build`.");
  if (!response.headers.has("link"))
    response.headers.set("link", `<${schema}>; rel="describedby"; type="application/schema+json"`);
  return response;
}
