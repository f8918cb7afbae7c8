/**
 * Agent-projected Markdown (SPEC 4.3, 4.1 `format=markdown`): `<page>.md` routes, the shared API mode and the
 * negotiated answer at canonical URLs all serve the page's built `.md` file (a sibling agent.md already replaced
 * it at build time), so `<Human>` text can never reach them.
 */
import type { MarkdownReason } from "../http/accept.ts";
import { errorResponse, MARKDOWN_TYPE } from "../http/responses.ts";
import { normalizePagePath } from "../site-data.ts";
import { LLMS_ROUTES, type PageEntry } from "../contract/index.ts";
import { isRead, type RouteContext } from "./context.ts";
import { serveStoreFile } from "./store-file.ts";

export type MarkdownVia = "md-route" | "api" | MarkdownReason;

/** llms.txt v2: Markdown points at the index that covers it; HTML points at its Markdown twin. */
const LLMS_LINK = `<${LLMS_ROUTES.index}>; rel="describedby"; type="text/plain"`;

export async function serveMarkdown(
  context: RouteContext,
  page: PageEntry,
  via: MarkdownVia,
  extraHeaders: Record<string, string> = {},
): Promise<Response | null> {
  const path = page.markdownRoute.replace(/^\/+/, "");
  const response = await serveStoreFile(context, path, {
    headers: { "content-type": MARKDOWN_TYPE, vary: "Accept", link: LLMS_LINK, ...extraHeaders },
  });
  if (response?.status === 200) context.events.analytics("markdown_read", { path: page.path, route: page.route, via });
  return response;
}

export function htmlAlternateLink(page: PageEntry): string {
  return `<${page.markdownRoute}>; rel="alternate"; type="text/markdown"`;
}

/** GET `<page>.md`. */
export async function markdownFileRoute(context: RouteContext): Promise<Response | null> {
  if (!context.url.pathname.endsWith(".md")) return null;
  const page = context.site.pageByMarkdownRoute.get(context.url.pathname);
  if (!page) return null;
  if (!isRead(context)) return null;
  return serveMarkdown(context, page, "md-route");
}

/** GET `/api/docs?format=markdown&path=<page path>`; `path` is a slug, never a file path. */
export async function markdownApiMode(context: RouteContext): Promise<Response> {
  const raw = context.url.searchParams.get("path");
  if (raw === null)
    return errorResponse(
      400,
      "missing_path",
      "format=markdown needs path=<page path>, e.g. path=getting-started/installation.",
    );
  const path = normalizePagePath(raw, context.site.data.settings.docsPath);
  if (path === null)
    return errorResponse(
      400,
      "invalid_path",
      "path must be a docs page path such as getting-started/installation (no '..', no control characters).",
    );
  const page = context.site.data.pagesByPath.get(path);
  const response = page ? await serveMarkdown(context, page, "api") : null;
  return (
    response ??
    errorResponse(
      404,
      "page_not_found",
      `No docs page has the path "${path}". List pages with /sitemap.md or /llms.txt.`,
    )
  );
}
