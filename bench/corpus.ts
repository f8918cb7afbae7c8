/**
 * Deterministic generator of realistic docs sites for benchmarks.
 *
 *   npx tsx bench/corpus.ts --pages 1000 --out /tmp/corpus-1000 [--seed 1]
 *
 * Everything comes from one seeded PRNG (mulberry32): no Math.random, no wall clock, so the same options always give
 * the same bytes. `stripMdx` turns a generated `.mdx` page into plain Markdown for peer tools (VitePress, Starlight).
 */
import { mkdir, rm, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

export interface CorpusOptions {
  /** Exact number of pages (`page.md` / `page.mdx` files) to generate; the root page counts as one. */
  pages: number;
  /** PRNG seed; defaults to 1. */
  seed?: number;
}

// ---------------------------------------------------------------- PRNG

class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  /** mulberry32: uniform float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  /** Integer in [lo, hi], both inclusive. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
  /** `k` distinct items in random order. */
  sample<T>(items: readonly T[], k: number): T[] {
    const copy = items.slice();
    const out: T[] = [];
    while (out.length < k && copy.length > 0) out.push(copy.splice(Math.floor(this.next() * copy.length), 1)[0]!);
    return out;
  }
}

// ---------------------------------------------------------------- vocabulary

const plural = (w: string): string =>
  /(s|x|ch|sh)$/.test(w) ? `${w}es` : /[^aeiou]y$/.test(w) ? `${w.slice(0, -1)}ies` : `${w}s`;
const third = plural; // the same spelling rules give "retries", "caches", "indexes"
const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

interface Noun {
  one: string;
  many: string;
}
const NOUNS: Noun[] = (
  "webhook token session queue job bucket route deployment cache index tenant invoice event worker secret domain " +
  "user project schedule plugin metric alert log asset build region replica snapshot policy role team endpoint " +
  "certificate function migration stream topic subscription redirect locale theme form workspace integration"
)
  .split(" ")
  .map((one) => ({ one, many: plural(one) }));

const AREAS = (
  "getting-started guides reference concepts integrations deployment security operations api cli sdk tutorials " +
  "recipes troubleshooting migration architecture"
).split(" ");
const GERUNDS = (
  "configuring creating managing deleting rotating monitoring scaling testing debugging migrating securing " +
  "exporting importing caching versioning observing"
).split(" ");
const TASK_VERBS = "Configure Create Rotate Monitor Migrate Secure Export Scale Debug Version".split(" ");
const PAGE_SUFFIXES = "limits lifecycle reference overview quickstart faq best-practices internals errors permissions".split(" ");
const ADJECTIVES = "scheduled shared regional encrypted custom nested private ephemeral signed batched".split(" ");

