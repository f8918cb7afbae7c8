/** The shape every docs tool shares, and the few ways a tool answers. */
import "./zod-jitless.ts"; // first: zod must be jitless before any schema is built
import type { CallToolResult } from "@modelcontextprotocol/server";
import * as z from "zod";
import type { SearchProvider } from "../search/providers/index.ts";
import { normalizePagePath, type SiteData } from "../site-data.ts";
import { MCP_TOOL_NAMES, type McpToolKey, type PageEntry } from "../contract/index.ts";
import { closestPaths } from "./closest-paths.ts";

export interface ToolContext {
  data: SiteData;
  /** A site route as agents should use it: absolute when the site has a base URL, else root-relative. */
  publicUrl(route: string): string;
  /** The configured search provider for `search_docs` (SPEC 2.14); absent means the built-in agent index. */
  search?: McpSearch;
}

export interface McpSearch {
  provider: SearchProvider;
  /** `search.maxResults` as the runtime resolved it. */
  maxResults: number;
  /** Credential values to scrub from the log line of a failed search. */
  secrets: readonly string[];
}

export interface DocsTool<Input extends z.ZodObject = z.ZodObject> {
  /** The `mcp.tools` toggle that exposes this tool (SPEC 2.10). */
  key: McpToolKey;
  /** The snake_case name clients call (SPEC 2.10), derived from `key`. */
  name: string;
  title: string;
  description: string;
  input: Input;
  /** Declared for tools whose answer is data; `structuredContent` then follows it. */
  output?: z.ZodObject;
  run(args: z.output<Input>, context: ToolContext): Promise<CallToolResult>;
}

/**
 * Keeps each tool's argument type tied to its schema while the list of tools stays one array. The tool's name is
 * the one its `mcp.tools` key exposes (runtime/contract/mcp-tools.ts), never written twice.
 */
export function defineTool<Input extends z.ZodObject>(tool: Omit<DocsTool<Input>, "name">): DocsTool {
  return { ...tool, name: MCP_TOOL_NAMES[tool.key] } as unknown as DocsTool;
}

/** A data answer: the object as `structuredContent` and, for clients that read only text, as JSON text. */
export function jsonResult(value: Record<string, unknown>): CallToolResult {
  return { content: [{ type: "text", text: JSON.stringify(value) }], structuredContent: value };
}

export function textResult(text: string): CallToolResult {
  return { content: [{ type: "text", text }] };
}

/** A tool-level failure the agent can act on (MCP `isError`), as opposed to a protocol error. */
export function toolError(message: string): CallToolResult {
  return { content: [{ type: "text", text: message }], isError: true };
}

export function createToolContext(data: SiteData, search?: McpSearch): ToolContext {
  const base = data.settings.baseUrl?.replace(/\/+$/, "");
  return {
    data,
    publicUrl: (route) => (base && route.startsWith("/") ? `${base}${route}` : route),
    search,
  };
}

/** The concise page entry of `list_pages` and friends (SPEC 4.4: `agent` carries exactly these four keys). */
export function pageSummary(page: PageEntry, context: ToolContext) {
  return {
    path: page.path,
    url: context.publicUrl(page.route),
    markdownUrl: context.publicUrl(page.markdownRoute),
    title: page.title,
    description: page.description,
    agent: {
      hasContract: page.contract !== null,
      task: page.contract?.task ?? null,
      outcome: page.contract?.outcome ?? null,
      appliesTo: page.contract?.appliesTo ?? null,
    },
    // Issue 14: the page's locale, and on a fallback page (no translation yet) the URL of the original it shows.
    ...(page.locale ? { locale: page.locale } : {}),
    ...(page.fallbackOf ? { fallbackOf: context.publicUrl(page.fallbackOf) } : {}),
  };
}

const stringList = z.array(z.string());
export const appliesToSchema = z.object({ framework: stringList, version: stringList, package: stringList });

export const pageSummarySchema = z.object({
  path: z.string().describe('Page path: "" for the docs root, otherwise like "guides/deployment"'),
  url: z.string(),
  markdownUrl: z.string().describe("The agent Markdown of the page"),
  title: z.string(),
  description: z.string().nullable(),
  agent: z.object({
    hasContract: z.boolean(),
    task: z.string().nullable(),
    outcome: z.string().nullable(),
    appliesTo: appliesToSchema.nullable(),
  }),
  locale: z.string().optional().describe("The page's locale (BCP 47), when it has one"),
  fallbackOf: z
    .string()
    .optional()
    .describe("Set when the locale has no translation of this page yet: the URL of the original it shows instead"),
});

/** Page path argument shared by the page tools. */
export const pathArgument = z
  .string()
  .max(512)
  .describe(
    'Page path as listed by list_pages (e.g. "getting-started/installation"); a URL path, ".md" suffix or the docs prefix is accepted too',
  );

/**
 * The page an agent named, or a tool error suggesting the closest paths. Only known page paths are ever read, so
 * traversal attempts (`../../etc/passwd`) cannot reach a file; they are refused before lookup.
 */
export function findPage(context: ToolContext, input: string): { page: PageEntry } | { error: CallToolResult } {
  const { settings, pagesByPath, pages } = context.data;
  let value = input;
  if (/^https?:\/\//i.test(value)) {
    try {
      value = new URL(value).pathname;
    } catch {
      // Not a URL after all: treat it as a path.
    }
  }
  const path = normalizePagePath(value, settings.docsPath);
  if (path === null) {
    const example = pages.find((p) => p.path)?.path ?? "";
    return {
      error: toolError(`"${input}" is not a valid page path. Use a path from list_pages, such as "${example}".`),
    };
  }
  const page = pagesByPath.get(path);
  if (page) return { page };
  const suggestions = closestPaths(
    path,
    pages.map((p) => p.path),
  ).map((p) => JSON.stringify(p));
  return {
    error: toolError(`No page at "${path}". Closest paths: ${suggestions.join(", ")}. list_pages lists every page.`),
  };
}
