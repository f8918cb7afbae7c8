/** `GET /api/docs?format=…` (SPEC 4.1) for the compiled documents: config map, diagnostics, AGENTS.md, skill.md, OpenAPI. */
import {
  AGENTS_ROUTES,
  DOCS_API_FORMATS,
  DOCS_API_ROUTE,
  runtimeFile,
  SKILL_ROUTES,
  type RuntimeJsonName,
} from "../contract/index.ts";
import { errorResponse, jsonResponse, MARKDOWN_TYPE } from "../http/responses.ts";
import type { RouteContext } from "./context.ts";
import { markdownApiMode } from "./markdown.ts";
import { serveStoreFile } from "./store-file.ts";

/** SPEC 4.1: the config map's exact headers (also used for diagnostics, another build-time report). */
const REPORT_HEADERS = {
  "content-type": "application/json; charset=utf-8",
  "cache-control": "public, max-age=0, s-maxage=3600",
  "x-robots-tag": "noindex",
};

export async function formatMode(context: RouteContext, format: string): Promise<Response> {
  switch (format) {
    case "markdown":
      return markdownApiMode(context);
    case "config":
      return report(context, "config-map.json", "config map");
    case "diagnostics":
      return report(context, "diagnostics.json", "diagnostics report");
    case "agents":
      return document(context, AGENTS_ROUTES.file.slice(1));
    case "skill":
      return document(context, SKILL_ROUTES.file.slice(1));
    case "openapi":
      return openApi(context);
    default:
      return errorResponse(400, "unknown_format", `format must be one of ${DOCS_API_FORMATS.join(", ")}.`);
  }
}

async function report(context: RouteContext, file: RuntimeJsonName, name: string): Promise<Response> {
  const path = runtimeFile(file);
  const response = await serveStoreFile(context, path, { publicPath: DOCS_API_ROUTE, headers: REPORT_HEADERS });
  return (
    response ?? errorResponse(404, "not_built", `This build has no ${name} (${path}); rebuild with \`docs build\`.`)
  );
}

async function document(context: RouteContext, path: string): Promise<Response> {
  const response = await serveStoreFile(context, path, {
    publicPath: DOCS_API_ROUTE,
    headers: { "content-type": MARKDOWN_TYPE },
  });
  return response ?? errorResponse(404, "not_built", `This build has no ${path}; rebuild with \`docs build\`.`);
}

/** Only with `apiReference` enabled (SPEC 4.1); the document is read from `_docs/openapi.json` when a build wrote one. */
async function openApi(context: RouteContext): Promise<Response> {
  if (!context.site.data.settings.apiReference.enabled) {
    return errorResponse(
      404,
      "openapi_unavailable",
      "This site has no API reference (apiReference is not enabled in docs.config).",
    );
  }
  const version = context.url.searchParams.get("version");
  if (version !== null) {
    const versions = await context.site.data.readJson("openapi-versions.json");
    if (version !== versions?.defaultVersion) {
      const found = versions?.documents[version];
      if (found) return jsonResponse(found);
      const known = versions ? [versions.defaultVersion, ...Object.keys(versions.documents)] : [];
      return errorResponse(
        404,
        "openapi_version_not_found",
        known.length > 0
          ? `The API reference has no version "${version}"; it has ${known.join(", ")}.`
          : "The API reference has no versions; leave out version=.",
      );
    }
  }
  const response = await serveStoreFile(context, runtimeFile("openapi.json"), { publicPath: DOCS_API_ROUTE });
  return (
    response ??
    errorResponse(
      404,
      "openapi_unavailable",
      `apiReference is enabled but this build wrote no OpenAPI document (${runtimeFile("openapi.json")}): set apiReference.specUrl to an OpenAPI contract and rebuild.`,
    )
  );
}
