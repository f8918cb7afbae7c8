/**
 * Canonical page URLs (SPEC 4.3): the human HTML, or the same page's Markdown when the client asks for it with
 * `Accept` or `Signature-Agent`. Both answers carry `Vary: Accept` so caches keep them apart.
 */
import { markdownPreference } from "../http/accept.ts";
import { methodNotAllowed } from "../http/responses.ts";
import { pageHtmlFile, type PageEntry } from "../contract/index.ts";
import { isRead, type RouteContext } from "./context.ts";
import { htmlAlternateLink, serveMarkdown } from "./markdown.ts";
import { distPathOf, serveStoreFile } from "./store-file.ts";

export async function pageRoute(context: RouteContext): Promise<Response | null> {
  const { pathname, search } = context.url;
  const path = distPathOf(pathname);
  if (path === null) return null;
  const route = `/${path}`;
  const page = context.site.pageByRoute.get(route);
  if (!isRead(context)) return page ? methodNotAllowed(["GET", "HEAD"]) : null;
  if (!page) return redirectRule(context, route);
  // One URL per page: `/docs/x/` moves permanently to `/docs/x`, keeping the query.
  if (pathname !== route && pathname !== encodeURI(route)) return redirect(`${route}${search}`, 308);

  const reason = markdownPreference(context.request);
  if (reason) {
    const markdown = await serveMarkdown(context, page, reason, { "content-location": page.markdownRoute });
    if (markdown) return markdown;
  }
  const rule = redirectRule(context, route);
  if (rule) return rule;
  return serveHtml(context, page);
}

async function serveHtml(context: RouteContext, page: PageEntry): Promise<Response | null> {
  const file = pageHtmlFile(page.route);
  return serveStoreFile(context, file, {
    publicPath: page.route,
    headers: { vary: "Accept", link: htmlAlternateLink(page) },
  });
}

/** SPEC 2.6: a hidden folder parent redirects to its first visible child (the build writes `_redirects`). */
function redirectRule(context: RouteContext, route: string): Response | null {
  const rule = context.site.redirects.get(route);
  return rule ? redirect(`${rule.to}${context.url.search}`, rule.status) : null;
}

function redirect(location: string, status: number): Response {
  return new Response(null, { status, headers: { location, vary: "Accept" } });
}
