/**
 * Telemetry against a local HTTP collector (SPEC 2.20, 5.3): what is sent, with which header, and that nothing the
 * SPEC lists as never collected is; when it is never sent (loopback and `*.localhost` origins, switches, not production).
 */
import { readFile } from "node:fs/promises";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DocsRuntimeConfig } from "./config.ts";
import type { DocsRequestContext } from "./handler.ts";
import { snapshotSite, type SnapshotSite } from "./testing/built-site.ts";
import { isLocalOrigin, QUIRE_VERSION, TELEMETRY_KEY_HEADER, type TelemetryRecord } from "./telemetry.ts";

interface Received {
  headers: IncomingHttpHeaders;
  body: TelemetryRecord;
}

let site: SnapshotSite;
let collector: Server;
let endpoint: string;
const received: Received[] = [];

beforeAll(async () => {
  site = await snapshotSite();
  collector = createServer((request, response) => {
    let text = "";
    request.on("data", (chunk) => (text += chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body: JSON.parse(text) });
      response.writeHead(202).end();
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, "127.0.0.1", resolve));
  endpoint = `http://127.0.0.1:${(collector.address() as { port: number }).port}/ingest`;
});
afterAll(() => new Promise((resolve) => collector.close(resolve)));
beforeEach(() => {
  received.length = 0;
});

const PRODUCTION = { NODE_ENV: "production" };

/** A handler whose telemetry deliveries are collected, so a test can await them. */
function telemetryHandler(env: Record<string, string | undefined>, config: DocsRuntimeConfig = {}, interval = 0) {
  const handler = site.handler({
    env,
    config: { telemetry: { endpoint }, ...config },
    telemetryTransport: { flushIntervalMs: interval },
  });
  const deliveries: Promise<unknown>[] = [];
  const platform: DocsRequestContext = { waitUntil: (promise) => void deliveries.push(promise) };
  return {
    get: (url: string, init: RequestInit = {}) => handler(new Request(url, init), platform),
    settled: () => Promise.all(deliveries),
  };
}

