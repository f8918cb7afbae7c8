import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { docsConfigShape } from "../../runtime/contract/config-schema.ts";
import { fillDefaults } from "../../runtime/contract/config-shape.ts";
import { resolveConfig } from "./resolve.ts";
import { resolveSurfaces } from "./resolve-surfaces.ts";
import type { DocsConfig } from "./types.ts";

const resolveAt = (config: DocsConfig, root: string, title?: string) =>
  resolveSurfaces(fillDefaults(docsConfigShape, config), config, { root, title, baseUrl: null });
const surfaces = (config: Partial<DocsConfig> = {}, title?: string) =>
  resolveAt({ entry: "docs", ...config }, "/site-without-package-json", title);

describe("resolveSurfaces", () => {
  it("enables MCP on its default route with every tool on", () => {
    const { mcp } = surfaces({}, "Acme");
    expect(mcp).toMatchObject({ enabled: true, route: "/api/docs/mcp", name: "Acme", version: "0.0.0" });
    expect(Object.values(mcp.tools)).toHaveLength(10);
    expect(Object.values(mcp.tools).every(Boolean)).toBe(true);
  });

  it("turns off only the MCP tools set to false", () => {
    const { mcp } = surfaces({ mcp: { route: "/mcp", version: "2.1.0", tools: { searchDocs: false } } });
    expect(mcp).toMatchObject({ route: "/mcp", version: "2.1.0" });
    expect(mcp.tools.searchDocs).toBe(false);
    expect(mcp.tools.readPage).toBe(true);
    expect(surfaces({ mcp: false }).mcp.enabled).toBe(false);
  });

  it("names the MCP server after nav.title, then package.json, then docs", async () => {
    expect(surfaces({ mcp: { name: "acme-docs" } }, "Acme").mcp.name).toBe("acme-docs");
    expect(surfaces().mcp.name).toBe("docs");
    const root = await mkdtemp(path.join(tmpdir(), "quire-surfaces-"));
    try {
      await writeFile(path.join(root, "package.json"), JSON.stringify({ name: "@acme/queue" }));
      expect(resolveAt({ entry: "docs" }, root).mcp.name).toBe("@acme/queue");
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it("keeps agent feedback on by default, even when human feedback is off", () => {
    const expected = {
      enabled: true,
      route: "/api/docs/agent/feedback",
      schemaRoute: "/api/docs/agent/feedback/schema",
      schema: undefined,
    };
    expect(surfaces().feedback.agent).toEqual(expected);
    expect(surfaces({ feedback: false }).feedback.agent).toEqual(expected);
    expect(surfaces({ feedback: { agent: false } }).feedback.agent.enabled).toBe(false);
  });

  it("derives the feedback schema route from a custom route", () => {
    expect(surfaces({ feedback: { agent: { route: "/feedback" } } }).feedback.agent).toMatchObject({
      route: "/feedback",
      schemaRoute: "/feedback/schema",
    });
    expect(
      surfaces({ feedback: { agent: { route: "/feedback", schemaRoute: "/feedback.schema.json" } } }).feedback.agent
        .schemaRoute,
    ).toBe("/feedback.schema.json");
  });

  it("defaults llms.txt to on, with a warn budget of 50000 characters and no sections", () => {
    expect(surfaces({ metadata: { description: "Queues." } }, "Acme").llmsTxt).toEqual({
      enabled: true,
      siteTitle: "Acme",
      siteDescription: "Queues.",
      maxChars: { mode: "warn", chars: 50000 },
      sections: [],
      apiCatalog: true,
    });
    expect(surfaces().llmsTxt.siteTitle).toBe("Documentation");
  });

  it("fills llms.txt budget parts independently and normalizes section matchers to lists", () => {
    const { llmsTxt } = surfaces({
      llmsTxt: { maxChars: { mode: "error" }, sections: [{ title: "API", match: "/docs/api/**" }], apiCatalog: false },
    });
    expect(llmsTxt.maxChars).toEqual({ mode: "error", chars: 50000 });
    expect(llmsTxt.sections).toEqual([
      { title: "API", description: undefined, match: ["/docs/api/**"], maxChars: undefined },
    ]);
    expect(llmsTxt.apiCatalog).toBe(false);
    expect(surfaces({ llmsTxt: { maxChars: { chars: 1000 } } }).llmsTxt.maxChars).toEqual({
      mode: "warn",
      chars: 1000,
    });
  });

  it("enables OG images when a type is given, unless enabled is false", () => {
    expect(surfaces().og.enabled).toBe(false);
    expect(surfaces({ og: { type: "dynamic" } }).og).toEqual({
      enabled: true,
      type: "dynamic",
      endpoint: undefined,
      defaultImage: undefined,
    });
    expect(surfaces({ og: { type: "static", enabled: false } }).og.enabled).toBe(false);
    expect(surfaces({ og: { defaultImage: "/og.png" } }).og).toMatchObject({
      enabled: false,
      type: "static",
      defaultImage: "/og.png",
    });
  });

  it("takes the robots base URL from robots, then the site's base URL (sitemap, then llmsTxt)", () => {
    const robotsOf = (config: Partial<DocsConfig>) =>
      resolveConfig({ entry: "docs", ...config }, "/site", "docs.config.ts").surfaces.robots;
    expect(robotsOf({ robots: { baseUrl: "https://r.dev/" }, sitemap: { baseUrl: "https://s.dev" } }).baseUrl).toBe(
      "https://r.dev",
    );
    expect(robotsOf({ sitemap: { baseUrl: "https://s.dev" }, llmsTxt: { baseUrl: "https://l.dev" } }).baseUrl).toBe(
      "https://s.dev",
    );
    expect(robotsOf({ llmsTxt: { baseUrl: "https://l.dev/" } }).baseUrl).toBe("https://l.dev");
    expect(surfaces().robots).toMatchObject({
      enabled: true,
      path: "public/robots.txt",
      baseUrl: null,
      ai: "allow",
      aiUserAgents: [],
      extraRules: [],
    });
  });

  it("normalizes robots rules and the AI policy", () => {
    const { robots } = surfaces({
      robots: { ai: false, aiUserAgents: "GPTBot", extraRules: [{ disallow: "/private", crawlDelay: 5 }] },
    });
    expect(robots.ai).toBe("disallow");
    expect(robots.aiUserAgents).toEqual(["GPTBot"]);
    expect(robots.extraRules).toEqual([{ userAgent: ["*"], allow: [], disallow: ["/private"], crawlDelay: 5 }]);
  });

  it("defaults search to the built-in provider with section chunks", () => {
    expect(surfaces().search).toEqual({ enabled: true, provider: "simple", maxResults: 10, chunking: "section" });
    expect(surfaces({ search: { chunking: { strategy: "page" } } }).search.chunking).toBe("page");
  });

  it("switches content changes and Ask AI off under staticExport", () => {
    expect(surfaces().contentChanges).toBe(true);
    expect(surfaces({ agent: { contentChanges: false } }).contentChanges).toBe(false);
    expect(surfaces({ staticExport: true, agent: { contentChanges: true }, ai: { enabled: true } })).toMatchObject({
      contentChanges: false,
      ai: { enabled: false },
    });
    expect(surfaces({ ai: { enabled: true } }).ai.enabled).toBe(true);
  });

  it("keeps the API reference off by default at api-reference", () => {
    expect(surfaces().apiReference).toEqual({
      enabled: false,
      path: "api-reference",
      overlays: [],
      routeRoot: "api",
      exclude: [],
    });
    expect(surfaces({ apiReference: { path: "reference" } }).apiReference).toEqual({
      enabled: true,
      path: "reference",
      overlays: [],
      routeRoot: "api",
      exclude: [],
    });
    const overlays = ["openapi/public.overlay.yaml", { overlay: "1.1.0", info: {}, actions: [] }];
    expect(surfaces({ apiReference: { specUrl: "openapi.yaml", overlays } }).apiReference.overlays).toEqual(overlays);
  });
});
