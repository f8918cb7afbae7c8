/**
 * The parts of the site's `defineDocs()` object the runtime needs at request time: callbacks and security policy,
 * which cannot be compiled into `_docs/`. Everything else comes from the build (`_docs/site.json`). Defaults come
 * from the config schema (runtime/contract/config-schema.ts); this module only checks what a caller passed, since a
 * config handed to `createDocsHandler` directly was never validated by `docs build`.
 */
import { docsConfigFields, type DocsConfig } from "./contract/config-schema.ts";
import { fillDefaults, type Filled } from "./contract/config-shape.ts";
import type {
  AllowedOrigins,
  AnalyticsEvent,
  AuthenticateCallback,
  AuthenticateContext,
  CodeBlockCopyData,
  DocsAgentFeedbackContext,
  DocsAgentFeedbackData,
  DocsFeedbackData,
  DocsPrincipal,
  TraceEvent,
} from "./contract/config-callbacks.ts";
import { resolveSearchConfig, type ResolvedSearchConfig, type SearchTransport } from "./search/providers/index.ts";
import { resolveAskAi, type AiTransport, type ResolvedAskAi } from "./ask-ai/settings.ts";

export type {
  AllowedOrigins,
  AnalyticsEvent,
  AuthenticateContext,
  DocsAgentFeedbackContext,
  DocsAgentFeedbackData,
  DocsPrincipal,
  TraceEvent,
};

type McpConfig = Exclude<NonNullable<DocsConfig["mcp"]>, boolean>;
/** SPEC 5 `DocsMcpSecurityConfig`. */
export type DocsMcpSecurityConfig = NonNullable<McpConfig["security"]>;
/** SPEC 5 `DocsMcpCorsConfig`. */
export type DocsMcpCorsConfig = Exclude<NonNullable<DocsMcpSecurityConfig["cors"]>, boolean>;
/** SPEC 2.20 `DocsAnalyticsConfig` / `DocsObservabilityConfig`. */
export interface EventStreamConfig<E> {
  enabled?: boolean;
  console?: boolean | "log" | "info" | "debug";
  includeInputs?: boolean;
  onEvent?: (event: E) => void | Promise<void>;
}

/**
 * The subset of `DocsConfig` (SPEC 2.1) read at request time; other keys are ignored, so the whole object
 * `defineDocs()` returns can be passed as it is: `mcp.security`, `feedback.agent.onFeedback`, `analytics` /
 * `observability`, and `search` (provider settings and keys, SPEC 2.14: read here, never compiled into the build).
 */
export type DocsRuntimeConfig = Pick<
  DocsConfig,
  "mcp" | "search" | "feedback" | "analytics" | "observability" | "ai" | "onCopyClick" | "telemetry"
>;

/** What the host hands over besides the config: its environment (for the Ask AI key) and transports (tests). */
export interface RuntimeHostOptions {
  searchTransport?: Partial<SearchTransport>;
  aiTransport?: Partial<AiTransport>;
  env?: Record<string, string | undefined>;
}

export interface ResolvedCors {
  allowedHeaders: string[];
  exposedHeaders: string[];
  allowCredentials: boolean;
  maxAgeSeconds: number;
}

export interface ResolvedStream<E> {
  console: false | "log" | "info" | "debug";
  includeInputs: boolean;
  onEvent?: (event: E) => void | Promise<void>;
}

export interface ResolvedRuntimeConfig {
  security: {
    allowedOrigins: AllowedOrigins;
    authenticate?: DocsMcpSecurityConfig["authenticate"];
    maxBodyBytes: number;
    cors: ResolvedCors | false;
  };
  onAgentFeedback?: (data: DocsAgentFeedbackData) => unknown;
  /** SPEC 2.8 human feedback: null when `feedback` is off (the default), so the page shows no buttons. */
  humanFeedback: { requireComment: boolean; onFeedback?: (data: DocsFeedbackData) => unknown } | null;
  /** SPEC 2.17: called with each code-block copy the page reports. */
  onCopyClick?: (data: CodeBlockCopyData) => unknown;
  /** SPEC 2.20 `telemetry` with its defaults; runtime/telemetry.ts adds the environment's switches. */
  telemetry: Filled<typeof docsConfigFields.telemetry>;
  analytics: ResolvedStream<AnalyticsEvent> | null;
  observability: ResolvedStream<TraceEvent> | null;
  search: ResolvedSearchConfig;
  /** SPEC 2.18: model, base URL, key (config or env), retrieval, `onActions`. */
  ai: ResolvedAskAi;
}

