/**
 * RFC 9727 API catalog at /.well-known/api-catalog: a Linkset (RFC 9264, application/linkset+json) whose first
 * context is the catalog itself with `item` links, then one context per API with service-doc / service-desc /
 * service-meta links. Absent under staticExport or `llmsTxt.apiCatalog: false` (SPEC 2.1, 4.2).
 */
import type { ResolvedConfig } from "../config/types.ts";
import { absoluteUrl } from "../model/routes.ts";
import { agentRoutes } from "./agent-routes.ts";
import type { EmitContext } from "./context.ts";
import { MANIFEST_SCHEMA_PATH } from "./manifest-schema.ts";

export const API_CATALOG_PATH = ".well-known/api-catalog";

export function emitApiCatalog(context: EmitContext): void {
  const { config } = context;
  if (config.staticExport || !config.surfaces.llmsTxt.apiCatalog) return;
  context.files.set(API_CATALOG_PATH, JSON.stringify(buildApiCatalog(config), null, 2) + "\n");
}

export function buildApiCatalog(config: ResolvedConfig) {
  const url = (route: string) => absoluteUrl(config.baseUrl, route);
  const routes = agentRoutes(config);
  const docsUrl = url(config.docsPath ? `/${config.docsPath}` : "/");
  const manifest = { href: url("/.well-known/agent.json"), type: "application/json" };
  const apis = [
    {
      anchor: url(routes.api),
      "service-doc": [{ href: docsUrl, type: "text/html" }, { href: url("/llms.txt"), type: "text/plain" }],
      "service-desc": [{ href: url(MANIFEST_SCHEMA_PATH), type: "application/schema+json" }],
      "service-meta": [manifest],
    },
  ];
  if (routes.mcp) {
    apis.push({
      anchor: url(routes.mcp),
      "service-doc": [{ href: url("/AGENTS.md"), type: "text/markdown" }],
      "service-desc": [{ href: url(MANIFEST_SCHEMA_PATH), type: "application/schema+json" }],
      "service-meta": [manifest],
    });
  }
  return {
    linkset: [
      { anchor: url(`/${API_CATALOG_PATH}`), item: apis.map((api) => ({ href: api.anchor })) },
      ...apis,
    ],
  };
}
