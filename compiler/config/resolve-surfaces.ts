/** Defaults of the agent-facing config sections (SPEC 2.8–2.14, 2.17 OGConfig), applied once. */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { DocsConfig, FilledDocsConfig } from "../../runtime/contract/config-schema.ts";
import { defaultFeedbackSchemaRoute } from "../../runtime/contract/index.ts";
import type { AgentSurfaces, RobotsRule } from "./types.ts";

const list = (value: string | string[] | undefined): string[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];
const str = (value: unknown): string | undefined => (typeof value === "string" && value !== "" ? value : undefined);

/** The agent-facing sections of a config whose schema defaults are already filled in. */
/** `baseUrl`: the site's base URL, already derived once (resolve.ts). */
export function resolveSurfaces(
  config: FilledDocsConfig,
  given: DocsConfig,
  site: { root: string; title?: string; baseUrl: string | null },
): AgentSurfaces {
  const { root, title } = site;
  const { sitemap, llmsTxt: llms, robots, mcp, search, og } = config;
  const feedbackAgent = config.feedback.agent;
  return {
    sitemap: { enabled: sitemap.enabled },
    robots: {
      enabled: robots.enabled,
      path: robots.path,
      // SPEC 2.13: the Sitemap line's origin, else the site's base URL (sitemap, then llmsTxt).
      baseUrl: str(robots.baseUrl)?.replace(/\/+$/, "") ?? site.baseUrl,
      ai: robots.ai === false || robots.ai === "disallow" ? "disallow" : "allow",
      aiUserAgents: list(robots.aiUserAgents),
      extraRules: robots.extraRules.map(
        (rule): RobotsRule => ({
          userAgent: list(rule.userAgent ?? "*"),
          allow: list(rule.allow),
          disallow: list(rule.disallow),
          crawlDelay: rule.crawlDelay,
        }),
      ),
    },
    llmsTxt: {
      enabled: llms.enabled,
      siteTitle: str(llms.siteTitle) ?? title ?? "Documentation",
      siteDescription: str(llms.siteDescription) ?? str(config.metadata.description),
      maxChars: llms.maxChars,
      sections: llms.sections.map((section) => ({
        title: section.title ?? "",
        description: str(section.description),
        match: list(section.match),
        maxChars: section.maxChars,
      })),
      apiCatalog: llms.apiCatalog,
    },
    mcp: {
      enabled: mcp.enabled,
      route: mcp.route,
      name: str(mcp.name) ?? title ?? packageName(root) ?? "docs",
      version: mcp.version,
      tools: mcp.tools,
    },
    search: {
      enabled: search.enabled,
      provider: search.provider,
      maxResults: search.maxResults,
      chunking: search.chunking.strategy,
    },
    feedback: {
      agent: {
        enabled: feedbackAgent.enabled,
        route: feedbackAgent.route,
        schemaRoute: str(feedbackAgent.schemaRoute) ?? defaultFeedbackSchemaRoute(feedbackAgent.route),
        schema: feedbackAgent.schema,
      },
    },
    contentChanges: !config.staticExport && config.agent.contentChanges,
    apiReference: {
      enabled: config.apiReference.enabled,
      path: config.apiReference.path.replace(/^\/+|\/+$/g, ""),
      specUrl: str(config.apiReference.specUrl),
      overlays: config.apiReference.overlays ?? [],
      routeRoot: config.apiReference.routeRoot,
      exclude: config.apiReference.exclude,
      ...(config.apiReference.versions?.length ? { versions: config.apiReference.versions } : {}),
      ...(str(config.apiReference.defaultVersion) ? { defaultVersion: str(config.apiReference.defaultVersion) } : {}),
    },
    changelog: {
      enabled: config.changelog.enabled,
      path: config.changelog.path.replace(/^\/+|\/+$/g, ""),
      contentDir: config.changelog.contentDir.replace(/^\/+|\/+$/g, ""),
      title: config.changelog.title,
      description: str(config.changelog.description),
      search: config.changelog.search,
    },
    og: {
      // Giving a `type` is taken as opting in; `enabled: false` still turns it off.
      enabled: og.enabled ?? given.og?.type !== undefined,
      type: og.type,
      endpoint: str(og.endpoint),
      defaultImage: str(og.defaultImage),
    },
    ai: {
      enabled: !config.staticExport && config.ai.enabled,
      mode: config.ai.mode,
      position: config.ai.position,
      floatingStyle: config.ai.floatingStyle,
      aiLabel: config.ai.aiLabel,
      suggestedQuestions: (config.ai.suggestedQuestions ?? []).map((q) => q.trim()).filter(Boolean),
      loader: config.ai.loader,
      feedback:
        config.ai.feedback !== false &&
        !(typeof config.ai.feedback === "object" && config.ai.feedback.enabled === false),
      packageName: str(config.ai.packageName) ?? packageName(root) ?? null,
    },
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