const SUBJECTS = [
  "the build pipeline", "each worker", "the cache layer", "the router", "the CLI", "the scheduler", "the adapter",
  "the edge runtime", "the SDK", "the dashboard", "the sync service", "the API gateway", "the background indexer",
  "the deploy hook", "the migration runner", "the client library",
];
const VERBS = (
  "resolve validate stream cache retry forward compile index rewrite batch sign encrypt deduplicate persist " +
  "schedule emit normalize prefetch invalidate serialize"
).split(" ");
const OBJECTS = [
  "the incoming payload", "every route segment", "the session token", "stale entries", "the build manifest",
  "outgoing requests", "the response body", "configuration changes", "failed deliveries", "the lockfile",
  "environment variables", "the asset graph", "request headers", "the search index", "pending migrations",
  "the audit log",
];
const QUALIFIERS = [
  "before the response is sent", "at build time", "when the lease expires", "without blocking the event loop",
  "in a single pass", "on every deploy", "once per region", "as soon as the process starts",
  "after the health check passes", "in the background", "within the configured timeout", "for each tenant separately",
  "using exponential backoff", "only in production builds", "behind a feature flag", "across all replicas",
];
const CONDITIONS = [
  "the cache is cold", "a request times out", "the upstream returns a 5xx status", "you run more than one replica",
  "the configuration file changes", "strict mode is enabled", "a deploy is already in progress", "the token has expired",
  "the queue is paused", "you set a custom base path",
];
const REASONS = [
  "it keeps request latency flat under load", "it avoids a second network round trip",
  "partial writes would otherwise corrupt the output", "it makes retries safe", "the order of events is not guaranteed",
  "it lets you roll back without downtime", "most hosting providers cap the request body size",
  "it keeps cold starts short",
];
/** [name, type, default] for option tables and inline code. */
const OPTIONS: [string, string, string][] = [
  ["cacheDir", "string", '".cache"'], ["maxRetries", "number", "3"], ["timeoutMs", "number", "30000"],
  ["concurrency", "number", "4"], ["baseUrl", "string", '"/"'], ["strict", "boolean", "false"],
  ["logLevel", "string", '"info"'], ["outDir", "string", '"dist"'], ["prefetch", "boolean", "true"],
  ["region", "string", '"us-east-1"'], ["batchSize", "number", "100"], ["ttlSeconds", "number", "3600"],
  ["signingSecret", "string", "none"], ["dryRun", "boolean", "false"], ["pollInterval", "number", "5000"],
  ["maxBodySize", "string", '"1mb"'],
];
const COMMANDS = "init dev build deploy status logs list inspect sync rollback verify".split(" ");
const FILES = [
  "bench.config.ts", "package.json", ".env.local", "src/server.ts", "app/layout.tsx", "docker-compose.yml",
  ".github/workflows/deploy.yml", "tsconfig.json",
];
const TAGS = "guide reference api cli security performance deployment configuration troubleshooting tutorial".split(" ");
const FRAMEWORKS = ["next", "remix", "astro", "sveltekit", "nuxt", "express", "hono"];
const HEADINGS = [
  "Overview", "Prerequisites", "Installation", "Configuration", "How it works", "Usage", "Examples", "Options",
  "Limits and quotas", "Error handling", "Troubleshooting", "Performance", "Security considerations", "Testing",
  "Deploying to production", "Monitoring", "Best practices", "Next steps", "Known issues",
];

// ---------------------------------------------------------------- site plan

interface PagePlan {
  /** Folder segments under `docs/`; empty for the root page. */
  segments: string[];
  title: string;
  noun: Noun;
  ext: "md" | "mdx";
  children: PagePlan[];
  /** Position among siblings, used for `order`. */
  order: number;
}

const pageUrl = (p: PagePlan): string => ["/docs", ...p.segments].join("/");
const pagePath = (p: PagePlan): string => ["docs", ...p.segments, `page.${p.ext}`].join("/");

function nameChild(r: Rng, parent: PagePlan, depth: number): { slug: string; title: string; noun: Noun } {
  // Pages often share their folder's subject; top-level sections never inherit the root's.
  const noun = depth > 1 && r.chance(0.4) ? parent.noun : r.pick(NOUNS);
  const roll = r.next();
  if (depth === 1) {
    if (roll < 0.3) {
      const area = r.pick(AREAS);
      return { slug: area, title: cap(area.replace(/-/g, " ")), noun };
    }
    if (roll < 0.7) return { slug: noun.many, title: cap(noun.many), noun };
    const area = r.pick(AREAS);
    return { slug: `${noun.one}-${area}`, title: `${cap(noun.one)} ${area.replace(/-/g, " ")}`, noun };
  }
  if (roll < 0.45) {
    const g = r.pick(GERUNDS);
    return { slug: `${g}-${noun.many}`, title: `${cap(g)} ${noun.many}`, noun };
  }
  if (roll < 0.75) {
    const s = r.pick(PAGE_SUFFIXES);
    return { slug: `${noun.one}-${s}`, title: `${cap(noun.one)} ${s.replace(/-/g, " ")}`, noun };
  }
  if (roll < 0.9) {
    const a = r.pick(ADJECTIVES);
    return { slug: `${a}-${noun.many}`, title: `${cap(a)} ${noun.many}`, noun };
  }
  return { slug: noun.many, title: cap(noun.many), noun };
}