describe("telemetry to a local collector", () => {
  it("posts an anonymous, coarse record with the ingest key header", async () => {
    const run = telemetryHandler({ ...PRODUCTION, DOCS_TELEMETRY_INGEST_KEY: "ingest-123", VERCEL: "1" });
    await run.get("https://docs.acme.dev/llms.txt");
    await run.settled();
    expect(received).toHaveLength(1);
    const { headers, body } = received[0];
    expect(headers[TELEMETRY_KEY_HEADER]).toBe("ingest-123");
    expect(headers["content-type"]).toBe("application/json");
    expect(Object.keys(body).sort()).toEqual(
      ["events", "features", "project", "provider", "schema", "siteOrigin", "versions"].sort(),
    );
    expect(body).toMatchObject({
      schema: "quire-telemetry/1",
      siteOrigin: "https://docs.acme.dev",
      provider: "vercel",
      versions: { quire: QUIRE_VERSION, runtime: `node/${process.versions.node.split(".")[0]}` },
      events: { llms: 1, markdown: 0, mcp: 0, skill: 0 },
    });
    expect(body.project).toMatch(/^[0-9a-f]{64}$/);
    expect(body.features).toContain("mcp");
  });

  it("counts agent surfaces and never carries pages, queries, comments, copied text, cookies or agents", async () => {
    const run = telemetryHandler(PRODUCTION);
    const visitor = { headers: { cookie: "session=SECRET-COOKIE", "user-agent": "VisitorBrowser/9.9" } };
    await run.get("https://docs.acme.dev/docs/getting-started/installation.md", visitor);
    await run.get("https://docs.acme.dev/docs/getting-started/installation.md", visitor);
    await run.get("https://docs.acme.dev/skill.md", visitor);
    await run.get("https://docs.acme.dev/api/docs?query=redis%20password%20reset", visitor);
    await run.get("https://docs.acme.dev/api/docs/events", {
      method: "POST",
      headers: { "content-type": "application/json", ...visitor.headers },
      body: JSON.stringify({ type: "page_view", route: "/docs/getting-started/installation" }),
    });
    await run.get("https://docs.acme.dev/mcp", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
    });
    await run.settled();
    const sent = JSON.stringify(received);
    const totals = { llms: 0, markdown: 0, mcp: 0, skill: 0 };
    for (const { body } of received)
      for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += body.events[key];
    expect(totals).toEqual({ llms: 0, markdown: 2, mcp: 1, skill: 1 });
    for (const never of [
      "installation",
      "redis",
      "password",
      "SECRET-COOKIE",
      "VisitorBrowser",
      "page_view",
      "getting-started",
    ])
      expect(sent).not.toContain(never);
  });

  it("sends at most one record per interval", async () => {
    const run = telemetryHandler(PRODUCTION, {}, 3_600_000);
    for (let i = 0; i < 5; i++) await run.get("https://docs.acme.dev/llms-full.txt");
    await run.settled();
    expect(received).toHaveLength(1);
    expect(received[0].body.events.llms).toBe(1);
  });

  it("reports telemetry.siteOrigin instead of the request's origin", async () => {
    const run = telemetryHandler(PRODUCTION, { telemetry: { endpoint, siteOrigin: "https://docs.acme.com" } });
    await run.get("https://acme-docs.pages.dev/llms.txt");
    await run.settled();
    expect(received[0].body.siteOrigin).toBe("https://docs.acme.com");
  });

  it.each([
    "http://localhost:3000",
    "http://docs.localhost",
    "http://127.0.0.1:8080",
    "http://127.1.2.3",
    "http://[::1]:4000",
    "http://0.0.0.0:3000",
    "http://[::]:3000",
  ])("never sends or counts requests for %s", async (origin) => {
    expect(isLocalOrigin(origin)).toBe(true);
    const run = telemetryHandler(PRODUCTION);
    await run.get(`${origin}/llms.txt`);
    await run.get(`${origin}/docs/getting-started/installation.md`);
    await run.settled();
    expect(received).toEqual([]);
  });

  it("never sends for a loopback siteOrigin, even from a public request", async () => {
    const run = telemetryHandler(PRODUCTION, { telemetry: { endpoint, siteOrigin: "http://localhost:3000" } });
    await run.get("https://docs.acme.dev/llms.txt");
    await run.settled();
    expect(received).toEqual([]);
  });

  it.each([
    ["telemetry: false", PRODUCTION, { telemetry: false }],
    ["DOCS_TELEMETRY=false", { ...PRODUCTION, DOCS_TELEMETRY: "false" }, {}],
    ["DOCS_TELEMETRY_DISABLED=1", { ...PRODUCTION, DOCS_TELEMETRY_DISABLED: "1" }, {}],
    ["outside production", { NODE_ENV: "development" }, {}],
    ["no NODE_ENV", {}, {}],
  ] as const)("is off with %s", async (_name, env, config) => {
    const handler = site.handler({
      env,
      config: "telemetry" in config ? config : { telemetry: { endpoint } },
      telemetryTransport: { flushIntervalMs: 0 },
    });
    const deliveries: Promise<unknown>[] = [];
    await handler(new Request("https://docs.acme.dev/llms.txt"), { waitUntil: (p) => void deliveries.push(p) });
    await Promise.all(deliveries);
    expect(deliveries).toEqual([]);
    expect(received).toEqual([]);
  });

  it("takes the endpoint from DOCS_TELEMETRY_ENDPOINT and sends nothing without any endpoint", async () => {
    const fromEnv = site.handler({ env: { ...PRODUCTION, DOCS_TELEMETRY_ENDPOINT: endpoint } });
    const deliveries: Promise<unknown>[] = [];
    await fromEnv(new Request("https://docs.acme.dev/llms.txt"), { waitUntil: (p) => void deliveries.push(p) });
    await Promise.all(deliveries);
    expect(received).toHaveLength(1);
    expect(received[0].headers[TELEMETRY_KEY_HEADER]).toBeUndefined();
    const none = site.handler({ env: PRODUCTION });
    const more: Promise<unknown>[] = [];
    await none(new Request("https://docs.acme.dev/llms.txt"), { waitUntil: (p) => void more.push(p) });
    expect(more).toEqual([]);
  });

  it("keeps QUIRE_VERSION equal to package.json", async () => {
    const pkg = JSON.parse(await readFile(path.resolve(import.meta.dirname, "../package.json"), "utf8"));
    expect(QUIRE_VERSION).toBe(pkg.version);
  });
});
