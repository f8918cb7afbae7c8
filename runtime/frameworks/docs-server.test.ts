import { mkdtemp, readdir, readFile, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { snapshotSite, type SnapshotSite } from "../testing/built-site.ts";
import { createFrameworkDocs, type DocsPageData, type DocsRedirect } from "./docs-server.ts";
import { preloadedEntries } from "./preloaded-content.ts";
import { createDocsServer as createSvelteKitServer } from "./sveltekit/index.ts";
import { createDocsServer as createTanStackServer } from "./tanstack-start/index.ts";

let site: SnapshotSite;
let rootDir: string;
/** The committed example build as `import.meta.glob("/dist/**", { query: "?raw" })` gives it (text files only). */
let globbed: Record<string, string>;

beforeAll(async () => {
  site = await snapshotSite();
  rootDir = await mkdtemp(path.join(tmpdir(), "quire-frameworks-"));
  await symlink(site.dist, path.join(rootDir, "dist"));
  globbed = await textFiles(site.dist);
});

/** A built tree as `import.meta.glob("/dist/**", { query: "?raw" })` gives it (text files only). */
async function textFiles(dist: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const entry of await readdir(dist, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.(json|md|txt|html|xml|mjs)$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    files[`/dist/${path.relative(dist, file).split(path.sep).join("/")}`] = await readFile(file, "utf8");
  }
  return files;
}
afterAll(async () => {
  await rm(rootDir, { recursive: true, force: true });
});

const ORIGIN = "http://app.test";

/** The page data of a load result, failing the test on a redirect or null. */
function pageData(result: DocsPageData | DocsRedirect | null): DocsPageData {
  if (!result || "redirect" in result) throw new Error(`expected page data, got ${JSON.stringify(result)}`);
  return result;
}

describe("the framework adapters' shared docs server", () => {
  it("loads a page's content, stylesheets and the sidebar tree from <rootDir>/dist", async () => {
    const docs = createFrameworkDocs({ rootDir });
    const data = pageData(await docs.load("/docs/getting-started/installation/"));
    expect(data.page).toMatchObject({ title: "Installation", route: "/docs/getting-started/installation" });
    expect(data.html).toContain("<code>@acme/queue</code>");
    // Content only: no site chrome, no page header (the app's layout draws those).
    expect(data.html).not.toMatch(/q-breadcrumbs|q-sidebar|<h1>Installation<\/h1>|<\/article>$/);
    expect(data.stylesheets).toEqual([expect.stringMatching(/^\/_quire\/quire\.[0-9a-f]+\.css$/)]);
    expect(data.tree.children.length).toBeGreaterThan(3);
    expect(data.site).toEqual({ title: "Acme Queue", docsPath: "docs" });
  });

  it("gives Quire's client (scripts and settings) with each page and for a layout, and serves its script", async () => {
    const docs = createFrameworkDocs({ rootDir });
    const { client } = pageData(await docs.load("/docs/getting-started/installation"));
    expect(client.scripts).toEqual([expect.stringMatching(/^\/_quire\/quire\.[0-9a-f]+\.js$/)]);
    expect(Object.keys(client.settings)).toEqual(["q-search-config"]);
    expect(JSON.parse(client.settings["q-search-config"])).toMatchObject({ api: "/api/docs", page: "/search" });
    expect(await docs.client()).toEqual(client);
    const script = await docs.handle(new Request(`${ORIGIN}${client.scripts[0]}`));
    expect([script.status, script.headers.get("content-type")]).toEqual([200, expect.stringContaining("javascript")]);
  });

  it("includes Ask AI's settings and script in the client of a site that has Ask AI", async () => {
    const askAi = await snapshotSite("ask-ai");
    const docs = createFrameworkDocs({ _preloadedContent: await textFiles(askAi.dist) });
    const client = await docs.client();
    expect(client.scripts).toEqual([
      expect.stringMatching(/^\/_quire\/quire\.[0-9a-f]+\.js$/),
      expect.stringMatching(/^\/_quire\/ask-ai\.[0-9a-f]+\.js$/),
    ]);
    expect(Object.keys(client.settings).sort()).toEqual(["q-ask-ai-config", "q-search-config"]);
    expect(JSON.parse(client.settings["q-ask-ai-config"])).toMatchObject({ endpoint: "/api/docs" });
  });

  it("gives the build's redirect for a hidden folder parent, as the runtime does (SPEC 2.6)", async () => {
    const docs = createFrameworkDocs({ rootDir });
    expect(await docs.load("/docs/guides")).toEqual({
      redirect: { location: "/docs/guides/scheduling", status: 302 },
    });
    const answer = await docs.handle(new Request(`${ORIGIN}/docs/guides`, { headers: { accept: "text/html" } }));
    expect([answer.status, answer.headers.get("location")]).toEqual([302, "/docs/guides/scheduling"]);
  });

  it("gives null for a path with no docs page", async () => {
    const docs = createFrameworkDocs({ rootDir });
    expect(await docs.load("/docs/no/such/page")).toBeNull();
    expect(await docs.load("/pricing")).toBeNull();
  });

  it("serves the handler's routes and, from a directory, the built static files", async () => {
    const docs = createFrameworkDocs({ rootDir });
    const markdown = await docs.handle(new Request(`${ORIGIN}/docs/getting-started/installation.md`));
    expect(markdown.headers.get("content-type")).toContain("text/markdown");
    const { stylesheets } = pageData(await docs.load("/docs"));
    const css = await docs.handle(new Request(`${ORIGIN}${stylesheets[0]}`));
    expect(css.status).toBe(200);
    expect(css.headers.get("content-type")).toContain("text/css");
  });

  it("reads the build from _preloadedContent with Vite glob keys (serverless)", async () => {
    const docs = createFrameworkDocs({ _preloadedContent: globbed, validateFeedback: site.validateFeedback });
    expect(pageData(await docs.load("/docs/concepts/queues")).page.title).toBeTruthy();
    const search = await docs.handle(new Request(`${ORIGIN}/api/docs?query=install`));
    expect(((await search.json()) as { results: unknown[] }).results.length).toBeGreaterThan(0);
    const feedback = await docs.handle(
      new Request(`${ORIGIN}/api/docs/agent/feedback`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ payload: { task: "t", understanding: "u", outcome: "o", confidence: 1 } }),
      }),
    );
    expect(await feedback.json()).toEqual({ ok: true, handled: false });
  });

  it("with a locale, loads only pages of that locale (or none) and filters the sidebar the same way", async () => {
    const pages = JSON.parse(globbed["/dist/_docs/pages.json"]) as { route: string; locale: string | null }[];
    for (const page of pages) if (page.route === "/docs/faq") page.locale = "fr";
    const docs = createFrameworkDocs({
      _preloadedContent: { ...globbed, "/dist/_docs/pages.json": JSON.stringify(pages) },
      validateFeedback: site.validateFeedback,
    });
    const routes = (nodes: DocsPageData["tree"]["children"]): string[] =>
      nodes.flatMap((node) => (node.type === "page" ? [node.route] : routes(node.children)));
    expect(pageData(await docs.load("/docs/faq", "fr")).page.locale).toBe("fr");
    expect(await docs.load("/docs/faq", "en")).toBeNull();
    const english = pageData(await docs.load("/docs/concepts/queues", "en"));
    expect(routes(english.tree.children)).not.toContain("/docs/faq");
    expect(routes(english.tree.children)).toContain("/docs/concepts/queues");
    expect(routes(pageData(await docs.load("/docs/concepts/queues")).tree.children)).toContain("/docs/faq");
  });

  it("passes allowedHosts to the handler: MCP refuses another Host (DNS rebinding), pages do not care", async () => {
    const docs = createFrameworkDocs({ rootDir, allowedHosts: ["localhost"] });
    const mcp = (host: string) =>
      docs.handle(
        new Request(`http://${host}/mcp`, {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
          body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
        }),
      );
    expect((await mcp("localhost")).status).toBe(200);
    expect((await mcp("rebound.example")).status).toBe(403);
    expect((await docs.handle(new Request("http://rebound.example/llms.txt"))).status).toBe(200);
  });

  it("answers 503 site_unavailable when the build is missing, and recovers once it is there", async () => {
    const empty = await mkdtemp(path.join(tmpdir(), "quire-frameworks-empty-"));
    try {
      const docs = createFrameworkDocs({ rootDir: empty });
      const response = await docs.handle(new Request(`${ORIGIN}/llms.txt`));
      expect(response.status).toBe(503);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("site_unavailable");
      await symlink(site.dist, path.join(empty, "dist"));
      expect((await docs.handle(new Request(`${ORIGIN}/llms.txt`))).status).toBe(200);
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });
});

