/** Format identifiers of every document in the wire contract (SPEC 2.2–2.5, 9.2) and of the runtime bundle. */

/** SPEC 2.2 `DEFAULT_DOCS_CONFIG_FORMAT`. */
export const CONFIG_MAP_FORMAT = "docs-config-map.v1";
export const DIAGNOSTICS_FORMAT = "docs-diagnostics.v1";
export const CONTENT_CHANGES_FORMAT = "docs-content-changes.v1";
export const MANIFEST_FORMAT = "docs-agent-manifest.v1";

/** Files of the runtime bundle (`_docs/`), private to Quire but versioned so a runtime can refuse a foreign build. */
export const SITE_SETTINGS_FORMAT = "quire-site.v1";
export const CHANGES_LOG_FORMAT = "quire-changes-log.v1";
export const BUILD_MANIFEST_FORMAT = "quire-build-manifest.v1";

/** SPEC 4.1: the values of `GET /api/docs?format=`. */
export const DOCS_API_FORMATS = ["markdown", "config", "diagnostics", "agents", "skill", "openapi"] as const;
export type DocsApiFormat = (typeof DOCS_API_FORMATS)[number];

/** SPEC 4.1: `?lang=` and `?locale=` select a locale on the docs API, search and the manifest. */
export const LOCALE_QUERY_PARAMETERS = ["lang", "locale"] as const;

/** Marks where each page starts in `llms-full.txt`; the runtime makes the route absolute for relative builds. */
export function sourceMarker(url: string): string {
  return `<!-- source: ${url} -->`;
}

/** Rewrites the URL of every root-relative source marker (`/docs/x.md` → `fn("/docs/x.md")`). */
export function mapSourceMarkers(text: string, fn: (route: string) => string): string {
  return text.replace(/^<!-- source: (\/\S*) -->$/gm, (_, route: string) => sourceMarker(fn(route)));
}
