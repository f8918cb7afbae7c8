/** Issue 14 at run time, over the committed snapshots/i18n build (en default, fr partly translated, ar right to left). */
import { beforeAll, describe, expect, it } from "vitest";
import type { DocsHandler } from "../handler.ts";
import { callTool } from "../search/providers/test-kit.ts";
import { request, snapshotSite } from "../testing/built-site.ts";

let handler: DocsHandler;
beforeAll(async () => {
  handler = (await snapshotSite("i18n")).handler();
});

const search = async (url: string) => {
  const response = await handler(request(url));
  expect(response.status).toBe(200);
  return (await response.json()) as { locale: string | null; results: { url: string }[] };
};

describe("locales in the runtime", () => {
  it("scopes /api/docs search to lang or locale", async () => {
    const all = await search("/api/docs?query=lantern");
    const french = await search("/api/docs?query=lantern&lang=fr");
    expect(french.locale).toBe("fr");
    expect(french.results.length).toBeGreaterThan(0);
    expect(french.results.every((r) => r.url.startsWith("/fr/"))).toBe(true);
    expect(all.results.some((r) => !r.url.startsWith("/fr/"))).toBe(true);
    const arabic = await search("/api/docs?query=lantern&locale=ar");
    expect(arabic.results.every((r) => r.url.startsWith("/ar/"))).toBe(true);
  });

  it("serves each locale's docs API at /<code>/api/docs with lang set, unless the request names one", async () => {
    const scoped = await search("/fr/api/docs?query=installation");
    expect(scoped.locale).toBe("fr");
    expect(scoped.results[0]?.url.startsWith("/fr/docs/guides/install")).toBe(true);
    expect(scoped.results.every((r) => r.url.startsWith("/fr/"))).toBe(true);
    expect((await search("/fr/api/docs?query=installation&lang=en")).locale).toBe("en");
    expect((await handler(request("/de/api/docs?query=x"))).status).toBe(404);
    // The default locale has no prefixed API: its pages ask /api/docs.
    expect((await handler(request("/en/api/docs?query=x"))).status).toBe(404);
  });

  it("serves a translation's Markdown at its .md route and by content negotiation", async () => {
    const md = await handler(request("/fr/docs/guides/install.md"));
    expect(md.status).toBe(200);
    expect(await md.text()).toContain("locale: fr");
    const negotiated = await handler(request("/ar/docs/guides/install", { headers: { accept: "text/markdown" } }));
    expect(negotiated.headers.get("content-type")).toContain("text/markdown");
    expect(await negotiated.text()).toContain("locale: ar");
  });

  it("redirects a translation asked through the manifest's page pattern (/docs/{path}.md) to its locale route", async () => {
    const md = await handler(request("/docs/fr/guides/install.md"));
    expect(md.status).toBe(308);
    expect(md.headers.get("location")).toBe("/fr/docs/guides/install.md");
    expect((await handler(request("/docs/ar.md"))).headers.get("location")).toBe("/ar/docs.md");
    expect((await handler(request("/docs/fr?x=1"))).headers.get("location")).toBe("/fr/docs?x=1");
    expect((await handler(request("/docs/guides/install.md"))).status).toBe(200);
    expect((await handler(request("/docs/french.md"))).status).toBe(404);
  });

  it("filters MCP list_pages by locale and marks fallback pages", async () => {
    const result = await callTool(handler, "list_pages", { locale: "fr" });
    const pages = result.structuredContent?.pages as { path: string; locale?: string; fallbackOf?: string }[];
    expect(pages.map((p) => p.path).sort()).toEqual(["fr", "fr/guides/configure", "fr/guides/install", "fr/reference"]);
    expect(pages.every((p) => p.locale === "fr")).toBe(true);
    expect(pages.find((p) => p.path === "fr/reference")?.fallbackOf).toMatch(/\/docs\/reference$/);
    expect(pages.find((p) => p.path === "fr/guides/install")?.fallbackOf).toBeUndefined();
    const everything = await callTool(handler, "list_pages", {});
    expect(everything.structuredContent?.pages).toHaveLength(12);
    const byLang = await callTool(handler, "list_pages", { lang: "ar" });
    const arabic = (byLang.structuredContent?.pages ?? []) as { path: string }[];
    expect(arabic.length).toBe(4);
    expect(arabic.every((p) => p.path.startsWith("ar"))).toBe(true);
  });

  it("filters MCP search_docs by locale or lang and marks results from fallback pages", async () => {
    const result = await callTool(handler, "search_docs", { query: "output folder", lang: "fr" });
    const results = result.structuredContent?.results as { path: string; fallbackOf?: string }[];
    expect(results.length).toBeGreaterThan(0);
    expect(results.every((r) => r.path.startsWith("fr"))).toBe(true);
    expect(results[0]).toMatchObject({ path: "fr/guides/configure" });
    expect(results[0].fallbackOf).toMatch(/\/docs\/guides\/configure$/);
    const arabic = await callTool(handler, "search_docs", { query: "lantern", locale: "ar" });
    const arabicResults = arabic.structuredContent?.results as { path: string; fallbackOf?: string }[];
    expect(arabicResults.every((r) => r.path.startsWith("ar") && r.fallbackOf === undefined)).toBe(true);
  });
});
