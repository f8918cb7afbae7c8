/** Sitemaps checked with xmllint against compiler/emit/sitemap.xsd, plus the Markdown sitemap's shape. */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { resolveConfig } from "../config/resolve.ts";
import type { DocsConfig } from "../config/types.ts";
import type { BuildMessage } from "../diagnostics.ts";
import { build } from "../index.ts";
import { buildNavigation } from "../model/nav.ts";
import { pageRoutes } from "../model/routes.ts";
import type { Page, PageFrontmatter, SiteModel } from "../model/types.ts";
import type { OutputFiles } from "../write/write-dist.ts";
import { emitSitemaps } from "./sitemap.ts";

const fixtures = path.resolve(import.meta.dirname, "../../fixtures");
const XSD = path.join(import.meta.dirname, "sitemap.xsd");
const BODY = "BODY-MARKER";
const temp = mkdtempSync(path.join(tmpdir(), "quire-sitemap-"));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** Runs xmllint offline against our XSD; returns its complaints, or "" when the file validates. */
function schemaErrors(xml: string): string {
  const file = path.join(temp, `${Math.random().toString(36).slice(2)}.xml`);
  writeFileSync(file, xml);
  try {
    execFileSync("xmllint", ["--noout", "--nonet", "--schema", XSD, file], { stdio: "pipe" });
    return "";
  } catch (error) {
    return String((error as { stderr?: Buffer }).stderr ?? error);
  }
}

function locsOf(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
}

// --- a small site: the model the emitters receive, built the way build() builds it ---

function configOf(patch: Partial<DocsConfig> = {}) {
  return resolveConfig(
    { entry: "docs", nav: { title: "Acme Docs" }, sitemap: { baseUrl: "https://acme.test" }, ...patch },
    "/site",
    "docs.config.ts",
  );
}

function page(
  config: ReturnType<typeof configOf>,
  slug: string,
  frontmatter: Partial<PageFrontmatter> = {},
  lastModified?: string,
): Page {
  return {
    sourcePath: `docs/${slug ? `${slug}/` : ""}page.mdx`,
    slug,
    ...pageRoutes(config, slug),
    syntax: "mdx",
    chunks: { human: [], agent: [] },
    frontmatter: { title: slug || "Introduction", related: [], tags: [], hidden: false, extra: {}, ...frontmatter },
    html: `<p>${BODY} human</p>`,
    toc: [],
    agentBody: `${BODY} agent`,
    hasAgentFile: false,
    lastModified,
  };
}

function siteOf(config: ReturnType<typeof configOf>, pages: Page[]): SiteModel {
  const navigation = buildNavigation(pages, config);
  return {
    pages,
    nav: navigation.tree,
    readingOrder: navigation.readingOrder,
    redirects: navigation.redirects,
    locales: [],
    navLinkCount: 0,
    staticFiles: { public: new Map(), content: new Map() },
  };
}

function acmeSite(config = configOf()): SiteModel {
  return siteOf(config, [
    page(config, "", { description: "Start here." }, "2025-01-08"),
    page(
      config,
      "guides",
      { title: "Guides", description: "How-tos\n  for everyday work." },
      "2024-05-01T10:00:00.000Z",
    ),
    page(config, "guides/install", { title: "Install [beta]" }, "2024-04-30T09:00:00+02:00"),
    page(config, "guides/deploy", { title: "Deploy" }),
    page(config, "reference/cli", { title: "CLI" }, "March 3, 2024"),
    page(config, "legacy", { title: "Legacy", sidebar: { folderIndexBehavior: "hidden" } }),
    page(config, "legacy/old", { title: "Old API" }),
    page(config, "secret", { title: "Secret", hidden: true, description: "Reachable by URL only." }),
    page(config, "q&a", { title: "Q&A" }),
  ]);
}

function emit(site: SiteModel, config = configOf(), limit?: number) {
  const files: OutputFiles = new Map();
  const messages: BuildMessage[] = [];
  emitSitemaps({ site, config, files, messages }, limit);
  const text = (file: string) => String(files.get(file));
  return { files, messages, text };
}