/** Builds the page tree: top-level sections until the budget is spent, each with 5–15 children, 1–3 folders deep. */
function planSite(r: Rng, total: number): PagePlan[] {
  const root: PagePlan = { segments: [], title: "Bench Docs", noun: r.pick(NOUNS), ext: "mdx", children: [], order: 0 };
  const all = [root];
  const addChild = (parent: PagePlan, depth: number): PagePlan => {
    const taken = new Set(parent.children.map((c) => c.segments[c.segments.length - 1]));
    let name = nameChild(r, parent, depth);
    for (let tries = 0; taken.has(name.slug) && tries < 4; tries++) name = nameChild(r, parent, depth);
    let slug = name.slug;
    let title = name.title;
    for (let n = 2; taken.has(slug); n++) [slug, title] = [`${name.slug}-${n}`, `${name.title} (part ${n})`];
    // Sections stay md/mdx at the same 70/30 split as leaves.
    const child: PagePlan = {
      segments: [...parent.segments, slug],
      title,
      noun: name.noun,
      ext: r.chance(0.3) ? "mdx" : "md",
      children: [],
      order: parent.children.length + 1,
    };
    parent.children.push(child);
    all.push(child);
    return child;
  };
  const fill = (folder: PagePlan, depth: number): void => {
    const k = r.int(5, 15);
    for (let i = 0; i < k && all.length < total; i++) {
      const child = addChild(folder, depth + 1);
      if (depth + 1 < 3 && r.chance(0.3)) fill(child, depth + 1);
    }
  };
  while (all.length < total) fill(addChild(root, 1), 1);
  return all;
}

// ---------------------------------------------------------------- prose

interface Ctx {
  r: Rng;
  page: PagePlan;
  all: PagePlan[];
}

function otherPage(c: Ctx): PagePlan {
  if (c.all.length === 1) return c.page;
  for (;;) {
    const p = c.r.pick(c.all);
    if (p !== c.page) return p;
  }
}

function subject(c: Ctx): string {
  const n = c.page.noun;
  return c.r.chance(0.7) ? c.r.pick(SUBJECTS) : c.r.pick([`each ${n.one}`, `the ${n.one} service`, `the ${n.many} API`]);
}
function object(c: Ctx): string {
  const n = c.page.noun;
  return c.r.chance(0.7) ? c.r.pick(OBJECTS) : c.r.pick([`every ${n.one}`, `the ${n.one} metadata`, `pending ${n.many}`]);
}
const opt = (c: Ctx): [string, string, string] => c.r.pick(OPTIONS);
const link = (p: PagePlan): string => `[${p.title.toLowerCase()}](${pageUrl(p)})`;

/** One plausible technical sentence. Never emits `<`, `{` or `}` outside backticks, so it is safe in MDX. */
function sentence(c: Ctx): string {
  const { r } = c;
  const v = r.pick(VERBS);
  switch (r.int(0, 10)) {
    case 0: return `${cap(subject(c))} ${third(v)} ${object(c)} ${r.pick(QUALIFIERS)}.`;
    case 1: {
      const [name, , def] = opt(c);
      return `By default, ${subject(c)} ${third(v)} ${object(c)}; set \`${name}\` to a value other than \`${def}\` to change this.`;
    }
    case 2: return `If ${r.pick(CONDITIONS)}, ${subject(c)} ${third(v)} ${object(c)} ${r.pick(QUALIFIERS)}.`;
    case 3: return `This matters because ${r.pick(REASONS)}.`;
    case 4: return `${cap(subject(c))} does not ${v} ${object(c)} unless ${r.pick(CONDITIONS)}.`;
    case 5: return `You can ${v} ${object(c)} manually with \`bench ${c.page.noun.many} ${r.pick(COMMANDS)}\`.`;
    case 6: return `See ${link(otherPage(c))} for details on how ${subject(c)} ${third(v)} ${object(c)}.`;
    case 7: return `The \`${opt(c)[0]}\` option in \`${r.pick(FILES)}\` controls how ${subject(c)} ${third(v)} ${object(c)}.`;
    case 8: return `In most projects, ${subject(c)} ${third(v)} ${object(c)} ${r.pick(QUALIFIERS)}, so you rarely need to tune it.`;
    case 9: return `When ${r.pick(CONDITIONS)}, expect ${subject(c)} to ${v} ${object(c)} ${r.pick(QUALIFIERS)}.`;
    default: return `Each ${c.page.noun.one} is ${r.pick(["immutable", "versioned", "scoped to a project", "cached for an hour", "validated on write"])}, which is why ${r.pick(REASONS)}.`;
  }
}

