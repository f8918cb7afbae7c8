/**
 * `quire/tanstack-start` (SPEC 4.7 adapter-react-routes): `createDocsServer(config)` → `load({ pathname, locale? })`
 * (page data and sidebar tree, a redirect, or null), and the server-route handlers `GET({ request })`, `POST({ request })` plus
 * `OPTIONS`/`DELETE` for MCP. `config.rootDir` (default the working directory) holds the build in `dist/`;
 * `_preloadedContent` replaces it in serverless bundles. No TanStack import: the handlers take and return Web types.
 *
 * ```ts
 * // src/docs.server.ts
 * export const docs = createDocsServer({ ...config });
 * // src/routes/docs/$.tsx: the page in the app's layout, Markdown for agents at the same URL
 * export const Route = createFileRoute("/docs/$")({
 *   server: { handlers: docs.pageHandlers },
 *   loader: ({ location }) => loadDocsPage({ data: location.pathname }), // a server function calling docs.load
 *   component: DocsPage,
 * });
 * // src/routes/$.ts and src/routes/api/docs/$.ts: the API, MCP, llms.txt, discovery, assets
 * export const Route = createFileRoute("/$")({ server: { handlers: docs.handlers } });
 * ```
 */
import { createFrameworkDocs, type DocsPageData, type DocsRedirect, type DocsServerConfig } from "../docs-server.ts";

export type { DocsPageData, DocsRedirect, DocsServerConfig } from "../docs-server.ts";

type Handler = (context: { request: Request }) => Promise<Response>;
/** A handler on a route that also has a component: `next()` renders the route's page instead. */
type PageHandler = (context: { request: Request; next: () => unknown }) => Promise<unknown>;

export interface TanStackDocsServer {
  load(input: { pathname: string; locale?: string }): Promise<DocsPageData | DocsRedirect | null>;
  GET: Handler;
  POST: Handler;
  /** Every method the docs answer, to spread into a server route: `server: { handlers: docs.handlers }`. */
  handlers: { GET: Handler; HEAD: Handler; POST: Handler; OPTIONS: Handler; DELETE: Handler };
  /**
   * For the docs page route (it has a component): the docs answer what is not a page for a browser — `.md`,
   * `Accept: text/markdown` and `Signature-Agent` (the runtime's own negotiation), redirects — and every HTML answer
   * (the page, or the docs 404 page) goes on with `next()` to the app's component and not-found handling.
   */
  pageHandlers: { GET: PageHandler; HEAD: PageHandler };
}

export function createDocsServer(config: DocsServerConfig = {}): TanStackDocsServer {
  const docs = createFrameworkDocs(config);
  const handle: Handler = ({ request }) => docs.handle(request);
  const pageOrDocs: PageHandler = async ({ request, next }) => {
    const response = await docs.handle(request);
    if (response.headers.get("content-type")?.startsWith("text/html")) {
      await response.body?.cancel();
      return next();
    }
    return response;
  };
  return {
    load: ({ pathname, locale }) => docs.load(pathname, locale),
    GET: handle,
    POST: handle,
    handlers: { GET: handle, HEAD: handle, POST: handle, OPTIONS: handle, DELETE: handle },
    pageHandlers: { GET: pageOrDocs, HEAD: pageOrDocs },
  };
}
