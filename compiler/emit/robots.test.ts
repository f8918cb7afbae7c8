/** robots.txt checked with an independent parser (robots-parser, RFC 9309 matching) rather than by string shape. */
import robotsParserModule from "robots-parser";
import { describe, expect, it } from "vitest";
import { resolveConfig } from "../config/resolve.ts";
import type { DocsConfig } from "../config/types.ts";
import type { BuildMessage } from "../diagnostics.ts";
import type { SiteModel } from "../model/types.ts";
import type { OutputFiles } from "../write/write-dist.ts";
import { AI_USER_AGENTS, emitRobots, renderRobotsTxt } from "./robots.ts";

// robots-parser types a default export, but the package is CommonJS `module.exports = fn`, so NodeNext sees a namespace.
const robotsParser = robotsParserModule as unknown as typeof robotsParserModule.default;

const BASE = "https://acme.test";

function configOf(patch: Partial<DocsConfig> = {}) {
  return resolveConfig({ entry: "docs", nav: { title: "Acme Docs" }, ...patch }, "/site", "docs.config.ts");
}

function parse(patch: Partial<DocsConfig> = {}) {
  const text = renderRobotsTxt(configOf(patch));
  return { text, robots: robotsParser(`${BASE}/robots.txt`, text) };
}

const agentPaths = [
  "/docs",
  "/docs/x",
  "/docs/x.md",
  "/llms.txt",
  "/llms-full.txt",
  "/.well-known/llms.txt",
  "/docs/api/llms.txt",
  "/sitemap.xml",
  "/docs/sitemap.md",
  "/AGENTS.md",
  "/skill.md",
  "/api/docs/mcp",
  "/mcp",
  "/api/docs/agent/spec",
];

describe("renderRobotsTxt", () => {
  it("lets every crawler read the docs and the agent routes", () => {
    const { robots } = parse();
    for (const route of agentPaths) expect(robots.isAllowed(`${BASE}${route}`, "Googlebot"), route).toBe(true);
  });

  it("allows AI crawlers on the docs, .md routes and llms files by default", () => {
    const { robots } = parse();
    for (const agent of ["GPTBot", "ClaudeBot", "PerplexityBot"]) {
      for (const route of ["/docs/x", "/docs/x.md", "/llms.txt"])
        expect(robots.isAllowed(`${BASE}${route}`, agent), `${agent} ${route}`).toBe(true);
    }
  });

  it("keeps AI crawlers out entirely with ai: disallow, and leaves other crawlers alone", () => {
    for (const ai of ["disallow", false] as const) {
      const { robots } = parse({ robots: { ai } });
      for (const agent of ["GPTBot", "ClaudeBot", "Google-Extended", "CCBot"]) {
        for (const route of ["/docs/x", "/docs/x.md", "/llms.txt"])
          expect(robots.isDisallowed(`${BASE}${route}`, agent), `${agent} ${route}`).toBe(true);
      }
      expect(robots.isAllowed(`${BASE}/docs/x`, "Googlebot")).toBe(true);
    }
  });

  it("adds configured AI user agents to the built-in list without repeating any", () => {
    const { text, robots } = parse({ robots: { ai: "disallow", aiUserAgents: ["NewAgentBot", "gptbot"] } });
    expect(robots.isDisallowed(`${BASE}/docs/x`, "NewAgentBot")).toBe(true);
    expect(text.match(/^User-agent: gptbot$/gim)).toHaveLength(1);
    for (const agent of AI_USER_AGENTS) expect(text).toContain(`User-agent: ${agent}\n`);
  });

  it("honours extra rules, crawl delays included, and binds AI crawlers to site-wide ones", () => {
    const { text, robots } = parse({
      robots: {
        extraRules: [
          { userAgent: "*", disallow: "/private" },
          {
            userAgent: ["SlowBot", "OtherBot"],
            disallow: ["/docs/drafts"],
            allow: "/docs/drafts/public",
            crawlDelay: 10,
          },
        ],
      },
    });
    expect(robots.isDisallowed(`${BASE}/private/page`, "Googlebot")).toBe(true);
    expect(robots.isDisallowed(`${BASE}/private/page`, "GPTBot")).toBe(true);
    expect(robots.isAllowed(`${BASE}/docs/x`, "Googlebot")).toBe(true);
    expect(robots.isDisallowed(`${BASE}/docs/drafts/a`, "SlowBot")).toBe(true);
    expect(robots.isAllowed(`${BASE}/docs/drafts/public`, "OtherBot")).toBe(true);
    expect(robots.getCrawlDelay("SlowBot")).toBe(10);
    expect(robots.getCrawlDelay("Googlebot")).toBeUndefined();
    expect(text).toContain(
      "User-agent: SlowBot\nUser-agent: OtherBot\nAllow: /docs/drafts/public\nDisallow: /docs/drafts\nCrawl-delay: 10",
    );
  });

  it("names the sitemap when a base URL is known and sitemaps are on", () => {
    expect(parse({ sitemap: { baseUrl: `${BASE}/` } }).robots.getSitemaps()).toEqual([`${BASE}/sitemap.xml`]);
    expect(
      parse({ robots: { baseUrl: "https://robots.test" }, sitemap: { baseUrl: BASE } }).robots.getSitemaps(),
    ).toEqual(["https://robots.test/sitemap.xml"]);
    expect(parse().robots.getSitemaps()).toEqual([]);
    expect(parse({ sitemap: false, llmsTxt: { baseUrl: BASE } }).robots.getSitemaps()).toEqual([]);
  });

  it("follows a custom MCP route and an empty docsPath", () => {
    const { text, robots } = parse({ docsPath: "", mcp: { route: "/tools/mcp" } });
    expect(text).toContain("Allow: /tools/mcp\n");
    expect(text).not.toMatch(/Allow: \/docs/);
    expect(robots.isAllowed(`${BASE}/x.md`, "ClaudeBot")).toBe(true);
  });

  it("is deterministic", () => {
    expect(renderRobotsTxt(configOf())).toBe(renderRobotsTxt(configOf()));
  });
});

describe("emitRobots", () => {
  const site = {
    pages: [],
    nav: { name: "Acme Docs", children: [] },
    readingOrder: [],
    redirects: [],
    locales: [],
    navLinkCount: 0,
    staticFiles: { public: new Map(), content: new Map() },
  } as SiteModel;

  it("writes robots.txt unless robots is off", () => {
    for (const [robots, expected] of [
      [undefined, true],
      [false, false],
      [{ enabled: false }, false],
    ] as const) {
      const files: OutputFiles = new Map();
      const messages: BuildMessage[] = [];
      emitRobots({ site, config: configOf(robots === undefined ? {} : { robots }), files, messages });
      expect(files.has("robots.txt")).toBe(expected);
    }
  });
});
