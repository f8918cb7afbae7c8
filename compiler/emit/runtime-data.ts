/**
 * Data the edge runtime serves for query routes (`/api/docs?format=config|diagnostics`), written under `_docs/`,
 * and a `_headers` file giving extensionless discovery files their media types on hosts that read it.
 */
import type { EmitContext } from "./context.ts";
import { buildConfigMap } from "./config-map.ts";
import { buildDiagnostics } from "./diagnostics-report.ts";
import { MANIFEST_ROUTES } from "./manifest.ts";
import { MANIFEST_SCHEMA_PATH } from "./manifest-schema.ts";
import { absoluteUrl } from "../model/routes.ts";

export function emitRuntimeData(context: EmitContext): void {
  const { config, site, files, messages } = context;
  files.set("_docs/config-map.json", JSON.stringify(buildConfigMap(config), null, 2) + "\n");
  files.set("_docs/diagnostics.json", JSON.stringify(buildDiagnostics(config, site, messages), null, 2) + "\n");
}

/** Netlify / Cloudflare Pages `_headers`: media types static hosts cannot guess, and the manifest's describedby link. */
export function emitHostHeaders(context: EmitContext): void {
  const { config, files } = context;
  const schemaLink = `Link: <${absoluteUrl(config.baseUrl, MANIFEST_SCHEMA_PATH)}>; rel="describedby"; type="application/schema+json"`;
  const blocks = MANIFEST_ROUTES.map((route) => `${route}\n  Content-Type: application/json; charset=utf-8\n  ${schemaLink}`);
  if (files.has(".well-known/api-catalog")) blocks.push(`/.well-known/api-catalog\n  Content-Type: application/linkset+json`);
  blocks.push(`/*.md\n  Content-Type: text/markdown; charset=utf-8\n  Vary: Accept`);
  blocks.push(`/llms*.txt\n  Content-Type: text/plain; charset=utf-8`);
  files.set("_headers", blocks.join("\n") + "\n");
}
