/** Which server routes exist for this build: none of them under `staticExport` (SPEC 2.1). */
import { DOCS_API_ROUTE, docsApiFormatRoute } from "../../runtime/contract/index.ts";
import type { ResolvedConfig } from "../config/types.ts";
import type { SiteModel } from "../model/types.ts";

export interface AgentRoutes {
  /** The shared docs API route. */
  api: string;
  search?: string;
  mcp?: string;
  feedback?: { submit: string; schema: string };
  contentChanges: boolean;
}

/** `/api/docs?format=openapi` when this build serves a bundled contract (SPEC 4.1): a runtime and an API reference. */
export function openApiRoute(config: ResolvedConfig, site: Pick<SiteModel, "openapi">): string | undefined {
  return !config.staticExport && site.openapi !== undefined ? docsApiFormatRoute("openapi") : undefined;
}

export function agentRoutes(config: ResolvedConfig): AgentRoutes {
  const server = !config.staticExport;
  const { search, mcp, feedback } = config.surfaces;
  return {
    api: DOCS_API_ROUTE,
    search: server && search.enabled ? DOCS_API_ROUTE : undefined,
    mcp: server && mcp.enabled ? mcp.route : undefined,
    feedback:
      server && feedback.agent.enabled
        ? { submit: feedback.agent.route, schema: feedback.agent.schemaRoute }
        : undefined,
    contentChanges: config.surfaces.contentChanges,
  };
}

/**
 * SPEC 4.6: the path the runtime answers as the dynamic Open Graph endpoint: `og.endpoint` when `og.type` is
 * `dynamic` and it is a same-origin path (an absolute URL is another service's). None under `staticExport`.
 */
export function dynamicOgRoute(config: ResolvedConfig): string | undefined {
  const { og } = config.surfaces;
  if (config.staticExport || !og.enabled || og.type !== "dynamic" || !og.endpoint) return undefined;
  if (!og.endpoint.startsWith("/") || og.endpoint.startsWith("//")) return undefined;
  return og.endpoint.replace(/[?#].*$/, "");
}