type FilledSecurity = Filled<typeof docsConfigFields.mcp>["security"];

export function resolveRuntimeConfig(
  config: DocsRuntimeConfig = {},
  host: RuntimeHostOptions = {},
): ResolvedRuntimeConfig {
  const given = objectOf(config) ?? {};
  const mcp = fillDefaults(docsConfigFields.mcp, validObject(given.mcp));
  const feedback = fillDefaults(docsConfigFields.feedback, validObject(given.feedback));
  const security: FilledSecurity = mcp.security;
  const onFeedback = feedback.agent.onFeedback;
  return {
    security: {
      allowedOrigins: resolveOrigins(security.allowedOrigins),
      authenticate: typeof security.authenticate === "function" ? security.authenticate : undefined,
      maxBodyBytes:
        positiveInteger(security.maxBodyBytes) ?? docsConfigFields.mcp.fields.security.fields.maxBodyBytes.default,
      cors: resolveCors(security.cors),
    },
    onAgentFeedback: typeof onFeedback === "function" ? onFeedback : undefined,
    humanFeedback: feedback.enabled
      ? {
          requireComment: feedback.requireComment === true,
          onFeedback: typeof feedback.onFeedback === "function" ? feedback.onFeedback : undefined,
        }
      : null,
    onCopyClick:
      typeof given.onCopyClick === "function" ? (given.onCopyClick as ResolvedRuntimeConfig["onCopyClick"]) : undefined,
    telemetry: fillDefaults(docsConfigFields.telemetry, validObject(given.telemetry)),
    analytics: resolveStream(given.analytics, fillDefaults(docsConfigFields.analytics, validObject(given.analytics))),
    observability: resolveStream(
      given.observability,
      fillDefaults(docsConfigFields.observability, validObject(given.observability)),
    ),
    search: resolveSearchConfig(given.search, host.searchTransport),
    ai: resolveAskAi(given.ai, host.env, host.aiTransport),
  };
}

const objectOf = (value: unknown): Record<string, unknown> | undefined =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
/** A toggle as given (boolean or object); anything else counts as absent. */
const validObject = (value: unknown): unknown => (typeof value === "boolean" ? value : objectOf(value));
const positiveInteger = (value: unknown): number | undefined =>
  typeof value === "number" && value > 0 && Number.isFinite(value) ? Math.floor(value) : undefined;
const strings = (list: unknown) =>
  Array.isArray(list) ? list.filter((item): item is string => typeof item === "string") : [];

function resolveOrigins(value: unknown): AllowedOrigins {
  if (typeof value === "function") return value as AllowedOrigins;
  if (Array.isArray(value)) return strings(value);
  return "same-origin";
}

function resolveCors(cors: FilledSecurity["cors"]): ResolvedCors | false {
  if (!cors.enabled) return false;
  const maxAge =
    typeof cors.maxAgeSeconds === "number" && cors.maxAgeSeconds >= 0 ? Math.floor(cors.maxAgeSeconds) : 600;
  return {
    allowedHeaders: strings(cors.allowedHeaders),
    exposedHeaders: strings(cors.exposedHeaders),
    allowCredentials: cors.allowCredentials === true,
    maxAgeSeconds: maxAge,
  };
}

/** SPEC 2.20: `true` turns the stream on with console output; an object is on unless `enabled: false`. */
function resolveStream<E>(given: unknown, stream: EventStreamConfig<E>): ResolvedStream<E> | null {
  if (!stream.enabled) return null;
  const level =
    given === true || stream.console === true
      ? "log"
      : stream.console === "log" || stream.console === "info" || stream.console === "debug"
        ? stream.console
        : false;
  return {
    console: level,
    includeInputs: stream.includeInputs === true,
    onEvent: typeof stream.onEvent === "function" ? stream.onEvent : undefined,
  };
}
