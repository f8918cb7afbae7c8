/** Realistic-looking code snippets in a dozen languages for the corpus generator. */
import type { Rng } from "./corpus-random.ts";
import { cap, type Noun, NOUNS, COMMANDS, TAGS } from "./corpus-words.ts";

/** What a snippet needs from the page being generated. */
export interface SnippetContext {
  r: Rng;
  page: { noun: Noun };
}

export type Snippet = (c: SnippetContext, n: Noun, P: string) => string;
export const SNIPPETS: Record<string, Snippet> = {
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
export const LANGS = Object.keys(SNIPPETS);

export function codeBlock(c: SnippetContext, lang = c.r.pick(LANGS)): string {
  const n = c.r.chance(0.7) ? c.page.noun : c.r.pick(NOUNS);
  return "```" + lang + "\n" + SNIPPETS[lang]!(c, n, cap(n.one)) + "\n```";
}
