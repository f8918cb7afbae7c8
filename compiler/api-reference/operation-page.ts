/**
 * The Markdown of one operation's page (SPEC 2.15, 4.6): method and path, authentication, parameters, request body
 * and responses with schemas and examples. It goes through the normal page pipeline, so the HTML, the agent `.md`,
 * search chunks and llms entries all come from this one text.
 */
import type { MediaContent, Operation, Parameter, SecurityEntry } from "./operations.ts";
import type { Json } from "./operations.ts";
import { codeBlock, codeSpan, descriptionBlock, escapeInline } from "./markdown-text.ts";
import { componentName, schemaMarkdown } from "./schema-markdown.ts";

/** Examples larger than this are cut, so one operation cannot make a megabyte page. */
const MAX_EXAMPLE_CHARS = 4000;

export function operationTitle(operation: Operation): string {
  return operation.summary ?? operation.operationId ?? `${operation.method.toUpperCase()} ${operation.path}`;
}

export function operationMarkdown(
  document: Json,
  operation: Operation,
  blocks = operationBlocks(document, operation),
): string {
  return `${[frontmatter(operation), ...blocks].join("\n\n")}\n`;
}

/** The page's body as the blocks it is made of, in order (block-parse.ts parses each distinct block once). */
export function operationBlocks(document: Json, operation: Operation): string[] {
  const verb =
    operation.kind === "webhook"
      ? `Webhook ${codeSpan(operation.path)}: \`${operation.method.toUpperCase()}\``
      : `\`${operation.method.toUpperCase()} ${operation.path.replace(/`/g, "")}\``;
  const parts = [verb + (operation.deprecated ? " (deprecated)" : "")];
  if (operation.description) parts.push(descriptionBlock(operation.description));
  const scannedFrom = scannedSource(document, operation);
  if (scannedFrom)
    parts.push(
      `Handler: ${codeSpan(scannedFrom)}. This page was made from the handler's source, which does not declare ` +
        "authentication, query parameters, request bodies or responses.",
    );
  else parts.push("## Authentication", securityMarkdown(operation.security));
  if (operation.parameters.length > 0) parts.push("## Parameters", parameterTable(operation.parameters));
  if (operation.requestBody) {
    const body = operation.requestBody;
    parts.push(
      "## Request body",
      [body.required ? "Required." : "Optional.", body.description ? escapeInline(body.description) : ""]
        .filter(Boolean)
        .join(" "),
    );
    parts.push(...body.content.flatMap((media) => mediaBlocks(document, media, "###")));
  }
  if (!scannedFrom) parts.push("## Responses");
  if (operation.responses.length === 0 && !scannedFrom) parts.push("The contract lists no responses.");
  for (const response of operation.responses) {
    parts.push(
      `### ${escapeInline(response.status)}${response.description ? ` ${escapeInline(firstLine(response.description))}` : ""}`,
    );
    if (response.headers.length > 0) parts.push("Headers:", parameterTable(response.headers));
    parts.push(...response.content.flatMap((media) => mediaBlocks(document, media, "####")));
  }
  return parts.filter(Boolean);
}

/** The handler file of an operation found by route scanning (scan-routes.ts marks them with `x-source`). */
function scannedSource(document: Json, operation: Operation): string | undefined {
  if (document["x-quire-scanned"] !== true) return undefined;
  const paths = document.paths as Record<string, Record<string, Json>> | undefined;
  const source = paths?.[operation.path]?.[operation.method]?.["x-source"];
  return typeof source === "string" ? source : undefined;
}

function frontmatter(operation: Operation): string {
  const description = operation.description
    ? firstLine(operation.description).slice(0, 300)
    : `${operation.method.toUpperCase()} ${operation.path}`;
  return `---\ntitle: ${JSON.stringify(operationTitle(operation))}\ndescription: ${JSON.stringify(description)}\n---`;
}

function securityMarkdown(security: SecurityEntry[][]): string {
  if (security.length === 0) return "None.";
  const alternatives = security.map((requirement) => requirement.map(schemeText).join(" and "));
  return alternatives.length === 1
    ? alternatives[0].replace(/\.?$/, ".")
    : `One of:\n\n${alternatives.map((text) => `- ${text}`).join("\n")}`;
}

function schemeText(entry: SecurityEntry): string {
  const scheme = entry.scheme ?? {};
  const type = String(scheme.type ?? "unknown scheme");
  const where =
    type === "apiKey"
      ? ` in ${String(scheme.in)} ${codeSpan(String(scheme.name ?? ""))}`
      : type === "http"
        ? ` ${codeSpan(String(scheme.scheme ?? ""))}${scheme.bearerFormat ? ` (${escapeInline(String(scheme.bearerFormat))})` : ""}`
        : type === "basic"
          ? ""
          : "";
  const scopes =
    entry.scopes.length > 0 ? `, scopes ${entry.scopes.map((scope) => `${codeSpan(scope)}`).join(", ")}` : "";
  const description = typeof scheme.description === "string" ? ` — ${escapeInline(scheme.description)}` : "";
  return `${codeSpan(entry.name)} (${type}${where}${scopes})${description}`;
}

function parameterTable(parameters: Parameter[]): string {
  const rows = parameters.map((p) => {
    const type = schemaType(p.schema);
    const description = [p.deprecated ? "Deprecated." : "", p.description ? escapeInline(p.description) : ""]
      .filter(Boolean)
      .join(" ");
    return `| ${codeSpan(p.name)} | ${p.in} | ${type} | ${p.required ? "yes" : "no"} | ${description} |`;
  });
  return ["| Name | In | Type | Required | Description |", "| --- | --- | --- | --- | --- |", ...rows].join("\n");
}

function schemaType(schema: unknown): string {
  if (typeof schema !== "object" || schema === null) return "";
  const value = schema as Json;
  if (typeof value.$ref === "string") return codeSpan(componentName(value.$ref) ?? "object");
  const type = Array.isArray(value.type) ? value.type.join(" \\| ") : typeof value.type === "string" ? value.type : "";
  const items =
    type === "array" && typeof value.items === "object" && value.items !== null ? ` of ${schemaType(value.items)}` : "";
  return `${type}${items}${value.format ? ` (${escapeInline(String(value.format))})` : ""}`;
}

function mediaBlocks(document: Json, media: MediaContent, heading: string): string[] {
  const parts = [`${heading} ${codeSpan(media.mediaType)}`];
  if (media.schema !== undefined) parts.push(schemaMarkdown(document, media.schema));
  if (media.example !== undefined) {
    const text = typeof media.example === "string" ? media.example : (JSON.stringify(media.example, null, 2) ?? "");
    const cut =
      text.length > MAX_EXAMPLE_CHARS
        ? `${text.slice(0, MAX_EXAMPLE_CHARS)}\n… (example cut at ${MAX_EXAMPLE_CHARS} characters)`
        : text;
    parts.push("Example:", codeBlock(typeof media.example === "string" ? "text" : "json", cut));
  }
  return parts;
}

function firstLine(value: string): string {
  return value
    .split(/\n\s*\n/)[0]
    .replace(/\s+/g, " ")
    .trim();
}
