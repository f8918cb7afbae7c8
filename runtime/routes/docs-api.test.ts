import { readFile } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { DocsHandler } from "../handler.ts";
import { snapshotSite, request, type SnapshotSite } from "../testing/built-site.ts";

let site: SnapshotSite;
let handler: DocsHandler;

beforeAll(async () => {
  site = await snapshotSite();
  handler = site.handler();
});

const get = (url: string, init?: RequestInit) => handler(request(url, init));

describe("GET /api/docs?query= (search)", () => {
  it("answers the documented envelope with result items", async () => {
    const response = await get("/api/docs?query=retry%20backoff");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    const body = await response.json();
    expect(body).toMatchObject({ query: "retry backoff", locale: null, provider: "simple" });
    expect(body.results.length).toBeGreaterThan(0);
    for (const item of body.results) {
      expect(Object.keys(item).sort()).toEqual(["content", "description", "id", "section", "title", "type", "url"]);
      expect(item.content.length).toBeLessThanOrEqual(282);
    }
    expect(body.results[0].url).toContain("/docs/concepts/retries-and-backoff");
  });

  it("returns at most search.maxResults (10) results", async () => {
    const body = await (await get("/api/docs?query=job")).json();
    expect(body.results).toHaveLength(10);
  });

  it("omits <Agent> blocks from public search results", async () => {
    for (const query of [
      "JSON.stringify Date undefined",
      "terminationGracePeriodSeconds",
      "state names stable API",
      "AGENT-ONLY",
    ]) {
      const { results } = await (await get(`/api/docs?query=${encodeURIComponent(query)}`)).json();
      expect(JSON.stringify(results)).not.toContain("AGENT-ONLY");
    }
  });

  it("finds <Human> text, which belongs to the human projection", async () => {
    const body = await (await get("/api/docs?query=HUMAN-ONLY%20dashboard%20timeline")).json();
    expect(JSON.stringify(body.results)).toContain("HUMAN-ONLY");
  });

  it("filters by lang/locale, keeping pages without a locale", async () => {
    const all = await (await get("/api/docs?query=worker")).json();
    const en = await (await get("/api/docs?query=worker&lang=en")).json();
    const locale = await (await get("/api/docs?query=worker&locale=en-US")).json();
    expect(en.locale).toBe("en");
    expect(locale.locale).toBe("en-US");
    expect(en.results).toEqual(all.results);
  });

  it("answers a blank query with no results, and refuses an over-long one", async () => {
    expect((await (await get("/api/docs?query=")).json()).results).toEqual([]);
    const long = await get(`/api/docs?query=${"a".repeat(513)}`);
    expect(long.status).toBe(400);
    expect((await long.json()).error.code).toBe("query_too_long");
  });
});

describe("GET /api/docs?format=…", () => {
  it("serves the config map with the exact SPEC 4.1 headers", async () => {
    const response = await get("/api/docs?format=config");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=3600");
    expect(response.headers.get("x-robots-tag")).toBe("noindex");
    expect(await response.text()).toBe(await readFile(path.join(site.dist, "_docs/config-map.json"), "utf8"));
  });

  it("serves diagnostics, AGENTS.md and skill.md", async () => {
    const diagnostics = await get("/api/docs?format=diagnostics");
    expect((await diagnostics.json()).format).toBe("docs-diagnostics.v1");
    const agents = await get("/api/docs?format=agents");
    expect(agents.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(await agents.text()).toBe(await readFile(path.join(site.dist, "AGENTS.md"), "utf8"));
    const skill = await get("/api/docs?format=skill");
    expect(await skill.text()).toBe(await readFile(path.join(site.dist, "skill.md"), "utf8"));
  });

  it("answers format=openapi with 404 when apiReference is off", async () => {
    const response = await get("/api/docs?format=openapi");
    expect(response.status).toBe(404);
    expect((await response.json()).error).toMatchObject({ code: "openapi_unavailable" });
  });

  it("rejects an unknown format with 400 listing the formats", async () => {
    const response = await get("/api/docs?format=yaml");
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toContain("markdown, config, diagnostics, agents, skill, openapi");
  });

  it("serves a page's agent Markdown for format=markdown&path=", async () => {
    for (const pagePath of [
      "getting-started/installation",
      "/docs/getting-started/installation",
      "getting-started/installation.md",
    ]) {
      const response = await get(`/api/docs?format=markdown&path=${encodeURIComponent(pagePath)}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
      expect(await response.text()).toBe(
        await readFile(path.join(site.dist, "docs/getting-started/installation.md"), "utf8"),
      );
    }
  });

  it("refuses path traversal and never reads outside the build", async () => {
    for (const hostile of [
      "../../etc/passwd",
      "..%2F..%2Fetc%2Fpasswd",
      "%2e%2e/%2e%2e/etc/passwd",
      "docs/../../../etc/passwd",
      "a\\..\\b",
      "%00",
    ]) {
      const response = await get(`/api/docs?format=markdown&path=${encodeURIComponent(hostile)}`);
      expect([400, 404]).toContain(response.status);
      expect(await response.text()).not.toContain("root:");
    }
  });

  it("answers a missing path with 400 and an unknown page with 404", async () => {
    expect((await get("/api/docs?format=markdown")).status).toBe(400);
    const missing = await get("/api/docs?format=markdown&path=no/such/page");
    expect(missing.status).toBe(404);
    expect((await missing.json()).error.code).toBe("page_not_found");
  });

  it("never returns <Human> text in Markdown answers", async () => {
    const pages = JSON.parse(await readFile(path.join(site.dist, "_docs/pages.json"), "utf8")) as { path: string }[];
    for (const page of pages) {
      const text = await (
        await get(`/api/docs?format=markdown&path=${encodeURIComponent(page.path || "index")}`)
      ).text();
      expect(text).not.toContain("HUMAN-ONLY");
    }
  });
});

describe("/api/docs methods and usage", () => {
  it("answers POST without feedback=agent as the Ask AI chat: 404 ask_ai_disabled when the build has it off", async () => {
    const response = await get("/api/docs", {
      method: "POST",
      body: "{}",
      headers: { "content-type": "application/json" },
    });
    expect(response.status).toBe(404);
    expect((await response.json()).error.code).toBe("ask_ai_disabled");
  });

  it("answers POST with an unknown ai= mode with 400", async () => {
    const response = await get("/api/docs?ai=share", {
      method: "POST",
      body: "{}",
      headers: { "content-type": "application/json" },
    });
    expect(response.status).toBe(400);
  });

  it("answers a bare GET with 400 and the list of modes", async () => {
    const response = await get("/api/docs");
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toContain("format=markdown&path=<page>");
  });

  it("answers other methods with 405 and Allow", async () => {
    const response = await get("/api/docs?query=x", { method: "PUT" });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD, POST");
  });

  it("answers HEAD with the GET headers and no body", async () => {
    const response = await get("/api/docs?format=config", { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-robots-tag")).toBe("noindex");
    expect(await response.text()).toBe("");
  });

  it("answers If-None-Match on a compiled document with 304", async () => {
    const first = await get("/api/docs?format=config");
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"sha256-/);
    const second = await get("/api/docs?format=config", { headers: { "if-none-match": etag } });
    expect(second.status).toBe(304);
    expect(second.headers.get("etag")).toBe(etag);
  });
});
