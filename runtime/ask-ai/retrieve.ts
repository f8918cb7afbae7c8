/**
 * Ask AI retrieval (SPEC 2.18, 8): the `ai.maxResults` (5) best pages of the agent projection for a question, each
 * with its best-matching sections as context. The built-in agent index answers by default; `useMcp` routes the
 * search through MCP `search_docs` — this site's own (in-process, SPEC 2.14) or a remote server's. A failing
 * provider is a SearchProviderError, handled like public search (502, no fallback).
 */
import type { ResolvedSearchConfig } from "../search/providers/config.ts";
import { createSearchProvider, type SearchProvider, type SearchResultItem } from "../search/providers/index.ts";
import { createSimpleProvider } from "../search/providers/simple.ts";
import type { SiteData } from "../site-data.ts";
import type { ChatMessage } from "./chat-request.ts";
import type { ResolvedAskAi } from "./settings.ts";

/** Most characters of one page's sections passed as context, so one long page cannot crowd out the others. */
export const PAGE_CONTEXT_CHARS = 3000;
/** Section hits asked of the provider per wanted page: several sections of one page often rank together. */
const HITS_PER_PAGE = 4;

export interface RetrievedSource {
  /** 1-based number the model cites as `[n]`. */
  id: number;
  /** The page's URL (absolute, against the request origin, for site routes). */
  url: string;
  title: string;
  /** The best-matching section's heading; null for the page's lead. */
  section: string | null;
  /** Quoted context: the page's best-matching sections, in rank order, at most PAGE_CONTEXT_CHARS. */
  content: string;
}

/** Which provider retrieves for Ask AI: the agent index, or `search_docs` as `useMcp` says. */
export function retrievalProvider(
  ai: ResolvedAskAi,
  search: ResolvedSearchConfig,
  data: SiteData,
  requestUrl: URL,
): SearchProvider {
  if (ai.useMcp === null) return createSimpleProvider(data, "agent");
  // This site's `search_docs` answers with the configured provider for the agent audience (runtime/routes/mcp.ts).
  if (ai.useMcp === "site") return createSearchProvider(search, { data, audience: "agent", requestUrl });
  return createSearchProvider({ ...search, external: ai.useMcp }, { data, audience: "agent", requestUrl });
}

/** What is searched: the last question; a follow-up that finds nothing alone is searched with the one before it. */
export function retrievalQueries(messages: ChatMessage[]): string[] {
  const questions = messages.filter((message) => message.role === "user").map((message) => message.content.trim());
  const last = questions[questions.length - 1];
  return questions.length > 1 ? [last, `${questions[questions.length - 2]} ${last}`] : [last];
}

export async function retrieveSources(
  provider: SearchProvider,
  queries: string[],
  options: { maxResults: number; locale: string | null; origin: string; signal?: AbortSignal },
): Promise<RetrievedSource[]> {
  for (const query of queries) {
    const hits = await provider.search(query, {
      limit: options.maxResults * HITS_PER_PAGE,
      locale: options.locale,
      audience: "agent",
      signal: options.signal,
    });
    const sources = groupByPage(hits, options.maxResults, options.origin);
    if (sources.length > 0) return sources;
  }
  return [];
}

/** Section hits → distinct pages in the order their best section ranked, sections concatenated up to the budget. */
export function groupByPage(hits: SearchResultItem[], maxPages: number, origin: string): RetrievedSource[] {
  const pages = new Map<string, RetrievedSource>();
  for (const hit of hits) {
    const pageUrl = hit.url.split("#")[0];
    let source = pages.get(pageUrl);
    if (!source) {
      if (pages.size >= maxPages) continue;
      source = {
        id: pages.size + 1,
        url: absolute(hit.url, origin),
        title: hit.title,
        section: hit.section,
        content: "",
      };
      pages.set(pageUrl, source);
    }
    const room = PAGE_CONTEXT_CHARS - source.content.length;
    if (room <= 0) continue;
    const heading = hit.section ? `## ${hit.section}\n\n` : "";
    const block = `${source.content ? "\n\n" : ""}${heading}${hit.content.trim()}`;
    source.content += block.length > room ? `${block.slice(0, Math.max(0, room - 1))}…` : block;
  }
  return [...pages.values()];
}

function absolute(url: string, origin: string): string {
  try {
    return new URL(url, origin).href;
  } catch {
    return url;
  }
}
