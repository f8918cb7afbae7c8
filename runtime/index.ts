/**
 * The runtime's public entry (Web APIs only, safe for edge bundles). Node-only pieces are in `runtime/node.ts`.
 * Intended package subpath: `quire/runtime`.
 */
export { createDocsHandler, type DocsHandler, type DocsHandlerOptions, type DocsRequestContext } from "./handler.ts";
export type {
  AllowedOrigins,
  AnalyticsEvent,
  AuthenticateContext,
  DocsAgentFeedbackContext,
  DocsAgentFeedbackData,
  DocsMcpCorsConfig,
  DocsMcpSecurityConfig,
  DocsPrincipal,
  DocsRuntimeConfig,
  EventStreamConfig,
  TraceEvent,
} from "./config.ts";
export type { FeedbackValidator } from "./routes/context.ts";
export type { OgImageRenderer } from "./og/renderer.ts";
export { createAssetsStore, type AssetsFetcher } from "./store/assets.ts";
export { createPreloadedStore } from "./store/preloaded.ts";
export type { DocsStore } from "./store/types.ts";
export { createWorker, type DocsWorker, type DocsWorkerEnv, type DocsWorkerOptions } from "./workerd/create-worker.ts";
