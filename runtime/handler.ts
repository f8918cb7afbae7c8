/**
 * `createDocsHandler`: the docs runtime as one Web-standard `fetch(Request) → Response` function (DESIGN), composed
 * from small route handlers. Only Web APIs here (no `node:` imports, no code generation), so it runs on Node,
 * workerd, Deno and Bun alike.
 *
 * Route order: MCP → `/api/docs` → feedback routes → page events (`/api/docs/events`) → the dynamic OG endpoint → `.md` pages → discovery files →
 * canonical pages → `fallback` (static assets) → the build's 404.html for page-like paths, else 404 JSON. Bad input gets a 4xx; an
 * unexpected failure a 500 without internals.
 */
import { resolveRuntimeConfig, type DocsRuntimeConfig } from "./config.ts";
import { createRuntimeEvents, type WaitUntil } from "./events.ts";
import { errorResponse, notFound, withoutBody } from "./http/responses.ts";
import type { FeedbackValidator, Route, RouteContext } from "./routes/context.ts";
import { discoveryRoute } from "./routes/discovery.ts";
import { docsApiRoute } from "./routes/docs-api.ts";
import { localeApiRoute, localePathRoute } from "./routes/locale-api.ts";
import { feedbackRoute } from "./routes/feedback.ts";
import { markdownFileRoute } from "./routes/markdown.ts";
import { mcpRoute } from "./routes/mcp.ts";
import type { OgImageRenderer } from "./og/renderer.ts";
import { ogImageRoute } from "./og/route.ts";
import { notFoundPage } from "./routes/not-found-page.ts";
import { pageEventsRoute } from "./routes/page-events.ts";
import { pageRoute } from "./routes/pages.ts";
import type { SearchTransport } from "./search/providers/index.ts";
import type { AiTransport } from "./ask-ai/settings.ts";
import { loadServedSite, type ServedSite } from "./served-site.ts";
import { createTelemetry, type TelemetryTransport } from "./telemetry.ts";
import type { DocsStore } from "./store/types.ts";

export interface DocsHandlerOptions {
  /** Where the build lives: a directory (Node), a static-assets binding (workerd) or a preloaded map. */
  store: DocsStore;
  /** The site's `defineDocs()` object, for what cannot be compiled: callbacks and MCP security (SPEC 5, 6). */
  config?: DocsRuntimeConfig;
  /** The build's compiled feedback validator (`_docs/feedback-validator.mjs`, default export). */
  validateFeedback?: FeedbackValidator;
  /** Answers GET/HEAD requests no route owns (static assets); null or undefined means 404. */
  fallback?: (request: Request) => Promise<Response | null | undefined>;
  /** Host names the MCP routes accept (DNS-rebinding guard for loopback servers); unset accepts any. */
  allowedHosts?: string[];
  /** How external search providers are called: `fetch` (default: the global one) and `timeoutMs` (default 10000). */
  searchTransport?: Partial<SearchTransport>;
  /** The host's environment, read for the Ask AI key when `ai.apiKey` is absent (`DOCS_AI_API_KEY`, `OPENAI_API_KEY`). */
  env?: Record<string, string | undefined>;
  /** How the chat-completions API is called: `fetch`, `timeoutMs` (30000, response headers), `idleTimeoutMs` (30000, between chunks). */
  aiTransport?: Partial<AiTransport>;
  /**
   * Draws the dynamic Open Graph cards (`og.type: "dynamic"`, SPEC 4.6): `createOgImageRenderer({ yoga, resvg })`
   * from `quire/runtime` with the two WebAssembly modules, or `createNodeOgImageRenderer()` from `quire/runtime/node`.
   * Without it the endpoint answers 501.
   */
  renderOgImage?: OgImageRenderer;
  /** How telemetry records are posted (SPEC 2.20): `fetch` (default: the global one), `flushIntervalMs` (one hour). */
  telemetryTransport?: Partial<TelemetryTransport>;
}

/** Per-request extras a platform may pass, such as workerd's `ctx.waitUntil` for asynchronous event callbacks. */
export interface DocsRequestContext {
  waitUntil?: WaitUntil;
}

export type DocsHandler = (request: Request, platform?: DocsRequestContext) => Promise<Response>;

const ROUTES: Route[] = [
  mcpRoute,
  docsApiRoute,
  localeApiRoute,
  localePathRoute,
  feedbackRoute,
  pageEventsRoute,
  ogImageRoute,
  markdownFileRoute,
  discoveryRoute,
  pageRoute,
];

export function createDocsHandler(options: DocsHandlerOptions): DocsHandler {
  const config = resolveRuntimeConfig(options.config, {
    searchTransport: options.searchTransport,
    aiTransport: options.aiTransport,
    env: options.env,
  });
  // SPEC 2.20: null unless on, in production (`env.NODE_ENV`), with an endpoint; see runtime/telemetry.ts.
  const telemetry = createTelemetry(config.telemetry, options.env, options.telemetryTransport);
  let site: Promise<ServedSite> | undefined;
  const loadSite = () => {
    // A failed load is retried on the next request (the build may be written after the server started).
    site ??= loadServedSite(options.store).catch((error) => {
      site = undefined;
      throw error;
    });
    return site;
  };

  return async (request, platform = {}) => {
    const method = request.method.toUpperCase();
    try {
      let served: ServedSite;
      try {
        served = await loadSite();
      } catch (error) {
        console.error(`[quire] cannot load the build: ${(error as Error)?.message ?? error}`);
        return errorResponse(
          503,
          "site_unavailable",
          "The docs build could not be loaded; run `docs build` and try again.",
        );
      }
      const context: RouteContext = {
        request,
        url: new URL(request.url),
        method,
        site: served,
        config,
        events: createRuntimeEvents(config, platform.waitUntil),
        validateFeedback: options.validateFeedback,
        allowedHosts: options.allowedHosts,
        renderOgImage: options.renderOgImage,
      };
      const response = nosniff(await route(context, options.fallback));
      telemetry?.record(request, context.url, response.status, served, platform.waitUntil);
      return method === "HEAD" ? withoutBody(response) : response;
    } catch (error) {
      // Log for the operator; the client gets no stack trace or message from inside.
      console.error("[quire] request failed:", error);
      return errorResponse(500, "internal_error", "The docs runtime failed to answer this request.");
    }
  };
}

async function route(context: RouteContext, fallback: DocsHandlerOptions["fallback"]): Promise<Response> {
  for (const handle of ROUTES) {
    const response = await handle(context);
    if (response) return response;
  }
  if (fallback && (context.method === "GET" || context.method === "HEAD")) {
    const response = await fallback(context.request);
    if (response) return response;
  }
  return (await notFoundPage(context)) ?? notFound();
}

/** Every answer is served with its declared type only; fetch-binding responses have immutable headers, so copy those. */
function nosniff(response: Response): Response {
  try {
    response.headers.set("x-content-type-options", "nosniff");
    return response;
  } catch {
    const copy = new Response(response.body, response);
    copy.headers.set("x-content-type-options", "nosniff");
    return copy;
  }
}