const wordCount = (s: string): number => s.split(/\s+/).filter(Boolean).length;

function paragraph(c: Ctx, min = 40, max = 110): string {
  const target = c.r.int(min, max);
  const out: string[] = [];
  let words = 0;
  while (words < target) {
    let s = sentence(c);
    // Avoid two sentences in a row that open the same way ("This matters because … This matters because …").
    const opening = (t: string | undefined): string => (t ?? "").split(" ", 2).join(" ");
    for (let i = 0; i < 3 && opening(s) === opening(out[out.length - 1]); i++) s = sentence(c);
    out.push(s);
    words += wordCount(s);
  }
  return out.join(" ");
}

function bulletList(c: Ctx): string {
  return Array.from({ length: c.r.int(3, 6) }, () => {
    if (c.r.chance(0.4)) {
      const [name, type] = opt(c);
      return `- \`${name}\` (${type}): controls how ${subject(c)} ${third(c.r.pick(VERBS))} ${object(c)}.`;
    }
    return `- ${sentence(c)}`;
  }).join("\n");
}

function imperative(c: Ctx): string {
  const { r } = c;
  switch (r.int(0, 4)) {
    case 0: return `Run \`bench ${r.pick(COMMANDS)}\` in the project root.`;
    case 1: {
      const [name, , def] = opt(c);
      return `Open \`${r.pick(FILES)}\` and set \`${name}\` to \`${def}\`.`;
    }
    case 2: return `${cap(r.pick(VERBS))} ${object(c)} ${r.pick(QUALIFIERS)}.`;
    case 3: return `Check ${link(otherPage(c))} for the expected behaviour when ${r.pick(CONDITIONS)}.`;
    default: return `Commit the change and redeploy with \`bench deploy --env ${r.pick(["staging", "production", "preview"])}\`.`;
  }
}
const numberedList = (c: Ctx): string =>
  Array.from({ length: c.r.int(3, 6) }, (_, i) => `${i + 1}. ${imperative(c)}`).join("\n");

function table(c: Ctx): string {
  if (c.r.chance(0.6)) {
    const rows = c.r.sample(OPTIONS, c.r.int(3, 6)).map(
      ([name, type, def]) => `| \`${name}\` | \`${type}\` | \`${def}\` | ${cap(third(c.r.pick(VERBS)))} ${object(c)} ${c.r.pick(QUALIFIERS)}. |`,
    );
    return ["| Option | Type | Default | Description |", "| --- | --- | --- | --- |", ...rows].join("\n");
  }
  const rows = c.r.sample(COMMANDS, c.r.int(3, 6)).map(
    (cmd) => `| \`bench ${cmd}\` | ${cap(third(c.r.pick(VERBS)))} ${object(c)} ${c.r.pick(QUALIFIERS)}. |`,
  );
  return ["| Command | What it does |", "| --- | --- |", ...rows].join("\n");
}

// ---------------------------------------------------------------- code

