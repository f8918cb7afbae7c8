/**
 * Data the edge runtime serves for query routes (`/api/docs?format=config|diagnostics`), written under `_docs/`,
 * and a `_headers` file giving extensionless discovery files their media types on hosts that read it.
 */
import {
  API_CATALOG_ROUTE,
  MANIFEST_ROUTES,
  MANIFEST_SCHEMA_ROUTE,
  runtimeFile,
  serializeRuntimeJson,
} from "../../runtime/contract/index.ts";
import type { EmitContext } from "./context.ts";
import { buildConfigMap } from "./config-map.ts";
import { buildDiagnostics } from "./diagnostics-report.ts";
import { absoluteUrl } from "../model/routes.ts";

export function emitRuntimeData(context: EmitContext): void {
  const { config, site, files, messages } = context;
  files.set(runtimeFile("config-map.json"), serializeRuntimeJson("config-map.json", buildConfigMap(config)));
  files.set(
    runtimeFile("diagnostics.json"),
    serializeRuntimeJson("diagnostics.json", buildDiagnostics(config, site, messages)),
  );
  // SPEC 4.1 format=openapi: the bundled contract of the API reference, when one was built.
  if (site.openapi) files.set(runtimeFile("openapi.json"), serializeRuntimeJson("openapi.json", site.openapi));
  if (site.openapi && site.openapiVersions)
    files.set(
      runtimeFile("openapi-versions.json"),
      serializeRuntimeJson("openapi-versions.json", site.openapiVersions),
    );
}

/** Netlify / Cloudflare Pages `_headers`: media types static hosts cannot guess, and the manifest's describedby link. */
export function emitHostHeaders(context: EmitContext): void {
  const { config, files } = context;
  const schemaLink = `Link: <${absoluteUrl(config.baseUrl, MANIFEST_SCHEMA_ROUTE)}>; rel="describedby"; type="application/schema+json"`;
  const blocks = MANIFEST_ROUTES.map(
    (route) => `${route}\n  Content-Type: application/json; charset=utf-8\n  ${schemaLink}`,
  );
  if (files.has(API_CATALOG_ROUTE.slice(1)))
    blocks.push(`${API_CATALOG_ROUTE}\n  Content-Type: application/linkset+json`);
  blocks.push(`/*.md\n  Content-Type: text/markdown; charset=utf-8\n  Vary: Accept`);
  blocks.push(`/llms*.txt\n  Content-Type: text/plain; charset=utf-8`);
  files.set("_headers", blocks.join("\n") + "\n");
}
