/** Retrieval tools over the agent projection: search_docs and get_context (SPEC 2.14, 4.4). */
import * as z from "zod";
import { asProviderError, logProviderFailure, type SearchResultItem } from "../../search/providers/index.ts";
import type { SearchHit } from "../../search/simple.ts";
import { normalizePagePath } from "../../site-data.ts";
import type { SearchChunk } from "../../contract/index.ts";
import { DEFAULT_CONTEXT_BYTES, BYTES_PER_TOKEN, packContext } from "../context-pack.ts";
import { matchesScope, type ScopeFilter } from "../scope.ts";
import { defineTool, jsonResult, toolError, type McpSearch, type ToolContext } from "../tool.ts";

/**
 * The built-in index of agent chunks. `get_context` always reads it (its packing is deterministic and scoped);
 * `search_docs` reads it when the configured provider is `simple`, or when an `mcp` provider points back at this
 * server (SPEC 2.14: no recursion).
 */
async function searchAgentChunks(
  context: ToolContext,
  query: string,
  filter: ScopeFilter,
  limit?: number,
): Promise<SearchHit[]> {
  const search = await context.data.agentSearch();
  const { pagesByPath } = context.data;
  const scoped = Object.values(filter).some((value) => value?.trim());
  return search.search(query, {
    limit: limit ?? search.size,
    filter: scoped
      ? (chunk: SearchChunk) => {
          const page = pagesByPath.get(chunk.path);
          return page ? matchesScope(page, filter) : false;
        }
      : undefined,
  });
}

export const searchDocs = defineTool({
  key: "searchDocs",
  title: "Search the docs",
  description:
    "Search the docs, split into page sections, with the site's search provider (built in: BM25 with title and " +
    "heading boosts over the agent projection). Returns the best sections first with their id, page path, URL, page " +
    "title, section heading, content, page description and type (page intro or section). locale (or lang) keeps pages " +
    "in that locale and pages without one; a result from a page not translated yet carries fallbackOf.",
  input: z.object({
    query: z.string().min(1).max(500),
    limit: z
      .number()
      .int()
      .min(1)
      .max(50)
      .optional()
      .describe("Results to return (default: the site's search.maxResults, 10)"),
    locale: z.string().max(35).optional(),
    lang: z.string().max(35).optional().describe("Same as locale"),
  }),
  output: z.object({
    provider: z.string().describe("The search provider that answered: simple, typesense, algolia, mcp or custom"),
    results: z.array(
      z.object({
        id: z.string(),
        path: z
          .string()
          .nullable()
          .describe("Page path for read_page; null when the result is not a page of this site"),
        url: z.string(),
        title: z.string(),
        section: z.string().nullable(),
        content: z.string(),
        description: z.string().nullable(),
        type: z.enum(["page", "section"]),
        score: z.number().optional().describe("BM25 score (built-in index only)"),
        fallbackOf: z
          .string()
          .optional()
          .describe("Issue 14: the result's page is the original shown where the locale has no translation yet"),
      }),
    ),
  }),
  async run(args, context) {
    const limit = args.limit ?? context.search?.maxResults ?? (context.data.settings.search.maxResults || 10);
    if (context.search && context.search.provider.name !== "simple")
      return searchWithProvider(context.search, { ...args, locale: args.locale ?? args.lang }, limit, context);
    const locale = args.locale ?? args.lang;
    const hits = await searchAgentChunks(context, args.query, { locale }, limit);
    return jsonResult({
      provider: "simple",
      results: hits.map(({ chunk, score }) => ({
        id: chunk.id,
        path: chunk.path,
        url: context.publicUrl(chunk.url),
        title: chunk.title,
        section: chunk.section,
        content: chunk.content,
        description: chunk.description ?? null,
        type: chunk.type,
        score: Math.round(score * 1e4) / 1e4,
        ...fallbackOf(chunk.path, context),
      })),
    });
  },
});