type Snippet = (c: Ctx, n: Noun, P: string) => string;
const SNIPPETS: Record<string, Snippet> = {
  ts: (c, n, P) => `import { createClient } from "@bench/sdk";

const client = createClient({
  baseUrl: process.env.BENCH_URL ?? "https://api.bench.example",
  timeoutMs: ${c.r.int(1, 30) * 1000},
});

export async function list${P}s(limit = ${c.r.int(10, 100)}): Promise<${P}[]> {
  const page = await client.${n.many}.list({ limit });
  return page.items.filter((${n.one}) => ${n.one}.status === "active");
}`,
  js: (c, n) => `// bench.config.js
export default {
  ${n.many}: {
    maxRetries: ${c.r.int(1, 8)},
    concurrency: ${c.r.int(1, 32)},
    onError(error, ${n.one}) {
      console.warn(\`${n.one} \${${n.one}.id} failed: \${error.message}\`);
    },
  },
};`,
  bash: (c, n) => `npm install @bench/${n.many}
npx bench ${n.many} ${c.r.pick(COMMANDS)} --limit ${c.r.int(5, 50)} --format json
npx bench ${n.many} inspect ${n.one}_${c.r.int(1000, 9999)} | jq '.status'`,
  json: (c, n) => `{
  "${n.one}": {
    "id": "${n.one}_${c.r.int(1000, 9999)}",
    "status": "${c.r.pick(["active", "paused", "failed"])}",
    "region": "${c.r.pick(["us-east-1", "eu-west-1", "ap-south-1"])}",
    "retries": ${c.r.int(0, 5)},
    "tags": ["${c.r.pick(TAGS)}", "${c.r.pick(TAGS)}"]
  }
}`,
  yaml: (c, n) => `name: deploy-${n.many}
on:
  push:
    branches: [main]
jobs:
  deploy:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - run: npm ci
      - run: npx bench deploy --only ${n.many} --concurrency ${c.r.int(1, 16)}`,
  python: (c, n, P) => `import os
import requests

BASE_URL = os.environ.get("BENCH_URL", "https://api.bench.example")


def get_${n.one}(${n.one}_id: str, timeout: float = ${c.r.int(2, 30)}.0) -> dict:
    """Fetch one ${n.one}; raises for non-2xx responses."""
    response = requests.get(f"{BASE_URL}/v1/${n.many}/{${n.one}_id}", timeout=timeout)
    response.raise_for_status()
    return response.json()  # ${P} payload`,
  go: (c, n, P) => `package ${n.many}

import (
\t"context"
\t"time"
)

// Fetch${P} loads a ${n.one} and gives up after the deadline.
func Fetch${P}(ctx context.Context, id string) (*${P}, error) {
\tctx, cancel := context.WithTimeout(ctx, ${c.r.int(1, 30)}*time.Second)
\tdefer cancel()
\treturn client.Get${P}(ctx, id)
}`,
  rust: (c, n, P) => `#[derive(Debug, Clone, serde::Deserialize)]
pub struct ${P} {
    pub id: String,
    pub retries: u32,
}

impl ${P} {
    pub fn should_retry(&self) -> bool {
        self.retries < ${c.r.int(2, 10)}
    }
}`,
  java: (c, n, P) => `public final class ${P}Service {
    private final Map<String, ${P}> cache = new ConcurrentHashMap<>();

    public List<${P}> active${P}s() {
        return cache.values().stream()
            .filter(${n.one} -> ${n.one}.retries() < ${c.r.int(2, 10)})
            .collect(Collectors.toList());
    }
}`,
  css: (c, n) => `.bench-${n.one}-card {
  display: grid;
  gap: ${c.r.int(4, 24)}px;
  padding: ${c.r.int(8, 32)}px;
  border-radius: ${c.r.int(2, 12)}px;
  border: 1px solid var(--bench-border);
}`,
  html: (c, n) => `<section class="bench-${n.one}-list">
  <h2>${cap(n.many)}</h2>
  <ul data-limit="${c.r.int(5, 50)}">
    <li><a href="/docs/${n.many}">All ${n.many}</a></li>
  </ul>
</section>`,
  sql: (c, n) => `SELECT id, status, created_at
FROM ${n.many}
WHERE status = '${c.r.pick(["active", "failed", "pending"])}'
  AND created_at > now() - interval '${c.r.int(1, 30)} days'
ORDER BY created_at DESC
LIMIT ${c.r.int(10, 500)};`,
};
const LANGS = Object.keys(SNIPPETS);

