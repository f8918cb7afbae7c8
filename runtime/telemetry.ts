/**
 * Maintainer telemetry (SPEC 2.20, 5.3, 6.3): anonymous and coarse. The runtime counts agent-surface hits (`llms`,
 * `markdown`, `mcp`, `skill`) and posts one small JSON record to the ingestion endpoint at most once per interval.
 *
 * On only when all hold: `telemetry` is not false, neither `DOCS_TELEMETRY=false` nor `DOCS_TELEMETRY_DISABLED=1`,
 * `NODE_ENV=production`, and an endpoint is known (`telemetry.endpoint`, else `DOCS_TELEMETRY_ENDPOINT`; Quire runs
 * no collector of its own, so without one nothing is sent). Requests for, or sites at, localhost, `*.localhost`,
 * loopback or wildcard addresses are never counted or sent. `DOCS_TELEMETRY_INGEST_KEY` goes in
 * `x-docs-telemetry-key`. The record never holds paths, queries, questions, comments, copied text, headers,
 * cookies, addresses or user agents: see `TelemetryRecord`, the whole of what is sent.
 */
import type { ResolvedRuntimeConfig } from "./config.ts";
import { MCP_ALIAS_ROUTES } from "./contract/index.ts";
import type { WaitUntil } from "./events.ts";
import type { ServedSite } from "./served-site.ts";

/** The package version reported; runtime/telemetry.test.ts keeps it equal to package.json. */
export const QUIRE_VERSION = "0.1.0";
export const TELEMETRY_KEY_HEADER = "x-docs-telemetry-key";
export const TELEMETRY_SURFACES = ["llms", "markdown", "mcp", "skill"] as const;
export type TelemetrySurface = (typeof TELEMETRY_SURFACES)[number];

export interface TelemetryRecord {
  schema: "quire-telemetry/1";
  /** SHA-256 of the site title, entry and origin: stable per project, names nothing. */
  project: string;
  siteOrigin: string;
  versions: { quire: string; runtime: string };
  /** Deployment provider guessed from environment variable names only, or `unknown`. */
  provider: string;
  /** Which server features the build and config turn on. */
  features: string[];
  /** Agent-surface hits since the previous record. */
  events: Record<TelemetrySurface, number>;
}

export interface TelemetryTransport {
  fetch: typeof fetch;
  /** Least time between two records. @default 3600000 (one hour) */
  flushIntervalMs: number;
}

export interface Telemetry {
  /** Counts one answered request; may post the pending record (kept alive with `waitUntil`). */
  record(request: Request, url: URL, status: number, site: ServedSite, waitUntil?: WaitUntil): void;
}

const PROVIDERS: [string, string][] = [
  ["CF_PAGES", "cloudflare-pages"],
  ["VERCEL", "vercel"],
  ["NETLIFY", "netlify"],
  ["DENO_DEPLOYMENT_ID", "deno-deploy"],
  ["AWS_LAMBDA_FUNCTION_NAME", "aws-lambda"],
  ["K_SERVICE", "google-cloud-run"],
  ["FLY_APP_NAME", "fly"],
  ["RENDER", "render"],
  ["RAILWAY_ENVIRONMENT", "railway"],
];

/** The telemetry of one handler, or null when it is off (see the header for when). */
export function createTelemetry(
  config: ResolvedRuntimeConfig["telemetry"],
  env: Record<string, string | undefined> = {},
  transport: Partial<TelemetryTransport> = {},
): Telemetry | null {
  const off =
    !config.enabled ||
    env.DOCS_TELEMETRY?.toLowerCase() === "false" ||
    env.DOCS_TELEMETRY_DISABLED === "1" ||
    env.DOCS_TELEMETRY_DISABLED?.toLowerCase() === "true" ||
    env.NODE_ENV !== "production";
  const endpoint = config.endpoint ?? env.DOCS_TELEMETRY_ENDPOINT;
  if (off || !endpoint) return null;
  const send = transport.fetch ?? fetch;
  const interval = transport.flushIntervalMs ?? 3_600_000;
  const key = env.DOCS_TELEMETRY_INGEST_KEY;
  const provider = PROVIDERS.find(([name]) => env[name] !== undefined)?.[1] ?? "unknown";
  let counts = emptyCounts();
  let lastSent = Number.NEGATIVE_INFINITY;
  let pending = false;

  return {
    record(request, url, status, site, waitUntil) {
      const origin = config.siteOrigin ?? url.origin;
      if (isLocalOrigin(url.origin) || isLocalOrigin(origin)) return;
      const surface = status < 400 ? surfaceOf(request.method, url.pathname, site) : null;
      if (surface) counts[surface] += 1;
      const now = Date.now();
      const first = lastSent === Number.NEGATIVE_INFINITY;
      if (pending || now - lastSent < interval || (!first && !TELEMETRY_SURFACES.some((s) => counts[s] > 0))) return;
      const events = counts;
      counts = emptyCounts();
      lastSent = now;
      pending = true;
      const delivery = telemetryRecord(site, origin, provider, events)
        .then((body) =>
          send(endpoint, {
            method: "POST",
            headers: { "content-type": "application/json", ...(key ? { [TELEMETRY_KEY_HEADER]: key } : {}) },
            body: JSON.stringify(body),
            signal: AbortSignal.timeout(5000),
          }),
        )
        .then((response) => response.body?.cancel())
        .catch(() => {
          // Telemetry never fails or slows a docs request; a lost record is dropped, not retried.
        })
        .finally(() => {
          pending = false;
        });
      waitUntil?.(delivery);
    },
  };
}

