/**
 * `quire/nuxt` (SPEC 4.7 adapter-vue): `defineDocsHandler(config, useStorage)` → one h3 event handler: GET for pages
 * (`.md`, `Accept: text/markdown`), search, llms, discovery and MCP; POST for Ask AI, MCP and feedback; OPTIONS and
 * DELETE for MCP. The build is read from Nitro server assets (`nitro.serverAssets: [{ baseName: "docs", dir: "dist" }]`
 * → `useStorage("assets:docs")`), loaded once into `_preloadedContent`, so the server needs no `dist/` beside it. A thin
 * layer over `createDocsHandler`; nothing is imported from `h3` or `nuxt` (optional peers): the handler takes the h3
 * event (h3 1: `event.node.req`; h3 2: `event.req`) and returns a Web `Response`, which h3 sends.
 *
 * ```ts
 * // server/docs.ts, registered in nuxt.config.ts `serverHandlers` for the docs routes
 * export default defineDocsHandler({ validateFeedback }, useStorage);
 * ```
 */
import { createFrameworkDocs, type DocsPageData, type DocsRedirect, type DocsServerConfig } from "../docs-server.ts";
import { eventRequest, type H3LikeEvent } from "./event-request.ts";
import { readStorageBuild, type StorageLike } from "./storage-build.ts";

export type { DocsPageData, DocsRedirect, DocsServerConfig } from "../docs-server.ts";
export type { H3LikeEvent } from "./event-request.ts";
export type { StorageLike } from "./storage-build.ts";

export interface NuxtDocsConfig extends Omit<DocsServerConfig, "rootDir"> {
  /** The Nitro storage the build is read from. Default `assets:docs` (a server asset with `baseName: "docs"`). */
  storage?: string;
}

export interface NuxtDocsHandler {
  (event: H3LikeEvent): Promise<Response>;
  /** h3 1's event-handler mark, so Nitro takes the function as it takes `defineEventHandler(...)`. */
  __is_handler__: true;
  /** The page at `pathname` with the sidebar tree, a redirect, or null (for a Vue page rendering in the app). */
  load(pathname: string, locale?: string): Promise<DocsPageData | DocsRedirect | null>;
}

export function defineDocsHandler(config: NuxtDocsConfig, getStorage: (base: string) => StorageLike): NuxtDocsHandler {
  const { storage = "assets:docs", _preloadedContent, ...rest } = config;
  let docs: Promise<ReturnType<typeof createFrameworkDocs>> | undefined;
  const open = () =>
    (docs ??= (async () => {
      const content = _preloadedContent ?? (await readStorageBuild(getStorage(storage), storage));
      return createFrameworkDocs({ ...rest, _preloadedContent: content });
    })().catch((error) => {
      docs = undefined;
      throw error;
    }));
  const handler = (async (event: H3LikeEvent) => {
    try {
      const request = eventRequest(event);
      return request instanceof Response ? request : (await open()).handle(request);
    } catch (error) {
      console.error(`[quire] cannot open the build: ${(error as Error)?.message ?? error}`);
      return Response.json(
        { error: { code: "site_unavailable", message: "The docs build could not be loaded; run `docs build`." } },
        { status: 503, headers: { "cache-control": "no-store" } },
      );
    }
  }) as NuxtDocsHandler;
  handler.__is_handler__ = true;
  handler.load = async (pathname, locale) => (await open()).load(pathname, locale);
  return handler;
}
