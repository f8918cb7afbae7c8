/**
 * A module worker (workerd / Cloudflare Workers) around `createDocsHandler`. The build is read through the
 * static-assets binding `env.ASSETS`, or from a preloaded path → text map bundled into the worker (SPEC 4.7
 * `_preloadedContent`). Requests no docs route owns go to `env.ASSETS` (CSS, scripts, images).
 */
import type { DocsRuntimeConfig } from "../config.ts";
import { createDocsHandler, type DocsHandler } from "../handler.ts";
import { mediaTypeFor } from "../http/media-types.ts";
import type { OgImageRenderer } from "../og/renderer.ts";
import type { FeedbackValidator } from "../routes/context.ts";
import { distPathOf } from "../routes/store-file.ts";
import { createAssetsStore, type AssetsFetcher } from "../store/assets.ts";
import { createPreloadedStore } from "../store/preloaded.ts";

export interface DocsWorkerEnv {
  /** Static-assets binding over the built `dist/` (wrangler `[assets] binding = "ASSETS"`, or a workerd disk service). */
  ASSETS?: AssetsFetcher;
  /** Variables and secrets (`DOCS_AI_API_KEY` for Ask AI when the config has no `ai.apiKey`). */
  [name: string]: unknown;
}

export interface DocsWorkerOptions {
  config?: DocsRuntimeConfig;
  validateFeedback?: FeedbackValidator;
  /** dist-relative path → text; when given, the build is read from here instead of `env.ASSETS`. */
  preloaded?: Record<string, string>;
  /** Draws dynamic Open Graph cards: `createOgImageRenderer` from `quire/runtime/og` with imported wasm modules. */
  renderOgImage?: OgImageRenderer;
}

interface ExecutionContext {
  waitUntil(promise: Promise<unknown>): void;
}

export interface DocsWorker {
  fetch(request: Request, env: DocsWorkerEnv, ctx?: ExecutionContext): Promise<Response>;
}

export function createWorker(options: DocsWorkerOptions = {}): DocsWorker {
  // One handler per binding object: the compiled data is loaded once per isolate, not per request.
  const handlers = new WeakMap<object, DocsHandler>();
  const noAssets = {};
  return {
    async fetch(request, env, ctx) {
      const key = env.ASSETS ?? noAssets;
      let handler = handlers.get(key);
      if (!handler) {
        const store = options.preloaded
          ? createPreloadedStore(options.preloaded)
          : env.ASSETS
            ? createAssetsStore(env.ASSETS)
            : null;
        if (!store)
          return new Response(
            JSON.stringify({
              error: { code: "site_unavailable", message: "The worker has no ASSETS binding and no preloaded build." },
            }),
            { status: 503, headers: { "content-type": "application/json; charset=utf-8" } },
          );
        handler = createDocsHandler({
          store,
          config: options.config,
          validateFeedback: options.validateFeedback,
          renderOgImage: options.renderOgImage,
          fallback: env.ASSETS ? assetFallback(env.ASSETS) : undefined,
          env: stringsOf(env),
        });
        handlers.set(key, handler);
      }
      return handler(request, { waitUntil: ctx ? (promise) => ctx.waitUntil(promise) : undefined });
    },
  };
}

/** The worker's string bindings (variables and secrets), the environment the runtime reads the Ask AI key from. */
function stringsOf(env: DocsWorkerEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
}

/** Static files from the binding; a missing file becomes the runtime's 404 JSON, a generic media type is made specific. */
function assetFallback(assets: AssetsFetcher): (request: Request) => Promise<Response | null> {
  return async (request) => {
    const response = await assets.fetch(request);
    if (response.status === 404) return null;
    const current = response.headers.get("content-type");
    // workerd's disk service labels every file application/octet-stream; name the type as Cloudflare's binding does.
    if (!response.ok || (current && current !== "application/octet-stream")) return response;
    const guessed = mediaTypeFor(distPathOf(new URL(request.url).pathname) ?? "");
    if (guessed === current) return response;
    const copy = new Response(response.body, response);
    copy.headers.set("content-type", guessed);
    return copy;
  };
}
