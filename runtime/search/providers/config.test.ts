import { afterEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_SEARCH_TIMEOUT_MS, resolveSearchConfig } from "./config.ts";

afterEach(() => vi.restoreAllMocks());

describe("resolveSearchConfig", () => {
  it("uses the built-in index without a config, with a 10 s timeout", () => {
    const resolved = resolveSearchConfig(undefined);
    expect(resolved).toMatchObject({ external: null, maxResults: null, secrets: [] });
    expect(resolved.transport.timeoutMs).toBe(DEFAULT_SEARCH_TIMEOUT_MS);
    expect(resolveSearchConfig(true).external).toBeNull();
    expect(resolveSearchConfig({ provider: "simple", maxResults: 4 })).toMatchObject({ external: null, maxResults: 4 });
  });

  it("resolves typesense with its defaults", () => {
    const resolved = resolveSearchConfig({
      provider: "typesense",
      baseUrl: "https://ts.example/",
      collection: "docs",
      apiKey: "k1",
      adminApiKey: "admin1",
    });
    expect(resolved.external).toEqual({
      provider: "typesense",
      baseUrl: "https://ts.example",
      collection: "docs",
      apiKey: "k1",
      queryBy: ["title", "section", "content"],
      mode: "keyword",
      embeddings: null,
    });
    expect(resolved.secrets).toEqual(["k1", "admin1"]);
  });

  it("defaults the embeddings provider to loopback port 11434", () => {
    const resolved = resolveSearchConfig({
      provider: "typesense",
      baseUrl: "https://ts",
      collection: "c",
      apiKey: "k",
      mode: "hybrid",
      embeddings: { provider: "ollama", model: "nomic-embed-text" },
    });
    expect(resolved.external).toMatchObject({
      mode: "hybrid",
      embeddings: { model: "nomic-embed-text", baseUrl: "http://127.0.0.1:11434" },
    });
  });

  it("resolves mcp defaults and treats header values as secrets", () => {
    const resolved = resolveSearchConfig({
      provider: "mcp",
      endpoint: "/remote/mcp",
      headers: { authorization: "Bearer abc123", "x-n": 5 },
    });
    expect(resolved.external).toEqual({
      provider: "mcp",
      endpoint: "/remote/mcp",
      headers: { authorization: "Bearer abc123" },
      toolName: "search_docs",
      protocolVersion: "2025-11-25",
    });
    expect(resolved.secrets).toEqual(["Bearer abc123"]);
  });

  it("warns once, naming the missing fields but no values, and falls back to the built-in index", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(resolveSearchConfig({ provider: "algolia", appId: "APP", searchApiKey: "secret-key" }).external).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0][0]).toContain("needs indexName");
    expect(warn.mock.calls[0][0]).not.toContain("secret-key");
    expect(resolveSearchConfig({ provider: "custom", adapter: 42 }).external).toBeNull();
  });

  it("ignores providers of a disabled search and unknown provider names", () => {
    expect(resolveSearchConfig({ enabled: false, provider: "mcp", endpoint: "/x" }).external).toBeNull();
    expect(resolveSearchConfig({ provider: "elastic" }).external).toBeNull();
  });
});
