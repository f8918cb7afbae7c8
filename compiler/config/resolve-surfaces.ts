/** Defaults of the agent-facing config sections (SPEC 2.8–2.14, 2.17 OGConfig), applied once. */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { DEFAULT_FEEDBACK_ROUTE, DEFAULT_MCP_ROUTE, defaultFeedbackSchemaRoute, MCP_TOOL_KEYS, type McpToolKey } from "../../runtime/contract/index.ts";
import type { AgentSurfaces, DocsConfig, RobotsRule } from "./types.ts";

type Loose = Record<string, unknown>;

const section = (value: unknown): Loose => (typeof value === "object" && value !== null ? (value as Loose) : {});
const enabled = (value: unknown, fallback: boolean): boolean =>
  typeof value === "boolean" ? value : value === undefined ? fallback : (section(value).enabled as boolean | undefined) ?? true;
const list = (value: unknown): string[] => (value === undefined ? [] : Array.isArray(value) ? value.map(String) : [String(value)]);
const str = (value: unknown): string | undefined => (typeof value === "string" && value !== "" ? value : undefined);

export function resolveSurfaces(config: DocsConfig, root: string, title: string | undefined): AgentSurfaces {
  const staticExport = config.staticExport ?? false;
  const sitemap = section(config.sitemap);
  const llms = section(config.llmsTxt);
  const robots = section(config.robots);
  const mcp = section(config.mcp);
  const search = section(config.search);
  const feedbackAgent = section(section(config.feedback).agent);
  const og = section(config.og);
  const maxChars = section(llms.maxChars);
  const feedbackRoute = str(feedbackAgent.route) ?? DEFAULT_FEEDBACK_ROUTE;
  const robotsAi = robots.ai === false || robots.ai === "disallow" ? "disallow" : "allow";
  return {
    sitemap: { enabled: enabled(config.sitemap, true) },
    robots: {
      enabled: enabled(config.robots, true),
      path: str(robots.path) ?? "public/robots.txt",
      baseUrl: str(robots.baseUrl) ?? str(sitemap.baseUrl) ?? str(llms.baseUrl) ?? null,
      ai: robotsAi,
      aiUserAgents: list(robots.aiUserAgents),
      extraRules: ((robots.extraRules as Loose[] | undefined) ?? []).map((rule): RobotsRule => ({
        userAgent: list(rule.userAgent ?? "*"),
        allow: list(rule.allow),
        disallow: list(rule.disallow),
        crawlDelay: typeof rule.crawlDelay === "number" ? rule.crawlDelay : undefined,
      })),
    },
    llmsTxt: {
      enabled: (llms.enabled as boolean | undefined) ?? true,
      siteTitle: str(llms.siteTitle) ?? title ?? "Documentation",
      siteDescription: str(llms.siteDescription) ?? str(config.metadata?.description),
      maxChars: { mode: (maxChars.mode as "warn" | "error" | "off" | undefined) ?? "warn", chars: (maxChars.chars as number | undefined) ?? 50000 },
      sections: ((llms.sections as Loose[] | undefined) ?? []).map((s) => ({
        title: String(s.title ?? ""),
        description: str(s.description),
        match: list(s.match),
        maxChars: typeof s.maxChars === "number" ? s.maxChars : undefined,
      })),
      apiCatalog: (llms.apiCatalog as boolean | undefined) ?? true,
    },
    mcp: {
      enabled: enabled(config.mcp, true),
      route: str(mcp.route) ?? DEFAULT_MCP_ROUTE,
      name: str(mcp.name) ?? title ?? packageName(root) ?? "docs",
      version: str(mcp.version) ?? "0.0.0",
      tools: Object.fromEntries(MCP_TOOL_KEYS.map((tool) => [tool, (section(mcp.tools)[tool] as boolean | undefined) ?? true])) as Record<McpToolKey, boolean>,
    },
    search: {
      enabled: enabled(config.search, true),
      provider: str(search.provider) ?? "simple",
      maxResults: (search.maxResults as number | undefined) ?? 10,
      chunking: section(search.chunking).strategy === "page" ? "page" : "section",
    },
    feedback: {
      agent: {
        enabled: enabled(section(config.feedback).agent, true),
        route: feedbackRoute,
        schemaRoute: str(feedbackAgent.schemaRoute) ?? defaultFeedbackSchemaRoute(feedbackRoute),
        schema: feedbackAgent.schema as Loose | undefined,
      },
    },
    contentChanges: !staticExport && ((section(config.agent).contentChanges as boolean | undefined) ?? true),
    apiReference: { enabled: enabled(config.apiReference, false), path: str(section(config.apiReference).path) ?? "api-reference" },
    og: {
      // Giving a `type` is taken as opting in; `enabled: false` still turns it off.
      enabled: (og.enabled as boolean | undefined) ?? og.type !== undefined,
      type: og.type === "dynamic" ? "dynamic" : "static",
      endpoint: str(og.endpoint),
      defaultImage: str(og.defaultImage),
    },
    ai: { enabled: !staticExport && ((section(config.ai).enabled as boolean | undefined) ?? false) },
  };
}

function packageName(root: string): string | undefined {
  const file = path.join(root, "package.json");
  if (!existsSync(file)) return undefined;
  try {
    return str(JSON.parse(readFileSync(file, "utf8")).name);
  } catch {
    return undefined;
  }
}