function codeBlock(c: Ctx, lang = c.r.pick(LANGS)): string {
  const n = c.r.chance(0.7) ? c.page.noun : c.r.pick(NOUNS);
  return "```" + lang + "\n" + SNIPPETS[lang]!(c, n, cap(n.one)) + "\n```";
}

// ---------------------------------------------------------------- MDX-only blocks

const callout = (c: Ctx): string =>
  `<Callout type="${c.r.pick(["info", "warn"])}">\n\n${paragraph(c, 25, 50)}\n\n</Callout>`;

function tabs(c: Ctx): string {
  const pkg = `@bench/${c.page.noun.many}`;
  const all: [string, string][] = [["npm", `npm install ${pkg}`], ["pnpm", `pnpm add ${pkg}`], ["yarn", `yarn add ${pkg}`]];
  const chosen = all.slice(0, c.r.int(2, 3));
  const items = chosen.map(([v]) => JSON.stringify(v)).join(", ");
  const body = chosen.map(([v, cmd]) => `<Tab value="${v}">\n\n\`\`\`bash\n${cmd}\n\`\`\`\n\n</Tab>`).join("\n");
  return `<Tabs items={[${items}]}>\n${body}\n</Tabs>`;
}

const steps = (c: Ctx): string => `<Steps>\n\n${numberedList(c)}\n\n</Steps>`;
const audience = (c: Ctx, tag: "Agent" | "Human"): string => `<${tag}>\n\n${paragraph(c, 30, 70)}\n\n</${tag}>`;

// ---------------------------------------------------------------- pages

function block(c: Ctx, mdx: boolean): string {
  const roll = c.r.next();
  if (mdx && roll < 0.2) return c.r.pick([callout, tabs, steps])(c);
  if (roll < 0.5) return codeBlock(c);
  if (roll < 0.65) return bulletList(c);
  if (roll < 0.8) return numberedList(c);
  return table(c);
}

const yamlStr = (s: string): string => JSON.stringify(s); // JSON strings are valid YAML double-quoted scalars
const yamlList = (indent: string, items: string[]): string => items.map((i) => `${indent}- ${yamlStr(i)}`).join("\n");

function isoDate(r: Rng): string {
  const day = Date.UTC(2023, 0, 1) + r.int(0, 3 * 365) * 86_400_000; // fixed epoch, no wall clock
  return new Date(day).toISOString().slice(0, 10);
}

