/**
 * Test support for Ask AI: the example snapshot with Ask AI switched on in its `_docs/site.json` (an overlay; the
 * committed tree is never written), a handler wired to the local OpenAI-compatible server, and an SSE reader.
 */
import { runtimeFile, type SiteSettings } from "../contract/index.ts";
import type { DocsRuntimeConfig } from "../config.ts";
import type { DocsHandler, DocsHandlerOptions } from "../handler.ts";
import { request, snapshotSite } from "../testing/built-site.ts";

export const TEST_KEY = "sk-test-0123456789abcdef-SECRET";

export async function askAiSite(
  overrides: Partial<SiteSettings["ai"]> = { enabled: true, packageName: "@acme/queue" },
) {
  const site = await snapshotSite("example");
  const settings = JSON.parse(await site.readText(runtimeFile("site.json"))) as SiteSettings;
  const store = site.overlay({
    [runtimeFile("site.json")]: JSON.stringify({ ...settings, ai: { enabled: true, packageName: null, ...overrides } }),
  });
  return {
    site,
    /** A handler whose `ai` talks to `baseUrl` with TEST_KEY unless the config says otherwise. */
    handler(baseUrl: string, config: DocsRuntimeConfig = {}, options: Partial<DocsHandlerOptions> = {}): DocsHandler {
      return site.handler({
        store,
        config: { ...config, ai: { baseUrl, apiKey: TEST_KEY, model: "ok", ...config.ai } },
        aiTransport: { timeoutMs: 2000, idleTimeoutMs: 2000, ...options.aiTransport },
        ...options,
      });
    },
  };
}

export function ask(
  question: string | { role: string; content: string }[],
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Request {
  const messages = typeof question === "string" ? [{ role: "user", content: question }] : question;
  return request("/api/docs", {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ messages, ...extra }),
  });
}

export interface SseEvent {
  event: string;
  data: any;
}

/** Every event of an SSE body, in order. */
export async function readSse(response: Response): Promise<SseEvent[]> {
  const text = await response.text();
  return text
    .split("\n\n")
    .filter((block) => block.trim())
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? "message";
      const data = block
        .split("\n")
        .filter((line) => line.startsWith("data: "))
        .map((line) => line.slice(6))
        .join("\n");
      return { event, data: JSON.parse(data) };
    });
}
