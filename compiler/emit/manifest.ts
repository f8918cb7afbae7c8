/**
 * The discovery manifest (`docs-agent-manifest.v1`, SPEC 2.5) at /.well-known/agent.json, /.well-known/agent
 * and /api/docs/agent/spec, plus its Draft 2020-12 schema at the `$schema` URL's path. Capability flags tell the
 * truth for this build: server features are false under staticExport.
 */
import type { ResolvedConfig } from "../config/types.ts";
import { absoluteUrl } from "../model/routes.ts";
import type { SiteModel } from "../model/types.ts";
import { agentRoutes, DOCS_API_ROUTE } from "./agent-routes.ts";
import { skillName } from "./agent-files.ts";
import type { EmitContext } from "./context.ts";
import { MANIFEST_SCHEMA_PATH, manifestSchema } from "./manifest-schema.ts";
import { matchPrefix } from "./route-match.ts";

export const MANIFEST_FORMAT = "docs-agent-manifest.v1";
export const MANIFEST_ROUTES = ["/.well-known/agent.json", "/.well-known/agent", "/api/docs/agent/spec"];

export function emitManifest(context: EmitContext): void {
  const manifest = JSON.stringify(buildManifest(context.config, context.site), null, 2) + "\n";
  for (const route of MANIFEST_ROUTES) context.files.set(route.slice(1), manifest);
  context.files.set(MANIFEST_SCHEMA_PATH.slice(1), JSON.stringify(manifestSchema, null, 2) + "\n");
}

export function buildManifest(config: ResolvedConfig, site: SiteModel) {
  const routes = agentRoutes(config);
  const { llmsTxt, sitemap, robots, mcp, search, apiReference } = config.surfaces;
  const url = (route: string) => absoluteUrl(config.baseUrl, route);
  const docsRoute = config.docsPath ? `/${config.docsPath}` : "/";
  const locales = [...new Set(site.pages.map((p) => p.frontmatter.locale).filter((l): l is string => Boolean(l)))].sort();
  const apiCatalog = !config.staticExport && llmsTxt.apiCatalog;
  const skill = skillName(config);
  return {
    $schema: url(MANIFEST_SCHEMA_PATH),
    format: MANIFEST_FORMAT,
    generator: "quire",
    site: {
      title: llmsTxt.siteTitle,
      description: llmsTxt.siteDescription ?? null,
      entry: config.entry,
      docsRoute,
      baseUrl: config.baseUrl,
    },
    locales: { available: locales, queryParameters: ["lang", "locale"] },
    capabilities: {
      apiCatalog,
      agentSkills: true,
      markdown: true,
      structuredData: true,
      mcp: routes.mcp !== undefined,
      search: routes.search !== undefined,
      feedback: routes.feedback !== undefined,
      agentsMd: true,
      skills: true,
      llmsTxt: llmsTxt.enabled,
      sitemap: sitemap.enabled,
      contentChanges: routes.contentChanges,
    },
    api: {
      route: DOCS_API_ROUTE,
      config: `${DOCS_API_ROUTE}?format=config`,
      diagnostics: `${DOCS_API_ROUTE}?format=diagnostics`,
      apiCatalog: "/.well-known/api-catalog",
      agentSkillsIndex: "/.well-known/agent-skills/index.json",
      ...(apiReference.enabled ? { openapi: `${DOCS_API_ROUTE}?format=openapi` } : {}),
    },
    search: {
      enabled: routes.search !== undefined,
      provider: search.provider,
      endpoint: DOCS_API_ROUTE,
      queryParameter: "query",
      localeParameters: ["lang", "locale"],
      maxResults: search.maxResults,
    },
    markdown: {
      pagePattern: docsRoute === "/" ? "/{path}.md" : `${docsRoute}/{path}.md`,
      apiPattern: `${DOCS_API_ROUTE}?format=markdown&path={path}`,
      acceptHeader: "text/markdown",
      signatureAgentHeader: "Signature-Agent",
    },
    structuredData: { schema: "https://schema.org/TechArticle", format: "application/ld+json" },
    llmsTxt: {
      enabled: llmsTxt.enabled,
      route: "/llms.txt",
      fullRoute: "/llms-full.txt",
      wellKnown: "/.well-known/llms.txt",
      wellKnownFull: "/.well-known/llms-full.txt",
      sections: llmsTxt.sections.map((s) => {
        const prefix = matchPrefix(s.match[0] ?? "/");
        return { title: s.title, route: `${prefix === "/" ? "" : prefix}/llms.txt`, fullRoute: `${prefix === "/" ? "" : prefix}/llms-full.txt` };
      }),
    },
    sitemap: {
      enabled: sitemap.enabled,
      xml: { route: "/sitemap.xml" },
      markdown: { route: "/sitemap.md", docsRoute: docsRoute === "/" ? "/sitemap.md" : `${docsRoute}/sitemap.md`, wellKnown: "/.well-known/sitemap.md" },
    },
    robots: { enabled: robots.enabled, route: "/robots.txt", defaultRoute: "/robots.txt" },
    agentsMd: {
      route: "/AGENTS.md",
      wellKnown: "/.well-known/AGENTS.md",
      apiFormat: `${DOCS_API_ROUTE}?format=agents`,
      aliases: ["/AGENT.md"],
      rootFile: "AGENTS.md",
    },
    skills: {
      route: "/skill.md",
      wellKnown: "/.well-known/skill.md",
      apiFormat: `${DOCS_API_ROUTE}?format=skill`,
      rootFile: "skill.md",
      index: "/.well-known/agent-skills/index.json",
      install: {
        command: `mkdir -p .agents/skills/${skill} && curl -fsSL ${url(`/.well-known/agent-skills/${skill}/SKILL.md`)} -o .agents/skills/${skill}/SKILL.md`,
      },
      recommended: { name: skill, url: url(`/.well-known/agent-skills/${skill}/SKILL.md`) },
    },
    config: { format: "docs-config-map.v1", endpoint: `${DOCS_API_ROUTE}?format=config` },
    mcp: {
      enabled: routes.mcp !== undefined,
      endpoint: mcp.route,
      publicEndpoint: "/mcp",
      wellKnownEndpoint: "/.well-known/mcp",
      name: mcp.name,
      version: mcp.version,
      transports: ["streamable-http", "stdio"],
      tools: mcp.tools,
    },
    feedback: {
      enabled: routes.feedback !== undefined,
      schema: config.surfaces.feedback.agent.schemaRoute,
      submit: config.surfaces.feedback.agent.route,
    },
  };
}