describe("preloadedEntries", () => {
  it("makes glob keys dist-relative and leaves dist-relative keys alone", () => {
    expect([...preloadedEntries({ "/dist/_docs/site.json": "a", "./dist/llms.txt": "b" }).keys()]).toEqual([
      "_docs/site.json",
      "llms.txt",
    ]);
    expect([...preloadedEntries({ "_docs/site.json": "a", "dist/x.md": "b" }).keys()]).toEqual([
      "_docs/site.json",
      "dist/x.md",
    ]);
  });

  it("refuses an entry that is not text", () => {
    expect(() => preloadedEntries({ "/dist/a.json": { default: "x" } as unknown as string })).toThrow(/must be/);
  });
});

describe("quire/sveltekit", () => {
  const event = (url: string, init?: RequestInit) => ({
    request: new Request(url, init),
    url: new URL(url),
    params: {},
  });

  it("load(event) gives the page data, or null for SvelteKit's error(404)", async () => {
    const docs = createSvelteKitServer({ rootDir });
    expect(pageData(await docs.load(event(`${ORIGIN}/docs/faq`))).page.route).toBe("/docs/faq");
    expect(await docs.load(event(`${ORIGIN}/docs/nope`))).toBeNull();
  });

  it("GET negotiates Markdown; fallback answers MCP's preflight", async () => {
    const docs = createSvelteKitServer({ rootDir });
    const page = `${ORIGIN}/docs/getting-started/installation`;
    const markdown = await docs.GET(event(page, { headers: { accept: "text/markdown" } }));
    expect(markdown.headers.get("content-type")).toContain("text/markdown");
    const preflight = await docs.fallback(
      event(`${ORIGIN}/mcp`, {
        method: "OPTIONS",
        headers: { origin: ORIGIN, "access-control-request-method": "POST" },
      }),
    );
    expect(preflight.status).toBe(204);
  });
});

