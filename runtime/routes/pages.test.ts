import { readFile } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { DocsHandler } from "../handler.ts";
import { snapshotSite, request, type SnapshotSite } from "../testing/built-site.ts";
import type { PageEntry } from "../contract/index.ts";

let site: SnapshotSite;
let handler: DocsHandler;
let pages: PageEntry[];
beforeAll(async () => {
  site = await snapshotSite();
  handler = site.handler();
  pages = JSON.parse(await readFile(path.join(site.dist, "_docs/pages.json"), "utf8"));
});

const page = (url: string, headers: Record<string, string> = {}, method = "GET") =>
  handler(request(url, { headers, method }));
const isMarkdown = (response: Response) => response.headers.get("content-type") === "text/markdown; charset=utf-8";

describe("Markdown negotiation at canonical page URLs", () => {
  it.each([
    ["text/markdown", true],
    ["text/markdown; charset=utf-8", true],
    ["text/x-markdown", true],
    ["text/markdown, text/html;q=0.9", true],
    ["text/html;q=0.5, text/markdown;q=0.8", true],
    ["text/markdown, text/html", true],
    ["text/markdown, */*;q=0.1", true],
    ["text/html, text/markdown", false],
    ["text/markdown;q=0", false],
    ["text/markdown;q=0.5, text/html", false],
    ["text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", false],
    ["*/*", false],
    ["text/*", false],
    ["application/json", false],
  ])("Accept: %s → Markdown %s", async (accept, markdown) => {
    const response = await page("/docs/concepts", { accept });
    expect(response.status).toBe(200);
    expect(isMarkdown(response)).toBe(markdown);
    expect(response.headers.get("vary")).toBe("Accept");
  });

  it("serves Markdown for a Signature-Agent request", async () => {
    const response = await page("/docs/concepts", { "signature-agent": '"https://agent.example"' });
    expect(isMarkdown(response)).toBe(true);
  });

  it("serves exactly the page's .md file, with Content-Location and the llms.txt describedby link", async () => {
    const response = await page("/docs/getting-started/installation", { accept: "text/markdown" });
    expect(await response.text()).toBe(
      await readFile(path.join(site.dist, "docs/getting-started/installation.md"), "utf8"),
    );
    expect(response.headers.get("content-location")).toBe("/docs/getting-started/installation.md");
    expect(response.headers.get("link")).toBe('</llms.txt>; rel="describedby"; type="text/plain"');
  });

  it("serves HTML otherwise, with Vary: Accept and the Markdown alternate link", async () => {
    const response = await page("/docs/concepts");
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("vary")).toBe("Accept");
    expect(response.headers.get("link")).toBe('</docs/concepts.md>; rel="alternate"; type="text/markdown"');
    expect(await response.text()).toContain("<!doctype html>");
  });

  it("never returns <Human> text in any Markdown response, and <Agent> text never in HTML", async () => {
    for (const entry of pages) {
      const markdown = await (await page(entry.route, { accept: "text/markdown" })).text();
      expect(markdown).not.toContain("HUMAN-ONLY");
      const md = await (await page(entry.markdownRoute)).text();
      expect(md).not.toContain("HUMAN-ONLY");
      const html = await (await page(entry.route)).text();
      expect(html).not.toContain("AGENT-ONLY");
    }
  });

  it("answers HEAD with the negotiated headers and no body", async () => {
    const response = await page("/docs/concepts", { accept: "text/markdown" }, "HEAD");
    expect(isMarkdown(response)).toBe(true);
    expect(await response.text()).toBe("");
  });

  it("answers If-None-Match per representation", async () => {
    const markdown = await page("/docs/concepts", { accept: "text/markdown" });
    const html = await page("/docs/concepts");
    expect(markdown.headers.get("etag")).not.toBe(html.headers.get("etag"));
    expect(
      (await page("/docs/concepts", { accept: "text/markdown", "if-none-match": markdown.headers.get("etag")! }))
        .status,
    ).toBe(304);
    expect((await page("/docs/concepts", { "if-none-match": markdown.headers.get("etag")! })).status).toBe(200);
  });
});

describe("page routes", () => {
  it("serves <page>.md routes with Vary: Accept", async () => {
    const response = await page("/docs/guides/deployment.md");
    expect(isMarkdown(response)).toBe(true);
    const text = await response.text();
    expect(text).toContain("FROM-AGENT-MD");
    expect(text).not.toContain("AGENT-ONLY");
  });

  it("redirects a trailing slash to the canonical URL with 308, keeping the query", async () => {
    const response = await page("/docs/concepts/?x=1");
    expect(response.status).toBe(308);
    expect(response.headers.get("location")).toBe("/docs/concepts?x=1");
  });

  it("redirects a hidden folder parent to its first visible child (HTML only)", async () => {
    const response = await page("/docs/guides");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/docs/guides/scheduling");
    expect(isMarkdown(await page("/docs/guides", { accept: "text/markdown" }))).toBe(true);
  });

  it("answers other methods on a page with 405", async () => {
    const response = await page("/docs/concepts", {}, "POST");
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD");
  });

  it("keeps hidden pages reachable by URL", async () => {
    expect((await page("/docs/internals")).status).toBe(200);
  });

  it.each([
    "/docs/nope",
    "/etc/passwd",
    "/docs/../../etc/passwd",
    "/docs/%2e%2e/%2e%2e/etc/passwd",
    "/%E0%A4%A",
    "/docs/%252e%252e/x",
  ])("answers %s with the build's 404 page, or the 404 JSON body to a client asking for JSON", async (url) => {
    const response = await page(url);
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await response.text()).toBe(await site.readText("404.html"));
    const json = await page(url, { accept: "application/json" });
    expect(json.status).toBe(404);
    expect(await json.json()).toEqual({ error: { code: "not_found", message: "No docs route matches this URL." } });
  });

  it("keeps the 404 JSON for API paths and file-like paths not asked for as HTML", async () => {
    for (const url of ["/api/docs/nope", "/_docs/nope.json", "/.well-known/nope", "/mcp/x", "/nope.png"]) {
      const response = await page(url);
      expect(response.status, url).toBe(404);
      expect((await response.json()).error.code, url).toBe("not_found");
    }
    const image = await page("/nope.png", { accept: "text/html,*/*;q=0.8" });
    expect(image.headers.get("content-type")).toBe("text/html; charset=utf-8");
  });

  it("answers HEAD on an unknown page with the 404 page's headers and no body", async () => {
    const response = await page("/docs/nope", {}, "HEAD");
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await response.text()).toBe("");
  });

  it("sends nosniff on every response", async () => {
    expect((await page("/docs/concepts")).headers.get("x-content-type-options")).toBe("nosniff");
    expect((await page("/nope")).headers.get("x-content-type-options")).toBe("nosniff");
  });
});
