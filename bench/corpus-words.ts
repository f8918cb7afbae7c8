/** Word lists the corpus generator assembles plausible technical prose from. */

export const plural = (w: string): string =>
  /(s|x|ch|sh)$/.test(w) ? `${w}es` : /[^aeiou]y$/.test(w) ? `${w.slice(0, -1)}ies` : `${w}s`;
export const third = plural; // the same spelling rules give "retries", "caches", "indexes"
export const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

export interface Noun {
  one: string;
  many: string;
}
export const NOUNS: Noun[] = (
  "webhook token session queue job bucket route deployment cache index tenant invoice event worker secret domain " +
  "user project schedule plugin metric alert log asset build region replica snapshot policy role team endpoint " +
  "certificate function migration stream topic subscription redirect locale theme form workspace integration"
)
  .split(" ")
  .map((one) => ({ one, many: plural(one) }));

export const AREAS = (
  "getting-started guides reference concepts integrations deployment security operations api cli sdk tutorials " +
  "recipes troubleshooting migration architecture"
).split(" ");
export const GERUNDS = (
  "configuring creating managing deleting rotating monitoring scaling testing debugging migrating securing " +
  "exporting importing caching versioning observing"
).split(" ");
export const TASK_VERBS = "Configure Create Rotate Monitor Migrate Secure Export Scale Debug Version".split(" ");
export const PAGE_SUFFIXES =
  "limits lifecycle reference overview quickstart faq best-practices internals errors permissions".split(" ");
export const ADJECTIVES = "scheduled shared regional encrypted custom nested private ephemeral signed batched".split(
  " ",
);

export const SUBJECTS = [
  "the build pipeline",
  "each worker",
  "the cache layer",
  "the router",
  "the CLI",
  "the scheduler",
  "the adapter",
  "the edge runtime",
  "the SDK",
  "the dashboard",
  "the sync service",
  "the API gateway",
  "the background indexer",
  "the deploy hook",
  "the migration runner",
  "the client library",
];
export const VERBS = (
  "resolve validate stream cache retry forward compile index rewrite batch sign encrypt deduplicate persist " +
  "schedule emit normalize prefetch invalidate serialize"
).split(" ");
export const OBJECTS = [
  "the incoming payload",
  "every route segment",
  "the session token",
  "stale entries",
  "the build manifest",
  "outgoing requests",
  "the response body",
  "configuration changes",
  "failed deliveries",
  "the lockfile",
  "environment variables",
  "the asset graph",
  "request headers",
  "the search index",
  "pending migrations",
  "the audit log",
];
export const QUALIFIERS = [
  "before the response is sent",
  "at build time",
  "when the lease expires",
  "without blocking the event loop",
  "in a single pass",
  "on every deploy",
  "once per region",
  "as soon as the process starts",
  "after the health check passes",
  "in the background",
  "within the configured timeout",
  "for each tenant separately",
  "using exponential backoff",
  "only in production builds",
  "behind a feature flag",
  "across all replicas",
];
export const CONDITIONS = [
  "the cache is cold",
  "a request times out",
  "the upstream returns a 5xx status",
  "you run more than one replica",
  "the configuration file changes",
  "strict mode is enabled",
  "a deploy is already in progress",
  "the token has expired",
  "the queue is paused",
  "you set a custom base path",
];
export const REASONS = [
  "it keeps request latency flat under load",
  "it avoids a second network round trip",
  "partial writes would otherwise corrupt the output",
  "it makes retries safe",
  "the order of events is not guaranteed",
  "it lets you roll back without downtime",
  "most hosting providers cap the request body size",
  "it keeps cold starts short",
];
/** [name, type, default] for option tables and inline code. */
export const OPTIONS: [string, string, string][] = [
  ["cacheDir", "string", '".cache"'],
  ["maxRetries", "number", "3"],
  ["timeoutMs", "number", "30000"],
  ["concurrency", "number", "4"],
  ["baseUrl", "string", '"/"'],
  ["strict", "boolean", "false"],
  ["logLevel", "string", '"info"'],
  ["outDir", "string", '"dist"'],
  ["prefetch", "boolean", "true"],
  ["region", "string", '"us-east-1"'],
  ["batchSize", "number", "100"],
  ["ttlSeconds", "number", "3600"],
  ["signingSecret", "string", "none"],
  ["dryRun", "boolean", "false"],
  ["pollInterval", "number", "5000"],
  ["maxBodySize", "string", '"1mb"'],
];
export const COMMANDS = "init dev build deploy status logs list inspect sync rollback verify".split(" ");
export const FILES = [
  "bench.config.ts",
  "package.json",
  ".env.local",
  "src/server.ts",
  "app/layout.tsx",
  "docker-compose.yml",
  ".github/workflows/deploy.yml",
  "tsconfig.json",
];
export const TAGS =
  "guide reference api cli security performance deployment configuration troubleshooting tutorial".split(" ");
export const FRAMEWORKS = ["next", "remix", "astro", "sveltekit", "nuxt", "express", "hono"];
export const HEADINGS = [
  "Overview",
  "Prerequisites",
  "Installation",
  "Configuration",
  "How it works",
  "Usage",
  "Examples",
  "Options",
  "Limits and quotas",
  "Error handling",
  "Troubleshooting",
  "Performance",
  "Security considerations",
  "Testing",
  "Deploying to production",
  "Monitoring",
  "Best practices",
  "Next steps",
  "Known issues",
];
