/**
 * Draft 2020-12 JSON Schema of `docs-agent-manifest.v1`, shipped in dist/ at MANIFEST_SCHEMA_ROUTE. Its `$id` is the
 * very URL the manifest's `$schema` names, so a client that resolves one finds the other.
 */
import {
  CONFIG_MAP_FORMAT,
  LOCALE_QUERY_PARAMETERS,
  MANIFEST_FORMAT,
  MCP_TOOL_KEYS,
} from "../../runtime/contract/index.ts";

const route = { type: "string", pattern: "^/" } as const;
const flag = { type: "boolean" } as const;
const text = { type: "string" } as const;
const routeObject = (required: string[], extra: Record<string, unknown> = {}) => ({
  type: "object",
  required,
  properties: Object.fromEntries(required.map((k) => [k, route])),
  ...extra,
});

/** An object of booleans: the named ones required, others allowed (new capabilities stay valid). */
const flags = (required: string[]) => ({
  type: "object",
  required,
  properties: Object.fromEntries(required.map((k) => [k, flag])),
  additionalProperties: flag,
});

export const manifestSchema = (schemaUrl: string) => ({
  $schema: "https://json-schema.org/draft/2020-12/schema",
  $id: schemaUrl,
  title: "Docs agent discovery manifest",
  description:
    "How an agent finds the Markdown, llms.txt, sitemaps, skills, MCP server and feedback routes of a docs site.",
  type: "object",
  required: [
    "$schema",
    "format",
    "site",
    "capabilities",
    "api",
    "search",
    "markdown",
    "structuredData",
    "llmsTxt",
    "sitemap",
    "robots",
    "agentsMd",
    "skills",
    "config",
    "mcp",
    "feedback",
  ],
  properties: {
    $schema: text,
    format: { const: MANIFEST_FORMAT },
    generator: text,
    site: {
      type: "object",
      required: ["title", "entry", "docsRoute", "baseUrl"],
      properties: {
        title: text,
        description: { type: ["string", "null"] },
        entry: text,
        docsRoute: route,
        baseUrl: { type: ["string", "null"], format: "uri" },
      },
    },
    locales: {
      type: "object",
      properties: {
        available: { type: "array", items: text },
        queryParameters: { type: "array", items: { enum: [...LOCALE_QUERY_PARAMETERS] } },
      },
    },
    capabilities: flags([
      "apiCatalog",
      "agentSkills",
      "markdown",
      "structuredData",
      "mcp",
      "search",
      "feedback",
      "agentsMd",
      "skills",
      "llmsTxt",
      "sitemap",
    ]),
    // `apiCatalog` only when the build writes the catalog; any other key is a route too.
    api: routeObject(["route", "config", "diagnostics", "agentSkillsIndex"], { additionalProperties: route }),
    search: {
      type: "object",
      required: ["enabled", "endpoint", "queryParameter"],
      properties: {
        enabled: flag,
        provider: text,
        endpoint: route,
        queryParameter: text,
        localeParameters: { type: "array", items: text },
        maxResults: { type: "integer", minimum: 1 },
      },
    },
    markdown: {
      type: "object",
      required: ["pagePattern", "acceptHeader", "signatureAgentHeader"],
      properties: {
        pagePattern: route,
        apiPattern: route,
        acceptHeader: { const: "text/markdown" },
        signatureAgentHeader: text,
      },
    },
    structuredData: {
      type: "object",
      required: ["schema"],
      properties: { schema: { const: "https://schema.org/TechArticle" }, format: text },
    },
    llmsTxt: {
      type: "object",
      required: ["enabled", "route", "fullRoute"],
      properties: {
        enabled: flag,
        route,
        fullRoute: route,
        wellKnown: route,
        wellKnownFull: route,
        sections: {
          type: "array",
          items: {
            type: "object",
            required: ["title", "route", "fullRoute"],
            properties: { title: text, route, fullRoute: route },
          },
        },
      },
    },
    sitemap: {
      type: "object",
      required: ["enabled", "xml", "markdown"],
      properties: {
        enabled: flag,
        xml: routeObject(["route"]),
        markdown: routeObject(["route"], { properties: { route, docsRoute: route, wellKnown: route } }),
      },
    },
    robots: {
      type: "object",
      required: ["enabled", "route", "defaultRoute"],
      properties: { enabled: flag, route, defaultRoute: route },
    },
    agentsMd: {
      type: "object",
      required: ["route", "wellKnown", "apiFormat", "rootFile"],
      properties: {
        route,
        wellKnown: route,
        apiFormat: route,
        aliases: { type: "array", items: route },
        rootFile: text,
      },
    },
    skills: {
      type: "object",
      required: ["route", "wellKnown", "apiFormat", "rootFile", "install", "recommended"],
      properties: {
        route,
        wellKnown: route,
        apiFormat: route,
        rootFile: text,
        index: route,
        install: { type: "object", required: ["command"], properties: { command: text } },
        recommended: {
          type: "object",
          required: ["name", "url"],
          properties: { name: { type: "string", pattern: "^[a-z0-9]+(-[a-z0-9]+)*$", maxLength: 64 }, url: text },
        },
      },
    },
    config: {
      type: "object",
      required: ["format", "endpoint"],
      properties: { format: { const: CONFIG_MAP_FORMAT }, endpoint: route },
    },
    mcp: {
      type: "object",
      required: ["enabled", "endpoint", "publicEndpoint", "wellKnownEndpoint", "name", "version", "tools"],
      properties: {
        enabled: flag,
        endpoint: route,
        publicEndpoint: route,
        wellKnownEndpoint: route,
        name: text,
        version: text,
        transports: { type: "array", items: { enum: ["streamable-http", "stdio"] } },
        tools: flags(MCP_TOOL_KEYS),
      },
    },
    feedback: {
      type: "object",
      required: ["enabled", "schema", "submit"],
      properties: { enabled: flag, schema: route, submit: route },
    },
  },
});
