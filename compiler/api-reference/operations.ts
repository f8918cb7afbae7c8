/**
 * The operations of a bundled contract, one shape for Swagger 2.0 and OpenAPI 3.0–3.2 (SPEC 2.15): method, path,
 * tag, parameters (path-level merged in), request body, responses with media types, schemas and examples, and the
 * security requirements with their schemes. OpenAPI 3.1+ `webhooks` become operations of kind "webhook".
 */
import type { ContractVersion } from "./contract-version.ts";
import { resolveRef } from "./resolve-ref.ts";

export type Json = Record<string, unknown>;

export interface MediaContent {
  mediaType: string;
  schema?: unknown;
  example?: unknown;
}
export interface Parameter {
  name: string;
  in: string;
  required: boolean;
  description?: string;
  schema?: unknown;
  deprecated: boolean;
}
export interface ResponseEntry {
  status: string;
  description?: string;
  content: MediaContent[];
  headers: Parameter[];
}
export interface SecurityEntry {
  name: string;
  scopes: string[];
  scheme?: Json;
}

export interface Operation {
  kind: "operation" | "webhook";
  method: string;
  /** The path template, or the webhook's name. */
  path: string;
  operationId?: string;
  tag: string;
  summary?: string;
  description?: string;
  deprecated: boolean;
  parameters: Parameter[];
  requestBody?: { description?: string; required: boolean; content: MediaContent[] };
  responses: ResponseEntry[];
  /** Empty when the operation needs no authentication. */
  security: SecurityEntry[][];
}

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace", "query"];

export function listOperations(document: Json, version: ContractVersion): Operation[] {
  const operations: Operation[] = [];
  const collect = (items: unknown, kind: Operation["kind"]) => {
    if (!isObject(items)) return;
    for (const [path, rawItem] of Object.entries(items)) {
      const item = resolveRef(document, rawItem);
      if (!isObject(item)) continue;
      for (const method of METHODS) {
        const operation = item[method];
        if (isObject(operation))
          operations.push(toOperation(document, version, { kind, method, path, item, operation }));
      }
    }
  };
  collect(document.paths, "operation");
  collect(document.webhooks, "webhook");
  return operations;
}

function toOperation(
  document: Json,
  version: ContractVersion,
  at: { kind: Operation["kind"]; method: string; path: string; item: Json; operation: Json },
): Operation {
  const { operation, item } = at;
  const byKey = new Map<string, Json>();
  for (const raw of [...asArray(item.parameters), ...asArray(operation.parameters)]) {
    const parameter = resolveRef(document, raw);
    if (isObject(parameter)) byKey.set(`${String(parameter.in)}:${String(parameter.name)}`, parameter);
  }
  const all = [...byKey.values()];
  const parameters = all.filter((p) => p.in !== "body" && p.in !== "formData").map((p) => toParameter(p, version));
  const tags = asArray(operation.tags).filter((tag): tag is string => typeof tag === "string");
  return {
    kind: at.kind,
    method: at.method,
    path: at.path,
    operationId: typeof operation.operationId === "string" ? operation.operationId : undefined,
    tag: tags[0] ?? "default",
    summary: text(operation.summary),
    description: text(operation.description),
    deprecated: operation.deprecated === true,
    parameters,
    requestBody:
      version === "2.0"
        ? swaggerBody(all, mediaTypes(document.consumes, operation.consumes))
        : openApiBody(document, operation.requestBody),
    responses: responsesOf(document, version, operation.responses, mediaTypes(document.produces, operation.produces)),
    security: securityOf(document, version, operation.security ?? document.security),
  };
}

function toParameter(parameter: Json, version: ContractVersion): Parameter {
  // Swagger 2.0 keeps type/format/items on the parameter itself; OpenAPI 3 has a `schema` (or `content`).
  const schema =
    version === "2.0"
      ? pick(parameter, ["type", "format", "items", "enum", "default", "minimum", "maximum", "pattern"])
      : (parameter.schema ?? firstSchema(parameter.content));
  return {
    name: String(parameter.name),
    in: String(parameter.in),
    required: parameter.required === true || parameter.in === "path",
    description: text(parameter.description),
    schema,
    deprecated: parameter.deprecated === true,
  };
}