describe("sitemap.xml", () => {
  it("validates against the sitemaps.org schema with absolute, escaped locs in route order", () => {
    const { text, messages } = emit(acmeSite());
    expect(schemaErrors(text("sitemap.xml"))).toBe("");
    expect(locsOf(text("sitemap.xml"))).toEqual([
      "https://acme.test/docs",
      "https://acme.test/docs/guides",
      "https://acme.test/docs/guides/deploy",
      "https://acme.test/docs/guides/install",
      "https://acme.test/docs/legacy/old",
      "https://acme.test/docs/q&amp;a",
      "https://acme.test/docs/reference/cli",
      "https://acme.test/docs/secret",
    ]);
    expect(messages).toEqual([]);
  });

  it("leaves out redirect sources: only canonical URLs", () => {
    const site = acmeSite();
    expect(site.redirects).toEqual([{ from: "/docs/legacy", to: "/docs/legacy/old" }]);
    const { files } = emit(site);
    for (const [file, contents] of files) expect(String(contents), file).not.toMatch(/\/docs\/legacy[<.]/);
  });

  it("writes lastmod as W3C Datetime, normalizing other date spellings", () => {
    const xml = emit(acmeSite()).text("sitemap.xml");
    expect(xml).toContain("<loc>https://acme.test/docs</loc><lastmod>2025-01-08</lastmod>");
    expect(xml).toContain("<lastmod>2024-05-01T10:00:00.000Z</lastmod>");
    expect(xml).toContain("<lastmod>2024-04-30T09:00:00+02:00</lastmod>");
    expect(xml).toMatch(
      /<loc>https:\/\/acme\.test\/docs\/reference\/cli<\/loc><lastmod>2024-03-0\dT\d\d:00:00\.000Z<\/lastmod>/,
    );
    expect(xml).toContain("<url><loc>https://acme.test/docs/guides/deploy</loc></url>");
  });

  it("warns and omits lastmod for a date it cannot read", () => {
    const config = configOf();
    const { text, messages } = emit(siteOf(config, [page(config, "a", {}, "last tuesday")]), config);
    expect(text("sitemap.xml")).not.toContain("<lastmod>");
    expect(messages).toEqual([
      expect.objectContaining({ severity: "warning", rule: "sitemap/bad-date", file: "docs/a/page.mdx" }),
    ]);
  });

  it("writes root-relative locs and a warning without a base URL (and the schema rejects them)", () => {
    const config = resolveConfig({ entry: "docs" }, "/site", "docs.config.ts");
    const { text, messages } = emit(acmeSite(config), config);
    expect(locsOf(text("sitemap.xml"))[0]).toBe("/docs");
    expect(messages).toEqual([
      expect.objectContaining({
        severity: "warning",
        rule: "sitemap/no-base-url",
        file: "docs.config.ts",
        reason: "sitemap.xml needs absolute URLs: set sitemap.baseUrl",
      }),
    ]);
    expect(schemaErrors(text("sitemap.xml"))).toContain("loc");
  });

  it("splits into numbered sitemaps under a sitemap index past the URL limit", () => {
    const { files, text } = emit(acmeSite(), configOf(), 3);
    const index = text("sitemap.xml");
    expect(index).toContain("<sitemapindex");
    expect(schemaErrors(index)).toBe("");
    expect(locsOf(index)).toEqual([
      "https://acme.test/sitemap-1.xml",
      "https://acme.test/sitemap-2.xml",
      "https://acme.test/sitemap-3.xml",
    ]);
    expect(index).toContain("<loc>https://acme.test/sitemap-1.xml</loc><lastmod>2025-01-08</lastmod>");
    const parts = ["sitemap-1.xml", "sitemap-2.xml", "sitemap-3.xml"];
    for (const part of parts) expect(schemaErrors(text(part))).toBe("");
    expect(parts.flatMap((part) => locsOf(text(part)))).toEqual(locsOf(emit(acmeSite()).text("sitemap.xml")));
    expect(files.has("sitemap-4.xml")).toBe(false);
  });

  it("writes nothing when sitemaps are off", () => {
    const config = configOf({ sitemap: false });
    expect(emit(acmeSite(config), config).files.size).toBe(0);
  });
});

describe("Markdown sitemap", () => {
  it("is written at the root, under the docs path and in .well-known", () => {
    const { files } = emit(acmeSite());
    expect([...files.keys()].filter((f) => f.endsWith(".md")).sort()).toEqual([
      ".well-known/sitemap.md",
      "docs/sitemap.md",
      "sitemap.md",
    ]);
    const config = configOf({ docsPath: "" });
    expect([...emit(acmeSite(config), config).files.keys()].filter((f) => f.endsWith(".md")).sort()).toEqual([
      ".well-known/sitemap.md",
      "sitemap.md",
    ]);
  });

  it("follows the nav tree with Markdown routes and descriptions, then pages outside it", () => {
    expect(emit(acmeSite()).text("sitemap.md")).toBe(
      [
        "# Acme Docs sitemap",
        "",
        "- [Introduction](/docs.md): Start here.",
        "- [Guides](/docs/guides.md): How-tos for everyday work.",
        "  - [Deploy](/docs/guides/deploy.md)",
        "  - [Install \\[beta\\]](/docs/guides/install.md)",
        "- Legacy",
        "  - [Old API](/docs/legacy/old.md)",
        "- [Q&A](/docs/q&a.md)",
        "- Reference",
        "  - [CLI](/docs/reference/cli.md)",
        "",
        "## Other pages",
        "",
        "- [Secret](/docs/secret.md): Reachable by URL only.",
        "",
      ].join("\n"),
    );
  });

  it("holds route metadata only, never page bodies", () => {
    const { files } = emit(acmeSite());
    for (const [file, contents] of files) expect(String(contents), file).not.toContain(BODY);
  });

  it("leaves a page that owns a sitemap.md route alone, with a warning", () => {
    const config = configOf();
    const { files, messages } = emit(
      siteOf(config, [page(config, ""), page(config, "sitemap", { title: "Site map" })]),
      config,
    );
    expect(files.has("docs/sitemap.md")).toBe(false);
    expect(files.has("sitemap.md")).toBe(true);
    expect(messages).toEqual([
      expect.objectContaining({ severity: "warning", rule: "sitemap/route-conflict", file: "docs/sitemap/page.mdx" }),
    ]);
  });
});

describe("sitemaps of built fixture sites", () => {
  it.each(["ordering-and-folders", "audience-agent-human"])(
    "%s: valid XML and no body text of either projection",
    async (name) => {
      const { site, config } = await build({
        root: path.join(fixtures, name),
        outDir: path.join(temp, name),
        git: false,
      });
      const { files, text } = emit(site, { ...config, baseUrl: "https://fixture.test" });
      expect(schemaErrors(text("sitemap.xml"))).toBe("");
      expect(locsOf(text("sitemap.xml"))).toHaveLength(site.pages.length - site.redirects.length);
      for (const [file, contents] of files)
        expect(String(contents), file).not.toMatch(/SHARED:|AGENT-ONLY:|HUMAN-ONLY:/);
    },
    60_000,
  );
});
