/**
 * The configured search provider for one request (SPEC 2.14). Public search asks for the `human` audience, MCP
 * `search_docs` for `agent`. Without an external provider in the runtime config the built-in `simple` index
 * answers; an `mcp` provider whose endpoint is one of this site's own MCP routes does too, since calling it would
 * recurse (SPEC 2.14).
 */
import { MCP_ALIAS_ROUTES } from "../../contract/index.ts";
import type { SiteData } from "../../site-data.ts";
import { createAlgoliaProvider } from "./algolia.ts";
import type { ResolvedSearchConfig } from "./config.ts";
import { createCustomProvider } from "./custom.ts";
import { createMcpProvider } from "./mcp.ts";
import { withSyncOnSearch } from "../sync/sync-on-search.ts";
import { createSimpleProvider } from "./simple.ts";
import { createTypesenseProvider } from "./typesense.ts";
import type { SearchAudience, SearchProvider } from "./types.ts";

export { resolveSearchConfig, type ResolvedSearchConfig, type SearchTransport } from "./config.ts";
export { asProviderError, logProviderFailure, SearchProviderError } from "./provider-error.ts";
export type {
  SearchAdapter,
  SearchAdapterContext,
  SearchAudience,
  SearchDocument,
  SearchPage,
  SearchProvider,
  SearchResultItem,
} from "./types.ts";

/** Aliases every site serves its MCP endpoint at, besides `mcp.route` (SPEC 4.4). */

export interface ProviderRequest {
  data: SiteData;
  audience: SearchAudience;
  /** The URL of the request being answered: relative `mcp` endpoints resolve against it. */
  requestUrl: URL;
}

export function createSearchProvider(
  config: ResolvedSearchConfig,
  { data, audience, requestUrl }: ProviderRequest,
): SearchProvider {
  const external = config.external;
  switch (external?.provider) {
    case "typesense":
    case "algolia": {
      const provider =
        external.provider === "typesense"
          ? createTypesenseProvider(external, config.transport)
          : createAlgoliaProvider(external, config.transport);
      return config.syncOnSearch
        ? withSyncOnSearch(provider, config.syncOnSearch, data, config.transport, config.secrets)
        : provider;
    }
    case "custom":
      return createCustomProvider(external, config.transport, data);
    case "mcp": {
      const endpoint = resolveEndpoint(external.endpoint, requestUrl);
      if (endpoint && !isOwnMcpRoute(endpoint, requestUrl, data))
        return createMcpProvider(external, config.transport, endpoint);
      return createSimpleProvider(data, audience);
    }
    default:
      return createSimpleProvider(data, audience);
  }
}

/** The most results a search returns: the runtime config's `maxResults`, else the build's, else 10 (SPEC 8). */
export function maxResultsOf(config: ResolvedSearchConfig, data: SiteData): number {
  return config.maxResults ?? (data.settings.search.maxResults || 10);
}

function resolveEndpoint(endpoint: string, base: URL): URL | null {
  try {
    return new URL(endpoint, base);
  } catch {
    return null;
  }
}

function isOwnMcpRoute(endpoint: URL, requestUrl: URL, data: SiteData): boolean {
  if (endpoint.origin !== requestUrl.origin) return false;
  const trim = (path: string) => path.replace(/\/+$/, "") || "/";
  const path = trim(endpoint.pathname);
  return path === trim(data.settings.mcp.route) || (MCP_ALIAS_ROUTES as readonly string[]).includes(path);
}
