import { beforeAll, describe, expect, it, vi } from "vitest";
import { createDocsHandler } from "./handler.ts";
import { createDirectoryStore } from "./store/directory.ts";
import { createPreloadedStore } from "./store/preloaded.ts";
import type { DocsStore } from "./store/types.ts";
import { snapshotSite, request, type SnapshotSite } from "./testing/built-site.ts";

let site: SnapshotSite;
let staticSite: SnapshotSite;
beforeAll(async () => {
  [site, staticSite] = await Promise.all([snapshotSite(), snapshotSite("static-export")]);
});

describe("createDocsHandler", () => {
  it("answers 503 JSON while there is no build, and recovers once there is one", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    let files: Record<string, string> = {};
    const store: DocsStore = { readText: async (path) => files[path] ?? null };
    const handler = createDocsHandler({ store });
    const missing = await handler(request("/api/docs?query=x"));
    expect(missing.status).toBe(503);
    expect(await missing.json()).toEqual({ error: { code: "site_unavailable", message: expect.any(String) } });
    const real = createDirectoryStore(site.dist);
    files = Object.fromEntries(
      await Promise.all(
        ["_docs/site.json", "_docs/pages.json", "_docs/nav.json", "_docs/search-human.json"].map(async (path) => [
          path,
          (await real.readText(path))!,
        ]),
      ),
    );
    expect((await handler(request("/api/docs?query=cron"))).status).toBe(200);
    error.mockRestore();
  });

  it("turns an unexpected failure into 500 JSON without internals", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const real = createDirectoryStore(site.dist);
    const store: DocsStore = {
      readText: async (path) => {
        if (path.endsWith(".md")) throw new Error("disk exploded at /secret/path");
        return real.readText(path);
      },
    };
    const response = await createDocsHandler({ store })(request("/docs/faq.md"));
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      error: { code: "internal_error", message: "The docs runtime failed to answer this request." },
    });
    expect(text).not.toContain("secret");
    error.mockRestore();
  });

  it("hands GET/HEAD requests no route owns to the fallback, and 404s when it has nothing", async () => {
    const fallback = vi.fn(async (req: Request) =>
      new URL(req.url).pathname === "/logo.svg"
        ? new Response("<svg/>", { headers: { "content-type": "image/svg+xml" } })
        : null,
    );
    const handler = site.handler({ fallback });
    const logo = await handler(request("/logo.svg"));
    expect(await logo.text()).toBe("<svg/>");
    expect(logo.headers.get("x-content-type-options")).toBe("nosniff");
    expect((await handler(request("/missing.png"))).status).toBe(404);
    expect((await handler(request("/logo.svg", { method: "DELETE" }))).status).toBe(404);
    expect(fallback).toHaveBeenCalledTimes(2);
  });

  it("copies immutable fallback responses to add its headers", async () => {
    const frozen = Response.redirect("http://docs.test/elsewhere", 302);
    const response = await site.handler({ fallback: async () => frozen })(request("/old"));
    expect(response.status).toBe(302);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("serves from a preloaded map (serverless bundles)", async () => {
    const real = createDirectoryStore(site.dist);
    const paths = ["_docs/site.json", "_docs/pages.json", "_docs/nav.json", "docs/faq.md", "llms.txt"];
    const content = Object.fromEntries(
      await Promise.all(paths.map(async (path) => [path, (await real.readText(path))!])),
    );
    const handler = createDocsHandler({ store: createPreloadedStore(content) });
    expect(await (await handler(request("/docs/faq", { headers: { accept: "text/markdown" } }))).text()).toBe(
      content["docs/faq.md"],
    );
    expect(await (await handler(request("/llms.txt"))).text()).toBe(content["llms.txt"]);
  });
});

describe("hostile input", () => {
  it("never answers bad input with a 5xx", async () => {
    const handler = site.handler();
    const cases: [string, RequestInit][] = [
      ["/api/docs?query=%F0%9F%92%A9%00%ff", {}],
      ["/api/docs?query=" + "(".repeat(400), {}],
      ["/api/docs?format=markdown&path=%E0%A4%A", {}],
      ["/api/docs?format=markdown&path=" + "a/".repeat(500), {}],
      ["/api/docs?audience=agent&response=changes&since=" + "9".repeat(400), {}],
      ["/api/docs?audience=agent&response=changes&since=1", { headers: { "if-none-match": '""",,,W/' } }],
      ["/api/docs?feedback=agent", { method: "POST", headers: { "content-type": "application/json" }, body: "null" }],
      [
        "/api/docs?feedback=agent",
        { method: "POST", headers: { "content-type": "application/json" }, body: "9".repeat(5000) },
      ],
      ["/api/docs?feedback=agent", { method: "POST", headers: { "content-type": "application/json;;;" }, body: "{}" }],
      ["/docs/concepts", { headers: { accept: ";;;,,q=,text/markdown;q=NaN;q=2, */*;q=-1" } }],
      ["/docs/%ZZ", {}],
      ["/docs/concepts", { method: "PATCH" }],
      ["/mcp", { method: "POST", headers: { "content-type": "application/json" }, body: "{not json" }],
      ["/mcp", { method: "POST", headers: { "content-type": "text/plain", origin: "%%%" }, body: "x" }],
      ["/mcp", { method: "PUT", body: "x" }],
      ["/.well-known/agent.json", { method: "DELETE" }],
      ["/" + "x".repeat(10_000), {}],
    ];
    for (const [url, init] of cases) {
      const response = await handler(request(url, init));
      expect(response.status, `${init.method ?? "GET"} ${url.slice(0, 80)}`).toBeLessThan(500);
    }
  });
});

describe("a staticExport build served by the runtime", () => {
  it("reports server-side features unavailable, as the diagnostics do", async () => {
    const handler = staticSite.handler();
    const cases: [string, RequestInit, number, string][] = [
      ["/api/docs?query=install", {}, 404, "search_unavailable"],
      ["/api/docs?audience=agent&response=changes", {}, 404, "changes_unavailable"],
      ["/api/docs/agent/feedback/schema", {}, 404, "feedback_unavailable"],
      [
        "/api/docs/agent/feedback",
        { method: "POST", headers: { "content-type": "application/json" }, body: "{}" },
        404,
        "feedback_unavailable",
      ],
      ["/.well-known/api-catalog", {}, 404, "not_found"],
    ];
    for (const [url, init, status, code] of cases) {
      const response = await handler(request(url, init));
      expect(response.status, url).toBe(status);
      expect((await response.json()).error.code, url).toBe(code);
    }
    const mcp = await handler(
      request("/mcp", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }),
    );
    expect(mcp.status).toBe(404);
    expect((await mcp.json()).error.data.reason).toBe("mcp_unavailable");
  });

  it("still serves Markdown, discovery files and the config map", async () => {
    const handler = staticSite.handler();
    expect((await handler(request("/llms.txt"))).status).toBe(200);
    expect((await handler(request("/api/docs?format=config"))).status).toBe(200);
    // SPEC 4.2: the Agent Skills index stays available under static export.
    expect((await handler(request("/.well-known/agent-skills/index.json"))).status).toBe(200);
    const pages = JSON.parse((await createDirectoryStore(staticSite.dist).readText("_docs/pages.json"))!) as {
      route: string;
    }[];
    const markdown = await handler(request(pages[0].route, { headers: { accept: "text/markdown" } }));
    expect(markdown.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
  });
});
