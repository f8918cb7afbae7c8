/**
 * The discovery manifest (`docs-agent-manifest.v1`, SPEC 2.5) at /.well-known/agent.json, /.well-known/agent
 * and /api/docs/agent/spec, plus its Draft 2020-12 schema at the `$schema` URL's path. Capability flags tell the
 * truth for this build: server features are false under staticExport.
 */
import type { ResolvedConfig } from "../config/types.ts";
import { absoluteUrl } from "../model/routes.ts";
import type { SiteModel } from "../model/types.ts";
import {
  AGENT_SKILLS_INDEX_ROUTE,
  AGENTS_ROUTES,
  API_CATALOG_ROUTE,
  CONFIG_MAP_FORMAT,
  DOCS_API_ROUTE,
  docsApiFormatRoute,
  docsSitemapRoute,
  agentSkillRoute,
  LLMS_ROUTES,
  LOCALE_QUERY_PARAMETERS,
  MANIFEST_FORMAT,
  MANIFEST_ROUTES,
  MANIFEST_SCHEMA_ROUTE,
  MARKDOWN_API_PATTERN,
  markdownPagePattern,
  MCP_ALIAS_ROUTES,
  ROBOTS_ROUTE,
  sectionLlmsRoutes,
  SITEMAP_ROUTES,
  SKILL_ROUTES,
} from "../../runtime/contract/index.ts";
import { agentRoutes, openApiRoute } from "./agent-routes.ts";
import { skillName } from "./agent-files.ts";
import { manifestLocales } from "../i18n/locale-manifest.ts";
import type { EmitContext } from "./context.ts";
import { manifestSchema } from "./manifest-schema.ts";
import { matchPrefix } from "./route-match.ts";

export function emitManifest(context: EmitContext): void {
  const manifest = JSON.stringify(buildManifest(context.config, context.site), null, 2) + "\n";
  for (const route of MANIFEST_ROUTES) context.files.set(route.slice(1), manifest);
  const schema = manifestSchema(absoluteUrl(context.config.baseUrl, MANIFEST_SCHEMA_ROUTE));
  context.files.set(MANIFEST_SCHEMA_ROUTE.slice(1), JSON.stringify(schema, null, 2) + "\n");
}

export function buildManifest(config: ResolvedConfig, site: SiteModel) {
  const routes = agentRoutes(config);
  const { llmsTxt, sitemap, robots, mcp, search, apiReference } = config.surfaces;
  const url = (route: string) => absoluteUrl(config.baseUrl, route);
  const { docsRoute } = config;
  const apiCatalog = !config.staticExport && llmsTxt.apiCatalog;
  const skill = skillName(config);
  return {
    $schema: url(MANIFEST_SCHEMA_ROUTE),
    format: MANIFEST_FORMAT,
    generator: "quire",
    site: {
      title: llmsTxt.siteTitle,
      description: llmsTxt.siteDescription ?? null,
      entry: config.entry,
      docsRoute,
      baseUrl: config.baseUrl,
    },
    locales: { available: site.locales, queryParameters: [...LOCALE_QUERY_PARAMETERS], ...manifestLocales(config) },
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
      config: docsApiFormatRoute("config"),
      diagnostics: docsApiFormatRoute("diagnostics"),
      // Only a catalog this build writes is advertised (SPEC 4.2: absent under staticExport or apiCatalog: false).
      ...(apiCatalog ? { apiCatalog: API_CATALOG_ROUTE } : {}),
      // SPEC 4.1: the bundled contract, only when this build wrote one and a runtime serves it.
      ...(openApiRoute(config, site) ? { openapi: openApiRoute(config, site) } : {}),
      agentSkillsIndex: AGENT_SKILLS_INDEX_ROUTE,
    },
    search: {
      enabled: routes.search !== undefined,
      provider: search.provider,
      endpoint: DOCS_API_ROUTE,
      queryParameter: "query",
      localeParameters: [...LOCALE_QUERY_PARAMETERS],
      maxResults: search.maxResults,
    },
    markdown: {
      pagePattern: markdownPagePattern(docsRoute),
      apiPattern: MARKDOWN_API_PATTERN,
      acceptHeader: "text/markdown",
      signatureAgentHeader: "Signature-Agent",
    },
    structuredData: { schema: "https://schema.org/TechArticle", format: "application/ld+json" },
    llmsTxt: {
      enabled: llmsTxt.enabled,
      route: LLMS_ROUTES.index,
      fullRoute: LLMS_ROUTES.full,
      wellKnown: LLMS_ROUTES.wellKnownIndex,
      wellKnownFull: LLMS_ROUTES.wellKnownFull,
      sections: llmsTxt.sections.map((s) => {
        const section = sectionLlmsRoutes(matchPrefix(s.match[0] ?? "/"));
        return { title: s.title, route: section.index, fullRoute: section.full };
      }),
    },
    sitemap: {
      enabled: sitemap.enabled,
      xml: { route: SITEMAP_ROUTES.xml },
      markdown: {
        route: SITEMAP_ROUTES.markdown,
        docsRoute: docsSitemapRoute(docsRoute),
        wellKnown: SITEMAP_ROUTES.wellKnownMarkdown,
      },
    },
    robots: { enabled: robots.enabled, route: ROBOTS_ROUTE, defaultRoute: ROBOTS_ROUTE },
    agentsMd: {
      route: AGENTS_ROUTES.file,
      wellKnown: AGENTS_ROUTES.wellKnown,
      apiFormat: docsApiFormatRoute("agents"),
      aliases: [...AGENTS_ROUTES.aliases],
      rootFile: AGENTS_ROUTES.file.slice(1),
    },
    skills: {
      route: SKILL_ROUTES.file,
      wellKnown: SKILL_ROUTES.wellKnown,
      apiFormat: docsApiFormatRoute("skill"),
      rootFile: SKILL_ROUTES.file.slice(1),
      index: AGENT_SKILLS_INDEX_ROUTE,
      install: {
        command: `mkdir -p .agents/skills/${skill} && curl -fsSL ${url(agentSkillRoute(skill))} -o .agents/skills/${skill}/SKILL.md`,
      },
      recommended: { name: skill, url: url(agentSkillRoute(skill)) },
    },
    config: { format: CONFIG_MAP_FORMAT, endpoint: docsApiFormatRoute("config") },
    mcp: {
      enabled: routes.mcp !== undefined,
      endpoint: mcp.route,
      publicEndpoint: MCP_ALIAS_ROUTES[0],
      wellKnownEndpoint: MCP_ALIAS_ROUTES[1],
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