describe("quire/tanstack-start", () => {
  it("load({ pathname }) and the server-route handlers", async () => {
    const docs = createTanStackServer({ rootDir });
    expect(pageData(await docs.load({ pathname: "/docs/getting-started/quickstart" })).page.title).toBeTruthy();
    expect(await docs.load({ pathname: "/docs/nope" })).toBeNull();
    const tools = await docs.handlers.POST({
      request: new Request(`${ORIGIN}/api/docs/mcp`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
      }),
    });
    expect(tools.status).toBe(200);
    expect(await tools.text()).toContain("search_docs");
    const llms = await docs.GET({ request: new Request(`${ORIGIN}/llms.txt`) });
    expect(await llms.text()).toMatch(/^# Acme Queue/);
  });

  it("pageHandlers: HTML goes on to the app's page (next), Markdown and .md come from the docs", async () => {
    const docs = createTanStackServer({ rootDir });
    const page = `${ORIGIN}/docs/getting-started/installation`;
    const next = () => "rendered by the app";
    expect(
      await docs.pageHandlers.GET({ request: new Request(page, { headers: { accept: "text/html" } }), next }),
    ).toBe("rendered by the app");
    expect(
      await docs.pageHandlers.GET({
        request: new Request(`${ORIGIN}/docs/nope`, { headers: { accept: "text/html" } }),
        next,
      }),
    ).toBe("rendered by the app");
    for (const request of [new Request(`${page}.md`), new Request(page, { headers: { accept: "text/markdown" } })]) {
      const response = (await docs.pageHandlers.GET({ request, next })) as Response;
      expect(response.headers.get("content-type")).toContain("text/markdown");
    }
  });
});
