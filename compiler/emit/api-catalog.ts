/**
 * RFC 9727 API catalog at /.well-known/api-catalog: a Linkset (RFC 9264, application/linkset+json) whose first
 * context is the catalog itself with `item` links, then one context per API with service-doc / service-desc /
 * service-meta links. Absent under staticExport or `llmsTxt.apiCatalog: false` (SPEC 2.1, 4.2).
 */
import {
  AGENTS_ROUTES,
  API_CATALOG_ROUTE,
  LLMS_ROUTES,
  MANIFEST_ROUTES,
  MANIFEST_SCHEMA_ROUTE,
} from "../../runtime/contract/index.ts";
import type { ResolvedConfig } from "../config/types.ts";
import { absoluteUrl } from "../model/routes.ts";
import type { SiteModel } from "../model/types.ts";
import { agentRoutes, openApiRoute } from "./agent-routes.ts";
import type { EmitContext } from "./context.ts";

export function emitApiCatalog(context: EmitContext): void {
  const { config } = context;
  if (config.staticExport || !config.surfaces.llmsTxt.apiCatalog) return;
  context.files.set(API_CATALOG_ROUTE.slice(1), JSON.stringify(buildApiCatalog(config, context.site), null, 2) + "\n");
}

export function buildApiCatalog(config: ResolvedConfig, site: Pick<SiteModel, "openapi"> = {}) {
  const url = (route: string) => absoluteUrl(config.baseUrl, route);
  const routes = agentRoutes(config);
  const docsUrl = url(config.docsRoute);
  const manifest = { href: url(MANIFEST_ROUTES[0]), type: "application/json" };
  const apis = [
    {
      anchor: url(routes.api),
      "service-doc": [
        { href: docsUrl, type: "text/html" },
        { href: url(LLMS_ROUTES.index), type: "text/plain" },
      ],
      "service-desc": [{ href: url(MANIFEST_SCHEMA_ROUTE), type: "application/schema+json" }],
      "service-meta": [manifest],
    },
  ];
  if (routes.mcp) {
    apis.push({
      anchor: url(routes.mcp),
      "service-doc": [{ href: url(AGENTS_ROUTES.file), type: "text/markdown" }],
      "service-desc": [{ href: url(MANIFEST_SCHEMA_ROUTE), type: "application/schema+json" }],
      "service-meta": [manifest],
    });
  }
  // SPEC 2.15: the documented API, described by its bundled contract (RFC 9727 service-desc) and its reference pages.
  const openapi = openApiRoute(config, site);
  if (openapi) {
    const reference = [config.docsPath, config.surfaces.apiReference.path].filter(Boolean).join("/");
    apis.push({
      anchor: url(`/${reference}`),
      "service-doc": [
        { href: url(`/${reference}`), type: "text/html" },
        { href: url(`/${reference}.md`), type: "text/markdown" },
      ],
      "service-desc": [{ href: url(openapi), type: "application/vnd.oai.openapi+json" }],
      "service-meta": [manifest],
    });
  }
  return {
    linkset: [{ anchor: url(API_CATALOG_ROUTE), item: apis.map((api) => ({ href: api.anchor })) }, ...apis],
  };
}
