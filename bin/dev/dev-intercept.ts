/**
 * What `docs dev` adds in front of the docs handler (issue 11): the live events stream, the dev client script, the
 * client linked into every HTML response, and — while no build has ever succeeded — a page that carries the client
 * so the error overlay shows and the tab recovers by itself once the site builds.
 */
import { DEV_CLIENT_ROUTE, DEV_CLIENT_SCRIPT, DEV_EVENTS_ROUTE, injectDevClient } from "./dev-client.ts";
import type { LiveEvents } from "./live-events.ts";

export interface DevInterceptOptions {
  events: LiveEvents;
  /** False until the first build succeeded: then there is no dist/ to serve yet. */
  hasBuild: () => boolean;
  /** Called for each page (HTML) answered. */
  onPage?: () => void;
}

export function createDevIntercept(options: DevInterceptOptions) {
  return async (request: Request, next: (request: Request) => Promise<Response>): Promise<Response> => {
    const { pathname } = new URL(request.url);
    if (pathname === DEV_EVENTS_ROUTE) return options.events.connect(request);
    if (pathname === DEV_CLIENT_ROUTE) {
      return new Response(DEV_CLIENT_SCRIPT, {
        headers: { "content-type": "text/javascript; charset=utf-8", "cache-control": "no-store" },
      });
    }
    if (!options.hasBuild()) {
      const page =
        "<!doctype html><html><head><meta charset=utf-8><title>Build failed</title></head><body><p>The site has not built yet; the errors are in the terminal.</p></body></html>";
      return new Response(injectDevClient(page), {
        status: 503,
        headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" },
      });
    }
    const response = await next(request);
    if (!(response.headers.get("content-type") ?? "").startsWith("text/html") || request.method !== "GET")
      return response;
    const headers = new Headers(response.headers);
    headers.delete("content-length");
    headers.delete("etag");
    headers.set("cache-control", "no-store");
    const page = new Response(injectDevClient(await response.text()), {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
    options.onPage?.();
    return page;
  };
}
