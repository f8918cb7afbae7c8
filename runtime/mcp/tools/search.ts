/** Retrieval tools over the agent projection: search_docs and get_context (SPEC 2.14, 4.4). */
import * as z from "zod";
import type { SearchHit } from "../../search/simple.ts";
import type { SearchChunk } from "../../types.ts";
import { DEFAULT_CONTEXT_BYTES, BYTES_PER_TOKEN, packContext } from "../context-pack.ts";
import { matchesScope, type ScopeFilter } from "../scope.ts";
import { defineTool, jsonResult, type ToolContext } from "../tool.ts";

/**
 * Both tools always use the built-in index of agent chunks. External providers index the human projection, and an
 * `mcp` search provider pointing back at this server would call itself (SPEC 2.14 asks for the simple fallback).
 */
async function searchAgentChunks(context: ToolContext, query: string, filter: ScopeFilter, limit?: number): Promise<SearchHit[]> {
  const search = await context.data.agentSearch();
  const { pagesByPath } = context.data;
  const scoped = Object.values(filter).some((value) => value?.trim());
  return search.search(query, {
    limit: limit ?? search.size,
    filter: scoped ? (chunk: SearchChunk) => {
      const page = pagesByPath.get(chunk.path);
      return page ? matchesScope(page, filter) : false;
    } : undefined,
  });
}

export const searchDocs = defineTool({
  key: "searchDocs",
  name: "search_docs",
  title: "Search the docs",
  description:
    "Full-text search (BM25 with title and heading boosts) over the agent projection of the docs, split into page " +
    "sections. Returns the best sections first with their id, URL, page title, section heading, Markdown content, page " +
    "description and type (page intro or section). locale keeps pages in that locale and pages without one.",
  input: z.object({
    query: z.string().min(1).max(500),
    limit: z.number().int().min(1).max(50).optional().describe("Results to return (default: the site's search.maxResults, 10)"),
    locale: z.string().max(35).optional(),
  }),
  output: z.object({
    results: z.array(z.object({
      id: z.string(),
      path: z.string(),
      url: z.string(),
      title: z.string(),
      section: z.string().nullable(),
      content: z.string(),
      description: z.string().nullable(),
      type: z.enum(["page", "section"]),
      score: z.number(),
    })),
  }),
  async run(args, context) {
    const limit = args.limit ?? context.data.settings.search.maxResults ?? 10;
    const hits = await searchAgentChunks(context, args.query, { locale: args.locale }, limit);
    return jsonResult({
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
      })),
    });
  },
});

export const getContext = defineTool({
  key: "getContext",
  name: "get_context",
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
    maxBytes: z.number().int().min(1).max(1_000_000).optional().describe(`UTF-8 byte ceiling (default ${DEFAULT_CONTEXT_BYTES})`),
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
    sources: z.array(z.object({
      id: z.string(),
      url: z.string(),
      title: z.string(),
      section: z.string().nullable(),
      bytes: z.number().int(),
      truncated: z.boolean(),
    })),
  }),
  async run(args, context) {
    const ceiling = Math.min(args.maxBytes ?? DEFAULT_CONTEXT_BYTES, args.tokenBudget ? args.tokenBudget * BYTES_PER_TOKEN : Infinity);
    const hits = await searchAgentChunks(context, args.query, { framework: args.framework, version: args.version, locale: args.locale });
    const packed = packContext(hits.map(({ chunk }) => ({ ...chunk, url: context.publicUrl(chunk.url) })), ceiling);
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
