/**
 * Public routes of the wire contract (SPEC 4.1–4.4): every path the compiler writes a file for or advertises, and
 * the runtime answers. Declared once here; `compiler/` imports them to write and advertise, `runtime/` to serve.
 */
import type { DocsApiFormat } from "./formats.ts";

/** SPEC 4.1: the shared docs API route. */
export const DOCS_API_ROUTE = "/api/docs";

/** `GET /api/docs?format=<format>` (SPEC 4.1). */
export function docsApiFormatRoute(format: DocsApiFormat): string {
  return `${DOCS_API_ROUTE}?format=${format}`;
}

/**
 * SPEC 4.1 / 2.18: Ask AI chat is `POST /api/docs` (no query). The copy/like/dislike row posts to this URL, and the
 * runtime calls `ai.onActions`.
 */
export const ASK_AI_ACTION_QUERY = { name: "ai", value: "action" } as const;
export const ASK_AI_ACTIONS_ROUTE = `${DOCS_API_ROUTE}?${ASK_AI_ACTION_QUERY.name}=${ASK_AI_ACTION_QUERY.value}`;

/** SPEC 4.1: `format=markdown&path=…`, with `{path}` left for the client to fill. */
export const MARKDOWN_API_PATTERN = `${DOCS_API_ROUTE}?format=markdown&path={path}`;

/** SPEC 4.2 discovery order: primary, fallback, canonical framework route. */
export const MANIFEST_ROUTES = ["/.well-known/agent.json", "/.well-known/agent", "/api/docs/agent/spec"] as const;
/** Where the manifest's Draft 2020-12 schema is served; also its `$schema` and `$id`. */
export const MANIFEST_SCHEMA_ROUTE = "/schemas/docs-agent-manifest.v1.json";
/** RFC 9727 API catalog (absent under staticExport or `llmsTxt.apiCatalog: false`). */
export const API_CATALOG_ROUTE = "/.well-known/api-catalog";
/** Agent Skills discovery index. */
export const AGENT_SKILLS_INDEX_ROUTE = "/.well-known/agent-skills/index.json";

/** The SKILL.md of one skill listed in the Agent Skills index. */
export function agentSkillRoute(name: string): string {
  return `/.well-known/agent-skills/${name}/SKILL.md`;
}

/** SPEC 2.10 / 4.4: the canonical MCP route when `mcp.route` is not set, and its public aliases. */
export const DEFAULT_MCP_ROUTE = "/api/docs/mcp";
export const MCP_ALIAS_ROUTES = ["/mcp", "/.well-known/mcp"] as const;

/** SPEC 2.8: agent feedback routes when `feedback.agent.route` / `schemaRoute` are not set. */
export const DEFAULT_FEEDBACK_ROUTE = "/api/docs/agent/feedback";
export function defaultFeedbackSchemaRoute(route: string): string {
  return `${route}/schema`;
}

/** SPEC 4.2: llms.txt files at the root and under `/.well-known/`; sections add `<prefix>/llms.txt`. */
export const LLMS_ROUTES = {
  index: "/llms.txt",
  full: "/llms-full.txt",
  wellKnownIndex: "/.well-known/llms.txt",
  wellKnownFull: "/.well-known/llms-full.txt",
} as const;

/** A section's llms files under its URL prefix (`/docs/api` → `/docs/api/llms.txt`). */
export function sectionLlmsRoutes(prefix: string): { index: string; full: string } {
  const base = prefix === "/" ? "" : prefix.replace(/\/+$/, "");
  return { index: `${base}/llms.txt`, full: `${base}/llms-full.txt` };
}

/** SPEC 4.2 sitemaps: XML at the root, Markdown at the root, under the docs route and under `/.well-known/`. */
export const SITEMAP_ROUTES = {
  xml: "/sitemap.xml",
  markdown: "/sitemap.md",
  wellKnownMarkdown: "/.well-known/sitemap.md",
} as const;

/** The Markdown sitemap under the docs route (`/docs/sitemap.md`; the root one when docs are served from `/`). */
export function docsSitemapRoute(docsRoute: string): string {
  return docsRoute === "/" ? SITEMAP_ROUTES.markdown : `${docsRoute}/sitemap.md`;
}

export const ROBOTS_ROUTE = "/robots.txt";

/** SPEC 4.2: AGENTS.md, its well-known copy, and `/AGENT.md`, an alias with no file of its own. */
export const AGENTS_ROUTES = {
  file: "/AGENTS.md",
  wellKnown: "/.well-known/AGENTS.md",
  aliases: ["/AGENT.md"],
} as const;
export const SKILL_ROUTES = { file: "/skill.md", wellKnown: "/.well-known/skill.md" } as const;

/** Public route of the docs root: `/docs`, or `/` when `docsPath` is empty. */
export function docsRouteOf(docsPath: string): string {
  return docsPath ? `/${docsPath}` : "/";
}

/** The agent Markdown URL pattern of pages (`/docs/{path}.md`). */
export function markdownPagePattern(docsRoute: string): string {
  return docsRoute === "/" ? "/{path}.md" : `${docsRoute}/{path}.md`;
}

/**
 * Issue 13 (SPEC 2.8 human feedback, 2.17 `onCopyClick`, 6.1): what the page's scripts report to the runtime.
 * `GET` answers which streams the runtime takes (`PageEventsCapabilities`), so a page on a plain static host, where
 * the route is absent, shows no feedback buttons and sends nothing; `POST` takes one `PageEventBody`.
 */
export const PAGE_EVENTS_ROUTE = `${DOCS_API_ROUTE}/events`;

/** The event types the page sends; each becomes the analytics event of the same name. */
export const PAGE_EVENT_TYPES = ["page_view", "page_action", "code_copy", "feedback"] as const;
export type PageEventType = (typeof PAGE_EVENT_TYPES)[number];

/** The page actions of SPEC 2.19 a `page_action` event names. */
export const PAGE_ACTIONS = ["copy_page", "open_docs"] as const;

/** `GET /api/docs/events`. */
export interface PageEventsCapabilities {
  /** The runtime has an analytics stream: send page views, page actions and code copies. */
  analytics: boolean;
  /** The runtime takes human feedback (`feedback` on in the config it was given). */
  feedback: boolean;
  /** Whether an answer to feedback needs a comment (`feedback.requireComment`). */
  requireComment: boolean;
  /** Code copies are wanted: analytics is on or the config has `onCopyClick`. */
  codeCopy: boolean;
}
