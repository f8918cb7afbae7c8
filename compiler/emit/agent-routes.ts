/** Which server routes exist for this build: none of them under `staticExport` (SPEC 2.1). */
import { DOCS_API_ROUTE } from "../../runtime/contract/index.ts";
import type { ResolvedConfig } from "../config/types.ts";

export interface AgentRoutes {
  /** The shared docs API route. */
  api: string;
  search?: string;
  mcp?: string;
  feedback?: { submit: string; schema: string };
  contentChanges: boolean;
}

export function agentRoutes(config: ResolvedConfig): AgentRoutes {
  const server = !config.staticExport;
  const { search, mcp, feedback } = config.surfaces;
  return {
    api: DOCS_API_ROUTE,
    search: server && search.enabled ? DOCS_API_ROUTE : undefined,
    mcp: server && mcp.enabled ? mcp.route : undefined,
    feedback: server && feedback.agent.enabled ? { submit: feedback.agent.route, schema: feedback.agent.schemaRoute } : undefined,
    contentChanges: config.surfaces.contentChanges,
  };
}
