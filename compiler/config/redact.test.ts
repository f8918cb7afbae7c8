import { describe, expect, it } from "vitest";
import { REDACTED, isSecretKey, redactConfig } from "./redact.ts";

describe("isSecretKey", () => {
  it("recognizes the credential keys the spec names and common secret names", () => {
    for (const key of [
      "apiKey",
      "adminApiKey",
      "searchApiKey",
      "headers",
      "clientSecret",
      "accessToken",
      "password",
      "authorization",
      "sessionId",
      "cookie",
      "key",
    ]) {
      expect(isSecretKey(key), key).toBe(true);
    }
  });

  it("leaves ordinary keys alone", () => {
    for (const key of ["entry", "baseUrl", "route", "enabled", "keywords", "authenticate", "author"]) {
      expect(isSecretKey(key), key).toBe(false);
    }
  });
});

describe("redactConfig", () => {
  it("redacts secret values at any depth, including inside arrays", () => {
    const config = {
      entry: "docs",
      search: { provider: "typesense", apiKey: "ts_live_123", embeddings: { baseUrl: "http://localhost:11434" } },
      ai: { apiKey: "sk-abc" },
      agent: { evaluations: { answer: { headers: { Authorization: "Bearer x" } } } },
      mcp: { security: { extra: [{ clientSecret: "s3" }] } },
    };
    expect(redactConfig(config)).toEqual({
      entry: "docs",
      search: { provider: "typesense", apiKey: REDACTED, embeddings: { baseUrl: "http://localhost:11434" } },
      ai: { apiKey: REDACTED },
      agent: { evaluations: { answer: { headers: REDACTED } } },
      mcp: { security: { extra: [{ clientSecret: REDACTED }] } },
    });
    expect(JSON.stringify(redactConfig(config))).not.toMatch(/ts_live_123|sk-abc|Bearer|s3/);
  });

  it("keeps empty secret values visible as unset", () => {
    expect(redactConfig({ apiKey: undefined, token: null, password: false })).toEqual({
      apiKey: undefined,
      token: null,
      password: false,
    });
  });

  it("names functions and elements by kind", () => {
    const element = { type: "span", props: { children: "Acme" } };
    expect(
      redactConfig({
        onCopyClick: () => undefined,
        nav: { title: element },
        components: {
          Callout: function Callout() {
            return null;
          },
        },
      }),
    ).toEqual({
      onCopyClick: "[function]",
      nav: { title: "[element]" },
      components: { Callout: "[function]" },
    });
  });

  it("cuts cycles", () => {
    const config: Record<string, unknown> = { entry: "docs" };
    config.self = config;
    config.list = [config];
    expect(redactConfig(config)).toEqual({ entry: "docs", self: "[circular]", list: ["[circular]"] });
  });

  it("turns bigints into strings so the result serializes", () => {
    expect(JSON.stringify(redactConfig({ limit: 10n }))).toBe(`{"limit":"10"}`);
  });

  it("does not modify its input", () => {
    const config = { search: { apiKey: "secret" } };
    redactConfig(config);
    expect(config.search.apiKey).toBe("secret");
  });
});

describe("limits are not secrets", () => {
  it("keeps token budgets and limits visible", () => {
    const agent = { compact: { maxOutputTokens: 800, minOutputTokens: 200 }, evaluations: { tokenBudget: 4000 } };
    expect(redactConfig({ agent })).toEqual({ agent });
    expect(["maxOutputTokens", "minOutputTokens", "tokenBudget"].filter(isSecretKey)).toEqual([]);
    expect(isSecretKey("accessToken")).toBe(true);
  });
});

describe("every branch of the secret-name rule, on serialized output", () => {
  /** One name per branch of the rule, each matching that branch only, with a value that must never be printed. */
  const BRANCHES: [branch: string, key: string][] = [
    ["listed: apiKey", "apiKey"],
    ["listed: adminApiKey", "adminApiKey"],
    ["listed: searchApiKey", "searchApiKey"],
    ["listed: headers", "headers"],
    ["secret", "clientSecret"],
    ["secret (upper case)", "WEBHOOK_SECRET_VALUE"],
    ["token", "accessToken"],
    ["token inside a name", "tokenEndpointValue"],
    ["password", "dbPassword"],
    ["passwd", "passwd"],
    ["credential", "credential"],
    ["credentials", "serviceCredentials"],
    ["key at the end", "privateKey"],
    ["key at the end", "licenseKey"],
    ["key at the end (upper case)", "STRIPE_KEY"],
    ["auth at the end", "basicAuth"],
    ["authorization at the end", "proxyAuthorization"],
    ["cookie", "cookieValue"],
    ["session", "sessionId"],
  ];

  it.each(BRANCHES)("redacts a %s name (%s) and never prints its value", (_branch, key) => {
    const value = `value-of-${key}-9f3a`;
    const output = JSON.stringify(redactConfig({ integrations: { billing: { [key]: value, region: "eu" } } }));
    expect(output).not.toContain(value);
    expect(JSON.parse(output)).toEqual({ integrations: { billing: { [key]: REDACTED, region: "eu" } } });
  });

  it("keeps near misses of each branch visible", () => {
    const near = {
      keyboard: "k",
      keys: ["a"],
      author: "Ada",
      authenticateUrl: "/login",
      tokens: 12,
      maxTokens: 800,
      tokenBudget: 4000,
      passage: "p",
      credit: "c",
      secretary: undefined,
      region: "eu",
    };
    const output = redactConfig(near) as Record<string, unknown>;
    for (const key of [
      "keyboard",
      "keys",
      "author",
      "authenticateUrl",
      "tokens",
      "maxTokens",
      "tokenBudget",
      "passage",
      "credit",
      "region",
    ]) {
      expect(output[key], key).toEqual(near[key as keyof typeof near]);
    }
  });
});
