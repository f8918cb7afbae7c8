/**
 * SPEC 2.11 evaluation surfaces, retrieved in-process through the docs runtime over a built site: `mcp-context`
 * (the MCP `get_context` tool, its byte ceiling the task's `tokenBudget`), `configured-search` (the docs API search,
 * refused for network providers without `allowNetwork`) and `ask-ai-context`: Ask AI's own retrieval
 * (runtime/ask-ai/retrieve.ts `retrievalProvider`), so with `ai.useMcp` it goes through MCP `search_docs` as Ask AI
 * does — this site's configured provider, or a remote MCP server, which like every network provider needs
 * `allowNetwork`. A surface that cannot answer fails the task; there is no fallback to another surface.
 */
import type { DocsHandler } from "../../../runtime/index.ts";
import { DOCS_API_ROUTE } from "../../../runtime/contract/index.ts";
import { retrievalProvider, retrieveSources } from "../../../runtime/ask-ai/retrieve.ts";
import type { ResolvedAskAi } from "../../../runtime/ask-ai/settings.ts";
import type { ResolvedSearchConfig } from "../../../runtime/search/providers/config.ts";
import type { SiteData } from "../../../runtime/site-data.ts";
import type { Retrieved } from "./metrics.ts";

export interface RetrieveRequest {
  surface: string;
  query: string;
  filters: { framework?: string; version?: string; locale?: string };
  maxBytes: number;
  topK: number;
}

export interface SurfaceContext {
  handler: DocsHandler;
  /** The built site as the runtime reads it (for Ask AI retrieval). */
  data: () => Promise<SiteData>;
  /**
   * `ai.enabled`, Ask AI's settings (`useMcp`) and the search config its `search_docs` uses; the search transport
   * must not fall back to the built-in index (an evaluation never changes surface).
   */
  askAi: { enabled: boolean; ai: ResolvedAskAi; search: ResolvedSearchConfig };
  mcpRoute: string;
  mcpContextTool: boolean;
  searchProvider: string;
  allowNetwork: boolean;
}

export async function retrieve(site: SurfaceContext, request: RetrieveRequest): Promise<Retrieved> {
  if (request.surface === "mcp-context") return mcpContext(site, request);
  if (request.surface === "configured-search") return configuredSearch(site, request);
  if (request.surface === "ask-ai-context") return askAiContext(site, request);
  throw new Error(`unknown surface "${request.surface}": use mcp-context, configured-search or ask-ai-context`);
}

async function mcpContext(site: SurfaceContext, request: RetrieveRequest): Promise<Retrieved> {
  if (!site.mcpContextTool) throw new Error("the mcp-context surface needs MCP with the getContext tool enabled");
  const response = await site.handler(
    new Request(`http://eval.invalid${site.mcpRoute}`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: {
          name: "get_context",
          arguments: { query: request.query, maxBytes: request.maxBytes, ...definedFilters(request.filters) },
        },
      }),
    }),
  );
  type Packed = { context: string; sources: { id: string; bytes: number }[] };
  const json = (await response.json()) as {
    result?: { isError?: boolean; content?: { text: string }[]; structuredContent?: Packed };
    error?: { message: string };
  };
  const packed = json.result?.structuredContent;
  if (json.error || json.result?.isError || !packed)
    throw new Error(
      `get_context failed: ${json.error?.message ?? json.result?.content?.[0]?.text ?? "no structured result"}`,
    );
  return {
    paths: packed.sources.map((s) => s.id.split("#")[0]),
    bytes: packed.sources.map((s) => s.bytes),
    context: packed.context,
  };
}

async function configuredSearch(site: SurfaceContext, request: RetrieveRequest): Promise<Retrieved> {
  if (site.searchProvider !== "simple" && !site.allowNetwork) {
    throw new Error(
      `the configured-search surface uses the "${site.searchProvider}" provider, which is refused without agent.evaluations.allowNetwork: true`,
    );
  }
  const query = new URLSearchParams({
    query: request.query,
    ...(request.filters.locale ? { locale: request.filters.locale } : {}),
  });
  const response = await site.handler(new Request(`http://eval.invalid${DOCS_API_ROUTE}?${query}`));
  if (!response.ok) throw new Error(`search answered ${response.status}`);
  const body = (await response.json()) as { results?: { path?: string | null; url: string; content?: string }[] };
  const paths: string[] = [];
  const bytes: number[] = [];
  const parts: string[] = [];
  let used = 0;
  for (const result of (body.results ?? []).slice(0, request.topK)) {
    const content = result.content ?? "";
    const size = new TextEncoder().encode(content).length;
    if (used + size > request.maxBytes) break;
    paths.push(result.path ?? result.url);
    bytes.push(size);
    parts.push(content);
    used += size;
  }
  return { paths, bytes, context: parts.join("\n\n") };
}

async function askAiContext(site: SurfaceContext, request: RetrieveRequest): Promise<Retrieved> {
  if (!site.askAi.enabled)
    throw new Error("the ask-ai-context surface needs Ask AI (ai.enabled: true, not under staticExport)");
  const data = await site.data();
  const provider = retrievalProvider(
    site.askAi.ai,
    site.askAi.search,
    data,
    new URL(`http://eval.invalid${DOCS_API_ROUTE}`),
  );
  if (provider.name !== "simple" && !site.allowNetwork)
    throw new Error(
      `the ask-ai-context surface retrieves through ai.useMcp with the "${provider.name}" provider, which is refused without agent.evaluations.allowNetwork: true`,
    );
  const sources = await retrieveSources(provider, [request.query], {
    maxResults: request.topK,
    locale: request.filters.locale ?? null,
    origin: "http://eval.invalid",
  });
  const encoder = new TextEncoder();
  const paths: string[] = [];
  const bytes: number[] = [];
  const parts: string[] = [];
  let used = 0;
  for (const source of sources) {
    const size = encoder.encode(source.content).length;
    if (used + size > request.maxBytes) break;
    paths.push(new URL(source.url).pathname);
    bytes.push(size);
    parts.push(source.content);
    used += size;
  }
  return { paths, bytes, context: parts.join("\n\n") };
}

function definedFilters(filters: RetrieveRequest["filters"]): Record<string, string> {
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => typeof v === "string" && v !== "")) as Record<
    string,
    string
  >;
}