function agentContract(c: Ctx): string {
  const { r, page } = c;
  const n = page.noun;
  const fw = r.chance(0.7) ? r.pick(FRAMEWORKS) : r.sample(FRAMEWORKS, 2);
  const lines = [
    "agent:",
    `  task: ${yamlStr(`${r.pick(TASK_VERBS)} ${n.many} in an existing ${Array.isArray(fw) ? fw[0] : fw} project`)}`,
    `  outcome: ${yamlStr(`\`bench ${n.many} status\` reports every ${n.one} as healthy`)}`,
    "  appliesTo:",
    `    framework: ${Array.isArray(fw) ? `[${fw.join(", ")}]` : fw}`,
    "  prerequisites:",
    yamlList("    ", [`Node.js 20 or later`, `A Bench project with \`${r.pick(FILES)}\``]),
    "  commands:",
    `    - ${yamlStr(`npm install @bench/${n.many}`)}`,
    `    - run: ${yamlStr(`npx bench ${n.many} ${r.pick(COMMANDS)}`)}`,
    `      description: ${yamlStr(`${cap(third(r.pick(VERBS)))} ${r.pick(OBJECTS)}`)}`,
    "  verification:",
    `    - run: ${yamlStr(`npx bench ${n.many} status --json`)}`,
    `      expect: ${yamlStr(`"healthy": true`)}`,
    "  rollback:",
    yamlList("    ", [`npx bench rollback --only ${n.many}`, `Revert the change to \`${r.pick(FILES)}\``]),
    "  failureModes:",
    `    - symptom: ${yamlStr(`The CLI reports that ${r.pick(CONDITIONS)}`)}`,
    `      resolution: ${yamlStr(`Re-run \`npx bench ${n.many} ${r.pick(COMMANDS)}\` after fixing \`${opt(c)[0]}\``)}`,
  ];
  return lines.join("\n");
}

function frontmatter(c: Ctx): string {
  const { r, page } = c;
  const n = page.noun;
  const description = r.pick([
    `Learn how to ${r.pick(VERBS)} ${n.many} ${r.pick(QUALIFIERS)}.`,
    `Reference for ${n.one} options, limits and defaults.`,
    `How ${r.pick(SUBJECTS)} ${third(r.pick(VERBS))} ${n.many} and how to configure it.`,
  ]);
  const lines = [`title: ${yamlStr(page.title)}`, `description: ${yamlStr(description)}`, `lastModified: "${isoDate(r)}"`];
  if (page.segments.length > 0 && r.chance(0.4)) lines.push(`order: ${page.order}`);
  if (r.chance(0.6)) lines.push(`tags: [${[...new Set([n.one, ...r.sample(TAGS, r.int(1, 2))])].join(", ")}]`);
  if (r.chance(0.5)) {
    const related = [...new Set(Array.from({ length: r.int(1, 4) }, () => pageUrl(otherPage(c))))];
    lines.push("related:", yamlList("  ", related));
  }
  if (page.children.length > 0 && r.chance(0.1)) lines.push("sidebar:", `  folderIndexBehavior: ${r.pick(["link", "toggle"])}`);
  if (page.segments.length > 0 && r.chance(0.1)) lines.push(agentContract(c));
  return `---\n${lines.join("\n")}\n---`;
}

function renderPage(c: Ctx): string {
  const { r, page } = c;
  const mdx = page.ext === "mdx";
  const parts = [frontmatter(c), paragraph(c)];
  if (page.children.length > 0) {
    parts.push("## In this section");
    parts.push(page.children.map((ch) => `- [${ch.title}](${pageUrl(ch)}): ${sentence(c)}`).join("\n"));
  }
  const n = page.noun;
  const headingPool = [
    ...HEADINGS, `Configuring ${n.many}`, `Creating a ${n.one}`, `${cap(n.one)} lifecycle`, `Retrying failed ${n.many}`,
    `Listing ${n.many}`, `Deleting a ${n.one}`,
  ];
  const totalHeadings = page.children.length > 0 ? r.int(2, 5) : r.int(3, 7);
  const headings = r.sample(headingPool, totalHeadings);
  // Audience blocks go into one random section each (SPEC 2.7); only MDX pages can carry them.
  const agentAt = mdx && r.chance(0.6) ? r.int(0, headings.length - 1) : -1;
  const humanAt = mdx && r.chance(0.4) ? r.int(0, headings.length - 1) : -1;
  headings.forEach((h, i) => {
    parts.push(`${i > 0 && r.chance(0.3) ? "###" : "##"} ${h}`, paragraph(c));
    if (r.chance(0.8)) parts.push(block(c, mdx));
    if (r.chance(0.25)) parts.push(paragraph(c));
    if (i === agentAt) parts.push(audience(c, "Agent"));
    if (i === humanAt) parts.push(audience(c, "Human"));
  });
  return parts.join("\n\n") + "\n";
}

const CONFIG = `import { defineDocs } from "quire";

