/**
 * SPEC 2.18: the Ask AI settings the runtime reads at request time from the site's `ai` config (model, base URL,
 * key, prompt, retrieval), with defaults from the config schema. The key comes from `ai.apiKey`, else from the
 * environment the host hands to `createDocsHandler({ env })` (`DOCS_AI_API_KEY`, then `OPENAI_API_KEY`); the runtime
 * core never reads `process.env`. Nothing here is compiled into `dist/`.
 */
import { docsConfigFields } from "../contract/config-schema.ts";
import type { DocsAskAIActionData } from "../contract/config-callbacks.ts";
import { fillDefaults } from "../contract/config-shape.ts";
import { DEFAULT_MCP_PROTOCOL_VERSION, DEFAULT_MCP_TOOL, type McpSearchSettings } from "../search/providers/config.ts";

/** Environment variables read for the key when `ai.apiKey` is absent, in this order. */
export const AI_KEY_ENV_VARIABLES = ["DOCS_AI_API_KEY", "OPENAI_API_KEY"] as const;

/** How the runtime reaches the chat-completions API; `createDocsHandler({ aiTransport })` may replace each part. */
export interface AiTransport {
  fetch: typeof fetch;
  /** Longest wait for the API's response headers. */
  timeoutMs: number;
  /** Longest silence between two chunks of a streamed answer. */
  idleTimeoutMs: number;
}

export const DEFAULT_AI_TIMEOUT_MS = 30_000;
export const DEFAULT_AI_IDLE_TIMEOUT_MS = 30_000;

export interface ResolvedAskAi {
  /** `false` only when the runtime config turns Ask AI off explicitly; the build decides otherwise. */
  switchedOff: boolean;
  model: string;
  /** Base URL without trailing slash. */
  baseUrl: string;
  /** Null: no key anywhere, requests answer 503 `ai_not_configured`. */
  apiKey: string | null;
  systemPrompt: string | null;
  maxResults: number;
  /** null: the built-in agent index; "site": this site's own `search_docs`; settings: a remote MCP server's tool. */
  useMcp: null | "site" | McpSearchSettings;
  packageName: string | null;
  docsUrl: string | null;
  onActions?: (data: DocsAskAIActionData) => unknown;
  transport: AiTransport;
  /** Credential values (the key, MCP header values), scrubbed from every log line. */
  secrets: string[];
}

const text = (value: unknown): string | null => (typeof value === "string" && value.trim() ? value.trim() : null);
const objectOf = (value: unknown): Record<string, unknown> | undefined =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

export function resolveAskAi(
  given: unknown,
  env: Record<string, string | undefined> = {},
  transport: Partial<AiTransport> = {},
): ResolvedAskAi {
  const raw = objectOf(given) ?? {};
  const ai = fillDefaults(docsConfigFields.ai, raw);
  const apiKey =
    text(ai.apiKey) ?? AI_KEY_ENV_VARIABLES.map((name) => text(env[name])).find((value) => value !== null) ?? null;
  const maxResults =
    typeof ai.maxResults === "number" && ai.maxResults >= 1 && Number.isFinite(ai.maxResults)
      ? Math.min(Math.floor(ai.maxResults), 20)
      : docsConfigFields.ai.fields.maxResults.default;
  const useMcp = resolveUseMcp(ai.useMcp);
  const secrets = [apiKey, ...(useMcp && useMcp !== "site" ? Object.values(useMcp.headers) : [])].filter(
    (value): value is string => !!value && value.length >= 4,
  );
  return {
    switchedOff: raw.enabled === false,
    model: text(ai.model) ?? docsConfigFields.ai.fields.model.default,
    baseUrl: (text(ai.baseUrl) ?? docsConfigFields.ai.fields.baseUrl.default).replace(/\/+$/, ""),
    apiKey,
    systemPrompt: text(ai.systemPrompt),
    maxResults,
    useMcp,
    packageName: text(ai.packageName),
    docsUrl: text(ai.docsUrl),
    onActions: typeof ai.onActions === "function" ? ai.onActions : undefined,
    transport: {
      // Looked up per call so a replaced global fetch (tests, polyfills) is honoured.
      fetch: transport.fetch ?? ((input, init) => globalThis.fetch(input, init)),
      timeoutMs: positive(transport.timeoutMs) ?? DEFAULT_AI_TIMEOUT_MS,
      idleTimeoutMs: positive(transport.idleTimeoutMs) ?? DEFAULT_AI_IDLE_TIMEOUT_MS,
    },
    secrets,
  };
}

const positive = (value: number | undefined) =>
  value !== undefined && value > 0 && Number.isFinite(value) ? value : undefined;

/**
 * `useMcp: true` asks this site's own `search_docs` (answered in-process: calling our own route would recurse, SPEC
 * 2.14); an object with an `endpoint` (DocsAskAIMcpConfig: `endpoint`, `headers`, `toolName`, `protocolVersion`,
 * named like the `mcp` search provider's fields) asks that server.
 */
function resolveUseMcp(value: unknown): ResolvedAskAi["useMcp"] {
  if (value === true) return "site";
  const config = objectOf(value);
  if (!config || config.enabled === false) return null;
  const endpoint = text(config.endpoint);
  if (!endpoint) return "site";
  const headers: Record<string, string> = {};
  for (const [name, header] of Object.entries(objectOf(config.headers) ?? {}))
    if (typeof header === "string") headers[name] = header;
  return {
    provider: "mcp",
    endpoint,
    headers,
    toolName: text(config.toolName) ?? DEFAULT_MCP_TOOL,
    protocolVersion: text(config.protocolVersion) ?? DEFAULT_MCP_PROTOCOL_VERSION,
  };
}
