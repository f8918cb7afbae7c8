import path from "node:path";
import type { Client } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSiteData, type SiteData } from "../site-data.ts";
import { createDirectoryStore } from "../store/directory.ts";
import { createMcpEndpoint } from "./index.ts";
import { connectClient, textOf } from "./test-kit.ts";

/** The committed golden tree of the example site (read-only). */
let out: string;
let data: SiteData;
let client: Client;

beforeAll(async () => {
  out = path.resolve("snapshots/example");
  data = await loadSiteData(createDirectoryStore(out));
  client = await connectClient(createMcpEndpoint(data), "legacy");
}, 60_000);

afterAll(async () => {
  await client?.close();
});

const call = async (name: string, args: Record<string, unknown> = {}) => {
  const result = await client.callTool({ name, arguments: args });
  return {
    result,
    text: textOf(result),
    data: result.structuredContent as Record<string, any>,
    isError: result.isError === true,
  };
};

describe("docs MCP tools", () => {
  it("lists the top-level sections with page counts", async () => {
    const { data: docs } = await call("list_docs");
    expect(docs.site.title).toBe("Acme Queue");
    expect(docs.pageCount).toBe(24);
    expect(docs.taskCount).toBe(3);
    expect(docs.sections.find((s: any) => s.path === "guides")).toMatchObject({
      name: "Guides",
      pageCount: 8,
      taskCount: 1,
    });
    expect(docs.frameworks).toContain("node");
  });

  it("lists every page with a concise agent entry of exactly four keys", async () => {
    const { data: list } = await call("list_pages");
    expect(list.pages).toHaveLength(24);
    const install = list.pages.find((p: any) => p.path === "getting-started/installation");
    expect(install.url).toBe("https://queue.acme.dev/docs/getting-started/installation");
    expect(install.markdownUrl).toBe("https://queue.acme.dev/docs/getting-started/installation.md");
    expect(Object.keys(install.agent).sort()).toEqual(["appliesTo", "hasContract", "outcome", "task"]);
    expect(install.agent).toMatchObject({
      hasContract: true,
      appliesTo: { framework: ["node"], package: ["@acme/queue"] },
    });
    expect(list.pages.find((p: any) => p.path === "faq").agent).toEqual({
      hasContract: false,
      task: null,
      outcome: null,
      appliesTo: null,
    });
  });

  it("filters task pages by query, framework, version and package", async () => {
    const all = (await call("list_tasks")).data.tasks.map((t: any) => t.path);
    expect(all).toEqual(["getting-started/installation", "getting-started/quickstart", "guides/migrating-from-v1"]);
    expect((await call("list_tasks", { query: "upgrade" })).data.tasks.map((t: any) => t.path)).toEqual([
      "guides/migrating-from-v1",
    ]);
    expect((await call("list_tasks", { framework: "bun" })).data.tasks.map((t: any) => t.path)).toEqual([
      "getting-started/quickstart",
    ]);
    expect((await call("list_tasks", { framework: "python" })).data.tasks).toEqual([]);
    // ">=20" in appliesTo admits 22; the migration page is scoped to 1.x and the quickstart to 2.0.
    expect((await call("list_tasks", { version: "22" })).data.tasks.map((t: any) => t.path)).toEqual([
      "getting-started/installation",
    ]);
    // The migration page declares no package, so it applies to any.
    expect((await call("list_tasks", { package: "@acme/other" })).data.tasks.map((t: any) => t.path)).toEqual([
      "guides/migrating-from-v1",
    ]);
  });

  it("reads a full normalized contract, and refuses pages without one", async () => {
    const { data: task } = await call("read_task", { path: "/docs/getting-started/installation.md" });
    expect(task.path).toBe("getting-started/installation");
    expect(task.contract.verification).toContainEqual({
      description: "The CLI can reach Redis",
      run: "npx acme-queue ping",
      expect: "PONG",
    });
    expect(task.contract.rollback).toContain("npm uninstall @acme/queue");
    const missing = await call("read_task", { path: "faq" });
    expect(missing.isError).toBe(true);
    expect(missing.text).toContain("getting-started/installation");
  });

  it("returns the navigation tree", async () => {
    const { data: nav } = await call("get_navigation");
    expect(nav.name).toBe("Acme Queue");
    expect(nav.children.map((n: any) => n.name)).toContain("Guides");
  });

  it("searches the agent projection", async () => {
    const { data: found } = await call("search_docs", { query: "idempotency key", limit: 3 });
    expect(found.results.length).toBeGreaterThan(0);
    expect(found.results.length).toBeLessThanOrEqual(3);
    expect(Object.keys(found.results[0])).toEqual(
      expect.arrayContaining(["id", "url", "title", "section", "content", "description", "type"]),
    );
    expect(found.results[0].id).toBe("concepts/jobs#idempotency-keys");
    // <Agent> text is searchable here, unlike public search.
    expect((await call("search_docs", { query: "JSON.stringify Date strings" })).text).toContain("AGENT-ONLY");
  });

  it("reads a page from its agent.md and never from the human-only projection", async () => {
    const { text, isError } = await call("read_page", { path: "guides/deployment" });
    expect(isError).toBe(false);
    expect(text).toContain("FROM-AGENT-MD");
    expect(text).not.toContain("this block must never appear");
  });

  it("reads one section by heading text or id", async () => {
    const byText = await call("read_page", { path: "getting-started/installation", section: "connect to REDIS" });
    expect(byText.text.startsWith("## Connect to Redis\n")).toBe(true);
    expect(byText.text).toContain("src/queue.ts");
    expect(byText.text).not.toContain("## Troubleshooting");
    const byId = await call("read_page", { path: "getting-started/installation", section: "#troubleshooting" });
    expect(byId.text.startsWith("## Troubleshooting")).toBe(true);
    const unknown = await call("read_page", { path: "getting-started/installation", section: "Nope" });
    expect(unknown.isError).toBe(true);
    expect(unknown.text).toContain('"Connect to Redis"');
  });

  it("answers unknown and hostile paths with tool errors, never file access", async () => {
    const typo = await call("read_page", { path: "getting-started/instalation" });
    expect(typo.isError).toBe(true);
    expect(typo.text).toContain('"getting-started/installation"');
    for (const hostile of ["../../etc/passwd", "/docs/../../_docs/site.json", "..%2F..%2Fetc%2Fpasswd", "_docs/site"]) {
      const result = await call("read_page", { path: hostile });
      expect(result.isError, hostile).toBe(true);
      expect(result.text).not.toContain("root:");
      expect(result.text).not.toContain("quire-site.v1");
    }
  });

  it("extracts code examples with page, section and language", async () => {
    const { data: ts } = await call("get_code_examples", {
      language: "typescript",
      path: "getting-started/installation",
    });
    expect(ts.examples).toEqual([
      expect.objectContaining({
        path: "getting-started/installation",
        section: "Connect to Redis",
        language: "ts",
        title: "src/queue.ts",
        url: "https://queue.acme.dev/docs/getting-started/installation#connect-to-redis",
      }),
    ]);
    const { data: yaml } = await call("get_code_examples", { query: "deployment replicas", language: "yml", limit: 1 });
    expect(yaml.examples[0]).toMatchObject({ path: "guides/deployment/kubernetes", language: "yaml" });
    expect(yaml.total).toBeGreaterThanOrEqual(1);
  });

  it("returns the config map", async () => {
    const { data: map } = await call("get_config_schema");
    expect(map.format).toBe("docs-config-map.v1");
    expect(map.pointers).toContainEqual({ path: "nav.title", kind: "string" });
  });

  it("packs deterministic context under the byte ceiling", async () => {
    const first = await call("get_context", { query: "graceful shutdown of workers" });
    const second = await call("get_context", { query: "graceful shutdown of workers" });
    expect(JSON.stringify(second.result)).toBe(JSON.stringify(first.result));
    const context = first.data;
    expect(context.maxBytes).toBe(4000);
    expect(new TextEncoder().encode(context.context).length).toBe(context.bytes);
    expect(context.bytes).toBeLessThanOrEqual(4000);
    expect(context.tokens).toBe(Math.ceil(context.bytes / 3));
    expect(context.sources.reduce((sum: number, s: any) => sum + s.bytes, 0)).toBe(context.bytes);
    // Sources are the top search hits, in search order.
    const ranked = (await call("search_docs", { query: "graceful shutdown of workers", limit: context.sources.length }))
      .data.results;
    expect(context.sources.map((s: any) => s.id)).toEqual(ranked.map((r: any) => r.id));
    expect(context.sources.map((s: any) => s.id)).toContain("concepts/workers#graceful-shutdown");
    expect(first.text).toContain(context.context);
  });

  it("never exceeds maxBytes or the token budget, whatever the limits", async () => {
    for (const limits of [
      { maxBytes: 1 },
      { maxBytes: 7 },
      { maxBytes: 200 },
      { maxBytes: 999 },
      { tokenBudget: 10 },
      { tokenBudget: 400, maxBytes: 900 },
    ]) {
      const { data: context } = await call("get_context", { query: "retries backoff jitter dead letter", ...limits });
      const ceiling = Math.min(limits.maxBytes ?? 4000, limits.tokenBudget ? limits.tokenBudget * 3 : Infinity);
      expect(context.maxBytes, JSON.stringify(limits)).toBe(ceiling);
      expect(new TextEncoder().encode(context.context).length, JSON.stringify(limits)).toBeLessThanOrEqual(ceiling);
      expect(context.context).not.toContain("\uFFFD");
    }
  });

  it("scopes context by framework", async () => {
    const { data: context } = await call("get_context", { query: "workers", framework: "python", maxBytes: 20_000 });
    const paths = new Set(context.sources.map((s: any) => s.id.split("#")[0]));
    expect(paths.has("guides/python-workers")).toBe(true);
    expect(paths.has("guides/scheduling/cron")).toBe(false);
  });

  it("never puts <Human> content in any tool output", async () => {
    const outputs: string[] = [];
    const add = async (name: string, args: Record<string, unknown> = {}) =>
      outputs.push(JSON.stringify(await client.callTool({ name, arguments: args })));
    for (const name of ["list_docs", "list_pages", "list_tasks", "get_navigation", "get_config_schema"])
      await add(name);
    for (const page of data.pages) await add("read_page", { path: page.path });
    for (const query of [
      "dashboard timeline",
      "helm chart",
      "jupyter peek",
      "throughput chart",
      "acme cloud managed",
      "console provision redis",
      "new here interactive",
    ]) {
      await add("search_docs", { query, limit: 50 });
      await add("get_context", { query, maxBytes: 100_000 });
      await add("get_code_examples", { query, limit: 50 });
    }
    await add("get_code_examples", { limit: 50 });
    const all = outputs.join("\n");
    expect(all).toContain("AGENT-ONLY");
    expect(all).not.toContain("HUMAN-ONLY");
  });
});
