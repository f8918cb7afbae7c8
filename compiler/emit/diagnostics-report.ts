/**
 * The diagnostics report (`docs-diagnostics.v1`, SPEC 2.3): which features are on, which are available in this
 * build (server-side ones are not under staticExport), and configuration issues. The config is redacted.
 */
import { DIAGNOSTICS_FORMAT } from "../../runtime/contract/index.ts";
import { hasContract } from "../content/contract.ts";
import { redactConfig } from "../config/redact.ts";
import type { ResolvedConfig } from "../config/types.ts";
import type { BuildMessage } from "../diagnostics.ts";
import type { SiteModel } from "../model/types.ts";

interface Feature {
  name: string;
  enabled: boolean;
  available: boolean;
  reason?: string;
}

export function buildDiagnostics(config: ResolvedConfig, site: SiteModel, messages: BuildMessage[]) {
  const s = config.surfaces;
  const staticOnly = "unavailable under staticExport: it needs the docs runtime (server)";
  const server = (name: string, enabled: boolean): Feature => ({
    name,
    enabled,
    available: enabled && !config.staticExport,
    ...(enabled && config.staticExport ? { reason: staticOnly } : {}),
  });
  const built = (name: string, enabled: boolean): Feature => ({ name, enabled, available: enabled });
  const features: Feature[] = [
    built("markdown", true),
    built("llmsTxt", s.llmsTxt.enabled),
    built("sitemap", s.sitemap.enabled),
    built("robots", s.robots.enabled),
    built("agentsMd", true),
    built("skills", true),
    built("agentSkillsIndex", true),
    built("manifest", true),
    built("structuredData", true),
    built("ogImages", s.og.enabled && s.og.type === "static"),
    server("dynamicOgImages", s.og.enabled && s.og.type === "dynamic"),
    server("apiCatalog", s.llmsTxt.apiCatalog),
    server("search", s.search.enabled),
    server("mcp", s.mcp.enabled),
    built("mcpStdio", s.mcp.enabled),
    server("feedback", s.feedback.agent.enabled),
    server("contentChanges", !config.staticExport && s.contentChanges),
    server("askAi", config.raw.ai?.enabled === true),
    // From `specUrl`, `versions` or route scanning; enabled with nothing to document (a warning at build) is unavailable.
    site.openapi
      ? built("apiReference", true)
      : {
          name: "apiReference",
          enabled: s.apiReference.enabled,
          available: false,
          ...(s.apiReference.enabled ? { reason: "no contract read and no API route handlers found" } : {}),
        },
    built("changelog", s.changelog.enabled),
  ];
  const issues = [
    ...(config.baseUrl
      ? []
      : [
          {
            severity: "warning",
            code: "no-base-url",
            message:
              "no base URL: sitemap.xml, llms.txt and JSON-LD use relative URLs; set sitemap.baseUrl or llmsTxt.baseUrl",
          },
        ]),
    ...features
      .filter((f) => f.reason)
      .map((f) => ({
        severity: "info",
        code: f.reason === staticOnly ? "static-export" : "unavailable",
        message: `${f.name} is ${f.reason === staticOnly ? f.reason : `unavailable: ${f.reason}`}`,
      })),
    ...messages.map((m) => ({
      severity: m.severity,
      code: m.rule,
      message: m.reason,
      file: m.file,
      ...(m.line ? { line: m.line, column: m.column } : {}),
    })),
  ];
  return {
    format: DIAGNOSTICS_FORMAT,
    generator: "quire",
    site: {
      title: s.llmsTxt.siteTitle,
      entry: config.entry,
      docsRoute: config.docsRoute,
      baseUrl: config.baseUrl,
      staticExport: config.staticExport,
    },
    pages: {
      total: site.pages.length,
      withAgentContract: site.pages.filter((p) => hasContract(p.frontmatter.agent)).length,
      withAgentFile: site.pages.filter((p) => p.hasAgentFile).length,
      hidden: site.pages.filter((p) => p.frontmatter.hidden).length,
    },
    features,
    issues,
    config: redactConfig(config.raw),
  };
}
