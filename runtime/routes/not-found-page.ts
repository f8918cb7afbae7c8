/**
 * Unknown URLs (issue 10): a reader who mistypes a page URL gets the build's `404.html` (site chrome and the ways
 * back) with status 404, as static hosts serve it. API-like paths (`/api/…`, `/_…`, `/.well-known/…`, `/mcp`), clients
 * that ask for JSON, and file-like paths (`/logo.png`) requested without `Accept: text/html` keep the JSON error.
 */
import { MCP_ALIAS_ROUTES, NOT_FOUND_PAGE_FILE } from "../contract/index.ts";
import { mediaTypeFor } from "../http/media-types.ts";
import { isRead, type RouteContext } from "./context.ts";

const API_PREFIXES = ["/api/", "/_", "/.well-known/", ...MCP_ALIAS_ROUTES.map((route) => `${route}/`)];

export async function notFoundPage(context: RouteContext): Promise<Response | null> {
  if (!isRead(context) || !wantsPage(context)) return null;
  const html = await context.site.data.store.readText(NOT_FOUND_PAGE_FILE);
  if (html === null) return null;
  return new Response(html, {
    status: 404,
    headers: { "content-type": mediaTypeFor(NOT_FOUND_PAGE_FILE), "cache-control": "no-store", vary: "Accept" },
  });
}

function wantsPage(context: RouteContext): boolean {
  const pathname = context.url.pathname;
  if (API_PREFIXES.some((prefix) => `${pathname}/`.startsWith(prefix))) return false;
  const accept = context.request.headers.get("accept") ?? "";
  if (/\btext\/html\b/i.test(accept)) return true;
  if (/\bapplication\/(?:[\w.+-]+\+)?json\b/i.test(accept)) return false;
  const last = pathname.slice(pathname.lastIndexOf("/") + 1);
  return !/\.[A-Za-z0-9]+$/.test(last) || last.endsWith(".html");
}
