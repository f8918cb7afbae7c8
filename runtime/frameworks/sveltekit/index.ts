/**
 * `quire/sveltekit` (SPEC 4.7 adapter-svelte): `createDocsServer(config + _preloadedContent)` → `load(event)`,
 * `GET(event)`, `POST(event)` and `fallback(event)` (SvelteKit's handler for the other methods: MCP's OPTIONS and
 * DELETE). A thin layer over `createDocsHandler` and the build. It imports nothing from `@sveltejs/kit` (an optional
 * peer): the app's own kit throws the 404, so its `HttpError` class is the one SvelteKit checks for.
 *
 * ```ts
 * // src/lib/server/docs.ts
 * export const docs = createDocsServer({ ...config });
 * // src/routes/docs/[...slug]/+page.server.ts   (the page in the app's layout)
 * export const load = async (event) => {
 *   const data = (await docs.load(event)) ?? error(404, "Not found");
 *   return "redirect" in data ? redirect(data.redirect.status, data.redirect.location) : data;
 * };
 * // src/routes/docs/[...slug]/+server.ts and src/routes/[...path]/+server.ts   (.md, Markdown negotiation, API, MCP)
 * export const { GET, POST, fallback } = docs;
 * ```
 */
import { createFrameworkDocs, type DocsPageData, type DocsRedirect, type DocsServerConfig } from "../docs-server.ts";

export type { DocsPageData, DocsRedirect, DocsServerConfig } from "../docs-server.ts";

/** The part of SvelteKit's `RequestEvent` / `ServerLoadEvent` the adapter reads. */
export interface SvelteKitDocsEvent {
  request: Request;
  url: URL;
  params?: Partial<Record<string, string>>;
}

export interface SvelteKitDocsServer {
  /** The page for `event.url.pathname` (locale: `event.params.lang` when the route has one), a redirect, or null. */
  load(event: SvelteKitDocsEvent): Promise<DocsPageData | DocsRedirect | null>;
  GET(event: SvelteKitDocsEvent): Promise<Response>;
  POST(event: SvelteKitDocsEvent): Promise<Response>;
  fallback(event: SvelteKitDocsEvent): Promise<Response>;
}

export function createDocsServer(config: DocsServerConfig = {}): SvelteKitDocsServer {
  const docs = createFrameworkDocs(config);
  const handle = (event: SvelteKitDocsEvent) => docs.handle(event.request);
  return {
    load: (event) => docs.load(event.url.pathname, event.params?.lang),
    GET: handle,
    POST: handle,
    fallback: handle,
  };
}
