/**
 * The parts of the site's `defineDocs()` object the runtime needs at request time: callbacks and security policy,
 * which cannot be compiled into `_docs/`. Everything else comes from the build (`_docs/site.json`). The config is
 * resolved once here (STYLE: no other module repeats a default).
 */
import { DEFAULT_MAX_BODY_BYTES } from "./http/body.ts";
import { resolveSearchConfig, type ResolvedSearchConfig, type SearchTransport } from "./search/providers/index.ts";

/** SPEC 5 principal shape; any value other than null/undefined/Response counts as authenticated. */
export interface DocsPrincipal { id?: string; scopes?: string[]; claims?: Record<string, unknown>; [key: string]: unknown }

export interface AuthenticateContext { request: Request; pathname: string }

export type AllowedOrigins = "same-origin" | readonly string[] | ((origin: string, context: AuthenticateContext) => boolean | Promise<boolean>);

export interface DocsMcpCorsConfig { allowedHeaders?: string[]; exposedHeaders?: string[]; allowCredentials?: boolean; maxAgeSeconds?: number }

export interface DocsMcpSecurityConfig {
  allowedOrigins?: AllowedOrigins;
  authenticate?: (context: AuthenticateContext) => DocsPrincipal | Response | null | undefined | Promise<DocsPrincipal | Response | null | undefined>;
  maxBodyBytes?: number;
  cors?: boolean | DocsMcpCorsConfig;
}

/** What `feedback.agent.onFeedback` receives after a valid submission (SPEC 2.8). */
export interface DocsAgentFeedbackData {
  payload: Record<string, unknown>;
  context: DocsAgentFeedbackContext;
  /** The route that received it: `/api/docs` or the feedback route. */
  route: string;
  /** ISO 8601 time the runtime accepted it. */
  receivedAt: string;
}

export interface DocsAgentFeedbackContext { page?: string; url?: string; slug?: string; locale?: string; source?: string; [key: string]: unknown }

export interface AnalyticsEvent { type: string; properties: Record<string, unknown> }
export interface TraceEvent { type: string; traceId: string; durationMs: number; [key: string]: unknown }

export interface EventStreamConfig<E> {
  enabled?: boolean;
  console?: boolean | "log" | "info" | "debug";
  includeInputs?: boolean;
  onEvent?: (event: E) => void | Promise<void>;
}

/**
 * The subset of `DocsConfig` (SPEC 2.1) read at request time; other keys are ignored. Typed loosely so the object
 * `defineDocs()` returns is accepted as it is; `resolveRuntimeConfig` checks the shapes: `mcp.security`
 * (DocsMcpSecurityConfig), `feedback.agent.onFeedback`, `analytics` / `observability` (EventStreamConfig), and
 * `search` (provider settings and keys, SPEC 2.14: read here, never compiled into the build).
 */
export interface DocsRuntimeConfig {
  mcp?: unknown;
  search?: unknown;
  feedback?: unknown;
  analytics?: unknown;
  observability?: unknown;
}

export interface ResolvedCors { allowedHeaders: string[]; exposedHeaders: string[]; allowCredentials: boolean; maxAgeSeconds: number }

export interface ResolvedStream<E> { console: false | "log" | "info" | "debug"; includeInputs: boolean; onEvent?: (event: E) => void | Promise<void> }

export interface ResolvedRuntimeConfig {
  security: {
    allowedOrigins: AllowedOrigins;
    authenticate?: DocsMcpSecurityConfig["authenticate"];
    maxBodyBytes: number;
    cors: ResolvedCors | false;
  };
  onAgentFeedback?: (data: DocsAgentFeedbackData) => unknown;
  analytics: ResolvedStream<AnalyticsEvent> | null;
  observability: ResolvedStream<TraceEvent> | null;
  search: ResolvedSearchConfig;
}

const objectOf = (value: unknown): Record<string, unknown> | undefined =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

export function resolveRuntimeConfig(config: DocsRuntimeConfig = {}, searchTransport: Partial<SearchTransport> = {}): ResolvedRuntimeConfig {
  const security = objectOf(objectOf(config.mcp)?.security) ?? {};
  const maxBodyBytes = typeof security.maxBodyBytes === "number" && security.maxBodyBytes > 0 && Number.isFinite(security.maxBodyBytes)
    ? Math.floor(security.maxBodyBytes) : DEFAULT_MAX_BODY_BYTES;
  const agentFeedback = objectOf(objectOf(config.feedback)?.agent);
  return {
    security: {
      allowedOrigins: resolveOrigins(security.allowedOrigins),
      authenticate: typeof security.authenticate === "function" ? (security.authenticate as DocsMcpSecurityConfig["authenticate"]) : undefined,
      maxBodyBytes,
      cors: resolveCors(security.cors),
    },
    onAgentFeedback: typeof agentFeedback?.onFeedback === "function" ? (agentFeedback.onFeedback as ResolvedRuntimeConfig["onAgentFeedback"]) : undefined,
    analytics: resolveStream<AnalyticsEvent>(config.analytics),
    observability: resolveStream<TraceEvent>(config.observability),
    search: resolveSearchConfig(config.search, searchTransport),
  };
}

function resolveOrigins(value: unknown): AllowedOrigins {
  if (typeof value === "function") return value as AllowedOrigins;
  if (Array.isArray(value)) return value.filter((origin): origin is string => typeof origin === "string");
  return "same-origin";
}

function resolveCors(value: unknown): ResolvedCors | false {
  if (value === false) return false;
  const cors = objectOf(value) ?? {};
  const strings = (list: unknown) => (Array.isArray(list) ? list.filter((item): item is string => typeof item === "string") : []);
  const maxAge = typeof cors.maxAgeSeconds === "number" && cors.maxAgeSeconds >= 0 ? Math.floor(cors.maxAgeSeconds) : 600;
  return {
    allowedHeaders: strings(cors.allowedHeaders),
    exposedHeaders: strings(cors.exposedHeaders),
    allowCredentials: cors.allowCredentials === true,
    maxAgeSeconds: maxAge,
  };
}

/** SPEC 2.20: `true` turns the stream on with console output; an object is on unless `enabled: false`. */
function resolveStream<E>(value: unknown): ResolvedStream<E> | null {
  if (value === true) return { console: "log", includeInputs: false };
  const stream = objectOf(value);
  if (!stream || stream.enabled === false) return null;
  const level = stream.console === true ? "log" : stream.console === "log" || stream.console === "info" || stream.console === "debug" ? stream.console : false;
  return {
    console: level,
    includeInputs: stream.includeInputs === true,
    onEvent: typeof stream.onEvent === "function" ? (stream.onEvent as ResolvedStream<E>["onEvent"]) : undefined,
  };
}