function swaggerBody(parameters: Json[], consumes: string[]): Operation["requestBody"] {
  const body = parameters.find((p) => p.in === "body");
  if (body)
    return {
      description: text(body.description),
      required: body.required === true,
      content: consumes.map((mediaType) => ({ mediaType, schema: body.schema, example: body["x-example"] })),
    };
  const form = parameters.filter((p) => p.in === "formData");
  if (form.length === 0) return undefined;
  const properties = Object.fromEntries(
    form.map((p) => [String(p.name), { ...pick(p, ["type", "format", "items", "enum"]), description: p.description }]),
  );
  const required = form.filter((p) => p.required === true).map((p) => String(p.name));
  const mediaType = consumes.find((type) => type.includes("form")) ?? "application/x-www-form-urlencoded";
  return { required: required.length > 0, content: [{ mediaType, schema: { type: "object", properties, required } }] };
}

function openApiBody(document: Json, raw: unknown): Operation["requestBody"] {
  const body = resolveRef(document, raw);
  if (!isObject(body)) return undefined;
  return {
    description: text(body.description),
    required: body.required === true,
    content: contentOf(document, body.content),
  };
}

function responsesOf(document: Json, version: ContractVersion, raw: unknown, produces: string[]): ResponseEntry[] {
  if (!isObject(raw)) return [];
  return Object.entries(raw)
    .filter(([status]) => !status.startsWith("x-"))
    .map(([status, value]) => {
      const response = resolveRef(document, value);
      if (!isObject(response)) return { status, content: [], headers: [] };
      const headers = Object.entries(isObject(response.headers) ? response.headers : {}).map(([name, header]) => {
        const resolved = resolveRef(document, header);
        return toParameter({ ...(isObject(resolved) ? resolved : {}), name, in: "header" }, version);
      });
      const examples = isObject(response.examples) ? response.examples : {};
      const content =
        version === "2.0"
          ? response.schema === undefined && Object.keys(examples).length === 0
            ? []
            : produces.map((mediaType) => ({ mediaType, schema: response.schema, example: examples[mediaType] }))
          : contentOf(document, response.content);
      return { status, description: text(response.description), content, headers };
    });
}

function contentOf(document: Json, raw: unknown): MediaContent[] {
  if (!isObject(raw)) return [];
  return Object.entries(raw).map(([mediaType, value]) => {
    const media = isObject(value) ? value : {};
    const examples = isObject(media.examples) ? Object.values(media.examples) : [];
    const first = resolveRef(document, examples[0]);
    return { mediaType, schema: media.schema, example: media.example ?? (isObject(first) ? first.value : undefined) };
  });
}

function securityOf(document: Json, version: ContractVersion, raw: unknown): SecurityEntry[][] {
  const schemes =
    version === "2.0"
      ? document.securityDefinitions
      : isObject(document.components)
        ? document.components.securitySchemes
        : undefined;
  return asArray(raw)
    .filter(isObject)
    .map((requirement) =>
      Object.entries(requirement).map(([name, scopes]) => {
        const scheme = isObject(schemes) ? resolveRef(document, schemes[name]) : undefined;
        return { name, scopes: asArray(scopes).map(String), scheme: isObject(scheme) ? scheme : undefined };
      }),
    )
    .filter((alternative) => alternative.length > 0);
}

function mediaTypes(global: unknown, local: unknown): string[] {
  const list = asArray(local ?? global).filter((type): type is string => typeof type === "string");
  return list.length > 0 ? list : ["application/json"];
}

function firstSchema(content: unknown): unknown {
  return isObject(content)
    ? Object.values(content)
        .map((media) => (isObject(media) ? media.schema : undefined))
        .find(Boolean)
    : undefined;
}

function pick(value: Json, keys: string[]): Json {
  return Object.fromEntries(keys.filter((key) => value[key] !== undefined).map((key) => [key, value[key]]));
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() ? value.trim() : undefined;
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

export function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
