/**
 * `quire/astro` (SPEC 4.7 adapter-content): `createDocsServer(config + _preloadedContent)` → `load(pathname)` for the
 * app's page, and the endpoint handlers `GET({ request })` (search at `GET /api/docs?query=`, `.md`, llms, discovery,
 * MCP), `POST({ request })` (Ask AI as SSE, MCP, feedback) and `ALL` for the other methods MCP takes (OPTIONS,
 * DELETE). A thin layer over `createDocsHandler` and the build; nothing is imported from `astro` (an optional peer).
 *
 * ```ts
 * // src/docs.ts
 * export const docs = createDocsServer({ ...config, rootDir: process.cwd() });
 * // src/pages/docs/[...slug].astro: the page in the app's layout
 * const data = await docs.load(Astro.url.pathname);
 * // src/pages/[...path].ts: the API, MCP, .md, llms.txt, discovery, assets
 * export const { GET, POST, ALL } = docs;
 * ```
 */
import { createFrameworkDocs, type DocsPageData, type DocsRedirect, type DocsServerConfig } from "../docs-server.ts";

export type { DocsPageData, DocsRedirect, DocsServerConfig } from "../docs-server.ts";

/** The part of Astro's `APIContext` the handlers read. */
export interface AstroDocsContext {
  request: Request;
}

type Handler = (context: AstroDocsContext) => Promise<Response>;

export interface AstroDocsServer {
  /** The page at `pathname` with the sidebar tree, a redirect (hidden folder parent), or null. */
  load(pathname: string, locale?: string): Promise<DocsPageData | DocsRedirect | null>;
  GET: Handler;
  POST: Handler;
  /** Astro's handler for every other method (MCP's OPTIONS preflight and DELETE). */
  ALL: Handler;
  /**
   * For the docs page itself: the docs' answer when it is not a page for a browser (`.md`, `Accept: text/markdown`,
   * redirects), or null when the app should render the page. `const answer = await docs.negotiate(Astro.request);
   * if (answer) return answer;` at the top of the `.astro` page.
   */
  negotiate(request: Request): Promise<Response | null>;
}

export function createDocsServer(config: DocsServerConfig = {}): AstroDocsServer {
  const docs = createFrameworkDocs(config);
  const handle: Handler = ({ request }) => docs.handle(request);
  return {
    load: (pathname, locale) => docs.load(pathname, locale),
    GET: handle,
    POST: handle,
    ALL: handle,
    async negotiate(request) {
      const response = await docs.handle(request);
      if (response.headers.get("content-type")?.startsWith("text/html")) {
        await response.body?.cancel();
        return null;
      }
      return response;
    },
  };
}