export async function telemetryRecord(
  site: ServedSite,
  siteOrigin: string,
  provider: string,
  events: Record<TelemetrySurface, number>,
): Promise<TelemetryRecord> {
  const { settings } = site.data;
  const identity = new TextEncoder().encode(`${settings.title}\n${settings.entry}\n${siteOrigin}`);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", identity));
  const features = [
    settings.search.enabled && "search",
    settings.mcp.enabled && "mcp",
    settings.ai.enabled && "ask-ai",
    settings.feedback.agent.enabled && "agent-feedback",
    settings.contentChanges && "content-changes",
    settings.apiReference.enabled && "api-reference",
    settings.i18n && "i18n",
    settings.og.endpoint && "og-dynamic",
  ].filter((feature): feature is string => typeof feature === "string");
  return {
    schema: "quire-telemetry/1",
    project: Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join(""),
    siteOrigin,
    versions: { quire: QUIRE_VERSION, runtime: runtimeName() },
    provider,
    features,
    events,
  };
}

/** Which agent surface a successful request read, if any. */
export function surfaceOf(method: string, pathname: string, site: ServedSite): TelemetrySurface | null {
  const { mcp } = site.data.settings;
  if (mcp.enabled && (pathname === mcp.route || (MCP_ALIAS_ROUTES as readonly string[]).includes(pathname)))
    return method === "POST" ? "mcp" : null;
  if (method !== "GET" && method !== "HEAD") return null;
  if (/\/llms(-full)?\.txt$/.test(pathname)) return "llms";
  if (/(^|\/)(skill|SKILL)\.md$/.test(pathname) || pathname.startsWith("/.well-known/agent-skills/")) return "skill";
  if (pathname.endsWith(".md")) return "markdown";
  return null;
}

/** localhost, `*.localhost`, IPv4 loopback (127/8), IPv6 loopback, and the wildcard addresses. */
export function isLocalOrigin(origin: string): boolean {
  let host: string;
  try {
    host = new URL(origin).hostname.toLowerCase().replace(/\.$/, "");
  } catch {
    return true;
  }
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  if (/^127\.\d+\.\d+\.\d+$/.test(host) || host === "0.0.0.0") return true;
  const v6 = host.replace(/^\[|\]$/g, "");
  return v6 === "::1" || v6 === "::" || /^::ffff:(127\.|0\.0\.0\.0|7f)/.test(v6);
}

function emptyCounts(): Record<TelemetrySurface, number> {
  return { llms: 0, markdown: 0, mcp: 0, skill: 0 };
}

/** Name and major version of the JavaScript runtime; nothing about the machine. */
function runtimeName(): string {
  const scope = globalThis as {
    Deno?: { version?: { deno?: string } };
    Bun?: { version?: string };
    process?: { versions?: { node?: string } };
    navigator?: { userAgent?: string };
  };
  if (scope.Deno?.version?.deno) return `deno/${scope.Deno.version.deno.split(".")[0]}`;
  if (scope.Bun?.version) return `bun/${scope.Bun.version.split(".")[0]}`;
  if (scope.navigator?.userAgent === "Cloudflare-Workers") return "workerd";
  if (scope.process?.versions?.node) return `node/${scope.process.versions.node.split(".")[0]}`;
  return "unknown";
}