export default defineDocs({
  entry: "docs",
  nav: { title: "Bench Docs" },
  sitemap: { baseUrl: "https://bench.example" },
});
`;

/** Generates the site: relative path → file text, inserted in path order. */
export function generateCorpus(options: CorpusOptions): Map<string, string> {
  if (!Number.isInteger(options.pages) || options.pages < 1) throw new Error(`pages must be a positive integer, got ${options.pages}`);
  const r = new Rng(options.seed ?? 1);
  const all = planSite(r, options.pages);
  const files: [string, string][] = [["docs.config.ts", CONFIG]];
  for (const page of all) files.push([pagePath(page), renderPage({ r, page, all })]);
  files.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return new Map(files);
}

/** Replaces `dir` with a freshly generated site. */
export async function writeCorpus(dir: string, options: CorpusOptions): Promise<void> {
  await writeFiles(dir, generateCorpus(options));
}

async function writeFiles(dir: string, files: Map<string, string>): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  const dirs = new Set([...files.keys()].map((p) => dirname(join(dir, p))));
  await Promise.all([...dirs].map((d) => mkdir(d, { recursive: true })));
  const entries = [...files];
  for (let i = 0; i < entries.length; i += 512) {
    await Promise.all(entries.slice(i, i + 512).map(([p, text]) => writeFile(join(dir, p), text)));
  }
}

// ---------------------------------------------------------------- MDX → Markdown for peers

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const TAG = /<\/?[A-Z][\w.]*(?:\s[^<>]*?)?\/?>/g;
const AGENT_OPEN = /^\s*<(?:Agent|Audience\s+only=["']?agent["']?)\s*>\s*$/;
const AGENT_CLOSE = /^\s*<\/(?:Agent|Audience)>\s*$/;

/** Removes JSX tags from the parts of a line outside inline code. */
const stripTags = (line: string): string =>
  line.split(/(`+[^`]*`+)/).map((seg, i) => (i % 2 === 1 ? seg : seg.replace(TAG, ""))).join("");

/**
 * Turns an MDX page into plain Markdown: drops `<Agent>` blocks (SPEC 2.7: agent-only content is not for human
 * pages), removes every other component tag but keeps its content. Code fences are left untouched.
 */
export function stripMdx(text: string): string {
  const out: string[] = [];
  let fence: string | null = null;
  let inFrontmatter = text.startsWith("---\n");
  let agentDepth = 0;
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (inFrontmatter) {
      out.push(line);
      if (i > 0 && line === "---") inFrontmatter = false;
      continue;
    }
    const m = FENCE.exec(line);
    if (fence !== null) {
      if (agentDepth === 0) out.push(line);
      if (m && m[1]![0] === fence[0] && m[1]!.length >= fence.length && line.trim() === m[1]) fence = null;
      continue;
    }
    if (m) {
      fence = m[1]!;
      if (agentDepth === 0) out.push(line);
      continue;
    }
    if (AGENT_OPEN.test(line)) {
      agentDepth++;
      continue;
    }
    if (agentDepth > 0) {
      if (AGENT_CLOSE.test(line)) agentDepth--;
      continue;
    }
    const inline = line.replace(/<Agent>[\s\S]*?<\/Agent>/g, "");
    const stripped = stripTags(inline);
    if (stripped.trim() === "" && line.trim() !== "") continue; // a line that held only tags
    out.push(stripped);
  }
  return out.join("\n").replace(/\n{3,}/g, "\n\n");
}

// ---------------------------------------------------------------- CLI

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { pages: { type: "string" }, out: { type: "string" }, seed: { type: "string", default: "1" } },
  });
  if (!values.pages || !values.out) {
    console.error("usage: npx tsx bench/corpus.ts --pages <n> --out <dir> [--seed <n>]");
    process.exit(2);
  }
  const options = { pages: Number(values.pages), seed: Number(values.seed) };
  const started = performance.now();
  const files = generateCorpus(options);
  const generated = performance.now();
  await writeFiles(values.out, files);
  const written = performance.now();
  let bytes = 0;
  let words = 0;
  let mdx = 0;
  for (const [path, text] of files) {
    bytes += Buffer.byteLength(text);
    if (path === "docs.config.ts") continue;
    words += wordCount(text.slice(text.indexOf("\n---\n") + 5));
    if (path.endsWith(".mdx")) mdx++;
  }
  console.log(
    `corpus: ${options.pages} pages (${options.pages - mdx} md, ${mdx} mdx), ${files.size} files, ` +
      `${(bytes / 1e6).toFixed(1)} MB, ${Math.round(words / options.pages)} words/page avg → ${resolve(values.out)}\n` +
      `generate ${((generated - started) / 1000).toFixed(2)}s, write ${((written - generated) / 1000).toFixed(2)}s`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) await main();
