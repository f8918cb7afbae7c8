/**
 * SPEC 4.4 / 4.7 adapter-react-app: the rewrites `withDocs()` adds to a Next.js config. The MCP aliases go to the
 * canonical route; `.md` URLs and `Accept: text/markdown` requests of docs pages (which Next would give to the app's
 * page) and every URL the app does not answer itself (llms.txt, discovery, sitemap, `/_quire` assets) are forwarded
 * to the docs route handler under `NEXT_FORWARD_PREFIX`, which gives the handler back the original path.
 */
import { DEFAULT_MCP_ROUTE, DOCS_API_ROUTE, MCP_ALIAS_ROUTES } from "../../contract/index.ts";

/** Where forwarded requests land: inside the app's `app/api/docs/[[...path]]/route.ts`. */
export const NEXT_FORWARD_PREFIX = `${DOCS_API_ROUTE}/_forward`;

export interface NextRewrite {
  source: string;
  destination: string;
  has?: { type: "header"; key: string; value: string }[];
}

export interface NextRewrites {
  beforeFiles: NextRewrite[];
  afterFiles: NextRewrite[];
  fallback: NextRewrite[];
}

/** The rewrites for a build served at `docsPath` ("" = `/`) whose MCP route is `mcpRoute`. */
export function docsRewrites(docsPath: string, mcpRoute: string = DEFAULT_MCP_ROUTE): NextRewrites {
  const docs = docsPath ? `/${docsPath}` : "";
  return {
    beforeFiles: [
      ...MCP_ALIAS_ROUTES.map((alias) => ({ source: alias, destination: mcpRoute })),
      // A custom mcp.route outside /api/docs is mirrored to the handler too (SPEC 4.4).
      ...(mcpRoute.startsWith(`${DOCS_API_ROUTE}/`) || mcpRoute === DOCS_API_ROUTE
        ? []
        : [{ source: mcpRoute, destination: `${NEXT_FORWARD_PREFIX}${mcpRoute}` }]),
      { source: `${docs}/:path(.*\\.md)`, destination: `${NEXT_FORWARD_PREFIX}${docs}/:path` },
      {
        source: docs ? `${docs}/:path*` : "/:path*",
        has: [{ type: "header", key: "accept", value: ".*text/markdown.*" }],
        destination: `${NEXT_FORWARD_PREFIX}${docs}/:path*`,
      },
      ...(docs
        ? [
            {
              source: docs,
              has: [{ type: "header" as const, key: "accept", value: ".*text/markdown.*" }],
              destination: `${NEXT_FORWARD_PREFIX}${docs}`,
            },
          ]
        : []),
    ],
    afterFiles: [],
    fallback: [{ source: "/:path*", destination: `${NEXT_FORWARD_PREFIX}/:path*` }],
  };
}

/**
 * The URL the docs handler should see: the original path when Next hands the route the forwarded one, and the host
 * the client used (Next builds `request.url` from its own listening name, and the MCP same-origin check compares the
 * Origin header with it).
 */
export function originalRequest(request: Request): Request {
  const url = new URL(request.url);
  const forwarded = url.pathname === NEXT_FORWARD_PREFIX || url.pathname.startsWith(`${NEXT_FORWARD_PREFIX}/`);
  if (forwarded) url.pathname = url.pathname.slice(NEXT_FORWARD_PREFIX.length) || "/";
  const host = request.headers.get("host");
  if (host && host !== url.host) {
    try {
      url.host = host;
    } catch {
      // An unusable Host keeps Next's URL.
    }
  }
  return url.href === request.url ? request : new Request(url, request);
}
