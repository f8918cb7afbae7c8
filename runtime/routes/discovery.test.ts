import { createHash } from "node:crypto";
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

const fileText = (relative: string) => readFile(path.join(site.dist, relative), "utf8");
const SCHEMA_LINK =
  '<https://queue.acme.dev/schemas/docs-agent-manifest.v1.json>; rel="describedby"; type="application/schema+json"';

describe("agent manifest", () => {
  it.each(["/.well-known/agent.json", "/.well-known/agent", "/api/docs/agent/spec"])(
    "serves %s as JSON with the describedby Link",
    async (url) => {
      const response = await handler(request(url));
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(response.headers.get("link")).toBe(SCHEMA_LINK);
      const manifest = await response.json();
      expect(manifest.format).toBe("docs-agent-manifest.v1");
      expect(manifest.$schema).toBe("https://queue.acme.dev/schemas/docs-agent-manifest.v1.json");
    },
  );

  it("answers HEAD with headers only and POST with 405", async () => {
    const head = await handler(request("/.well-known/agent.json", { method: "HEAD" }));
    expect(head.status).toBe(200);
    expect(head.headers.get("link")).toBe(SCHEMA_LINK);
    expect(await head.text()).toBe("");
    const posted = await handler(request("/.well-known/agent.json", { method: "POST", body: "{}" }));
    expect(posted.status).toBe(405);
    expect(posted.headers.get("allow")).toBe("GET, HEAD");
  });

  it("serves the manifest schema as application/schema+json", async () => {
    const response = await handler(request("/schemas/docs-agent-manifest.v1.json"));
    expect(response.headers.get("content-type")).toBe("application/schema+json");
    expect((await response.json()).$schema).toContain("2020-12");
  });
});

describe("catalog, skills, llms, sitemaps, robots, AGENTS.md, skill.md", () => {
  it("serves the API catalog as a linkset (GET and HEAD)", async () => {
    const response = await handler(request("/.well-known/api-catalog"));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/linkset\+json/);
    expect((await response.json()).linkset.length).toBeGreaterThan(0);
    expect((await handler(request("/.well-known/api-catalog", { method: "HEAD" }))).status).toBe(200);
  });

  it("serves the Agent Skills index whose digests match the served SKILL.md bytes", async () => {
    const index = await (await handler(request("/.well-known/agent-skills/index.json"))).json();
    for (const skill of index.skills) {
      const response = await handler(request(new URL(skill.url).pathname));
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect(`sha256:${createHash("sha256").update(bytes).digest("hex")}`).toBe(skill.digest);
    }
  });

  it.each([
    ["/llms.txt", "llms.txt", "text/plain; charset=utf-8"],
    ["/llms-full.txt", "llms-full.txt", "text/plain; charset=utf-8"],
    ["/.well-known/llms.txt", ".well-known/llms.txt", "text/plain; charset=utf-8"],
    ["/.well-known/llms-full.txt", ".well-known/llms-full.txt", "text/plain; charset=utf-8"],
    ["/sitemap.xml", "sitemap.xml", "application/xml; charset=utf-8"],
    ["/sitemap.md", "sitemap.md", "text/markdown; charset=utf-8"],
    ["/docs/sitemap.md", "docs/sitemap.md", "text/markdown; charset=utf-8"],
    ["/.well-known/sitemap.md", ".well-known/sitemap.md", "text/markdown; charset=utf-8"],
    ["/robots.txt", "robots.txt", "text/plain; charset=utf-8"],
    ["/AGENTS.md", "AGENTS.md", "text/markdown; charset=utf-8"],
    ["/.well-known/AGENTS.md", ".well-known/AGENTS.md", "text/markdown; charset=utf-8"],
    ["/AGENT.md", "AGENTS.md", "text/markdown; charset=utf-8"],
    ["/skill.md", "skill.md", "text/markdown; charset=utf-8"],
    ["/.well-known/skill.md", ".well-known/skill.md", "text/markdown; charset=utf-8"],
  ])("serves %s from the build", async (url, file, type) => {
    const response = await handler(request(url));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe(type);
    expect(await response.text()).toBe(await fileText(file));
  });

  it("keeps the full llms file agent-projected", async () => {
    const text = await (await handler(request("/llms-full.txt"))).text();
    expect(text).toContain("AGENT-ONLY");
    expect(text).not.toContain("HUMAN-ONLY");
  });

  it("gives each file a strong ETag from the build manifest and honours If-None-Match", async () => {
    const first = await handler(request("/llms.txt"));
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"sha256-[\w-]+"$/);
    const second = await handler(request("/llms.txt", { headers: { "if-none-match": etag } }));
    expect(second.status).toBe(304);
  });

  it("does not serve the runtime bundle or host control files as discovery routes", async () => {
    for (const url of ["/_docs/site.json", "/_headers", "/_redirects", "/.well-known/../_docs/site.json"]) {
      const response = await handler(request(url));
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: { code: "not_found", message: expect.any(String) } });
    }
  });
});

describe("llms files of a build without a base URL", () => {
  let relative: SnapshotSite;
  beforeAll(async () => {
    relative = await snapshotSite("audience-agent-human");
  });

  it("answers with links absolute against the request origin (llmsTxt.baseUrl defaults to it)", async () => {
    const handle = relative.handler();
    const built = await readFile(path.join(relative.dist, "llms.txt"), "utf8");
    expect(built).toMatch(/\]\(\/docs[^)]*\.md\)/);
    const served = await (await handle(new Request("https://docs.example.org/llms.txt"))).text();
    expect(served).not.toMatch(/\]\(\//);
    expect(served).toMatch(/\]\(https:\/\/docs\.example\.org\/docs[^)]*\.md\)/);
    const full = await (await handle(new Request("https://docs.example.org/llms-full.txt"))).text();
    expect(full).toMatch(/^<!-- source: https:\/\/docs\.example\.org\/docs/m);
  });

  it("keys the ETag by origin", async () => {
    const handle = relative.handler();
    const a = (await handle(new Request("https://a.example/llms.txt"))).headers.get("etag");
    const b = (await handle(new Request("https://b.example/llms.txt"))).headers.get("etag");
    expect(a).toBeTruthy();
    expect(a).not.toBe(b);
  });
});