async function searchWithProvider(
  search: McpSearch,
  args: { query: string; locale?: string },
  limit: number,
  context: ToolContext,
) {
  const { provider } = search;
  let found: SearchResultItem[];
  try {
    found = await provider.search(args.query, { limit, locale: args.locale?.trim() || null, audience: "agent" });
  } catch (error) {
    const failure = asProviderError(provider.name, error);
    logProviderFailure(failure, search.secrets);
    return toolError(
      `search_docs failed: ${failure.message} get_context and list_pages still answer from the built-in index.`,
    );
  }
  return jsonResult({
    provider: provider.name,
    results: found.map((result) => ({
      ...result,
      path: pagePathOf(result.url, context),
      url: context.publicUrl(result.url),
    })),
  });
}

/** The page path of a result URL on this site (root-relative or under the site's base URL), else null. */
function pagePathOf(url: string, context: ToolContext): string | null {
  const base = context.data.settings.baseUrl;
  let pathname: string;
  try {
    const parsed = new URL(url, "http://relative.invalid");
    const local =
      parsed.origin === "http://relative.invalid" || (base !== null && parsed.origin === new URL(base).origin);
    if (!local) return null;
    pathname = parsed.pathname;
  } catch {
    return null;
  }
  const path = normalizePagePath(pathname, context.data.settings.docsPath);
  return path !== null && context.data.pagesByPath.has(path) ? path : null;
}

export const getContext = defineTool({
  key: "getContext",
  title: "Get context for a question",
  description:
    "Deterministic retrieval for answering a question: the best-matching agent sections (by search score, ties by id) " +
    `packed in order into one Markdown text, each under a "## Page › Section" heading with its Source URL. The text ` +
    `never exceeds maxBytes UTF-8 bytes (default ${DEFAULT_CONTEXT_BYTES}) nor tokenBudget tokens, estimated ` +
    `conservatively as bytes/${BYTES_PER_TOKEN} rounded up; the last section may be cut at a character boundary (ending ` +
    '"…"). Returns the text, the sources used with their byte counts, and the bytes and tokens used. framework, ' +
    "version and locale keep pages scoped to them and pages that declare no scope. The same input always gives the same output.",
  input: z.object({
    query: z.string().min(1).max(500),
    tokenBudget: z.number().int().min(1).max(250_000).optional().describe("Upper bound on estimated tokens"),
    maxBytes: z
      .number()
      .int()
      .min(1)
      .max(1_000_000)
      .optional()
      .describe(`UTF-8 byte ceiling (default ${DEFAULT_CONTEXT_BYTES})`),
    framework: z.string().max(100).optional(),
    version: z.string().max(100).optional(),
    locale: z.string().max(35).optional(),
  }),
  output: z.object({
    query: z.string(),
    context: z.string(),
    bytes: z.number().int(),
    tokens: z.number().int(),
    maxBytes: z.number().int().describe("The ceiling applied: the smaller of maxBytes and tokenBudget × 3"),
    sources: z.array(
      z.object({
        id: z.string(),
        url: z.string(),
        title: z.string(),
        section: z.string().nullable(),
        bytes: z.number().int(),
        truncated: z.boolean(),
      }),
    ),
  }),
  async run(args, context) {
    const ceiling = Math.min(
      args.maxBytes ?? DEFAULT_CONTEXT_BYTES,
      args.tokenBudget ? args.tokenBudget * BYTES_PER_TOKEN : Infinity,
    );
    const hits = await searchAgentChunks(context, args.query, {
      framework: args.framework,
      version: args.version,
      locale: args.locale,
    });
    const packed = packContext(
      hits.map(({ chunk }) => ({ ...chunk, url: context.publicUrl(chunk.url) })),
      ceiling,
    );
    const usage = { bytes: packed.bytes, tokens: packed.tokens, maxBytes: ceiling, sources: packed.sources };
    const result = jsonResult({ query: args.query, context: packed.text, ...usage });
    // Text-only clients get the packed text itself, then what it was made of.
    result.content = [
      { type: "text", text: packed.text || `No documentation matched "${args.query}".` },
      { type: "text", text: JSON.stringify(usage) },
    ];
    return result;
  },
});

/** Issue 14: `{ fallbackOf }` for a chunk of a fallback page, else nothing. */
function fallbackOf(path: string, context: ToolContext): { fallbackOf?: string } {
  const original = context.data.pagesByPath.get(path)?.fallbackOf;
  return original ? { fallbackOf: context.publicUrl(original) } : {};
}
