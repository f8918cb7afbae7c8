/**
 * Issue 8 "Honest diagnostics": every URL a site advertises to agents is served. For each committed golden build in
 * snapshots/, `docs serve` runs over the tree, and every route or same-site URL named by the manifest, the API
 * catalog, the llms index files, AGENTS.md, skill.md and the Agent Skills index is requested: GET, or for the routes
 * that only take POST (MCP endpoints, the feedback submit route) an MCP `initialize`/`ping` or a feedback POST plus an
 * OPTIONS preflight. None may answer 404 (or fail with a 5xx). A route under an `enabled: false` section is not a claim.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AGENT_SKILLS_INDEX_ROUTE,
  AGENTS_ROUTES,
  API_CATALOG_ROUTE,
  LLMS_ROUTES,
  MANIFEST_ROUTES,
  runtimeFile,
  SKILL_ROUTES,
  type PageEntry,
} from "../runtime/contract/index.ts";

const repo = path.resolve(import.meta.dirname, "..");
const sites = readdirSync(path.join(repo, "snapshots"), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort();

/** `docs serve --port 0` over a snapshot; resolves with the origin it prints. */
function serve(site: string): Promise<{ origin: string; child: ChildProcess }> {
  const args = ["bin/docs.js", "serve", "--root", `fixtures/${site}`, "--dist", `snapshots/${site}`, "--port", "0"];
  const child = spawn(process.execPath, args, { cwd: repo, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`docs serve did not start:\n${output}`)), 30_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/docs serve: (http:\/\/[^/\s]+)/);
      if (match) {
        clearTimeout(timer);
        resolve({ origin: match[1], child });
      }
    };
    child.stdout!.on("data", read);
    child.stderr!.on("data", read);
    child.once("exit", (code) => reject(new Error(`docs serve exited with ${code}:\n${output}`)));
  });
}

/** Where each advertised URL (pathname + search on this site) was found. */
type Advertised = Map<string, Set<string>>;

/** Same-site absolute URLs and `/`-routes, with `<placeholder>`s filled by a search word and `{path}` by page paths. */
function collect(into: Advertised, value: string, source: string, bases: string[], pagePaths: string[]): void {
  const add = (url: string) => {
    const routes = url.includes("{path}") ? pagePaths.map((page) => url.replaceAll("{path}", page)) : [url];
    for (const route of routes) into.set(route, (into.get(route) ?? new Set()).add(source));
  };
  if (value.startsWith("/") && !/\s/.test(value)) return add(value);
  for (const [match] of value.matchAll(/https?:\/\/(?:[^\s<>()[\]`"']|<[\w-]+>)+/g)) {
    const url = match.replace(/[.,;:]+$/, "").replace(/<[\w-]+>/g, "queue");
    const base = bases.find((origin) => url === origin || url.startsWith(`${origin}/`) || url.startsWith(`${origin}?`));
    if (base !== undefined) add(url.slice(base.length) || "/");
  }
  for (const [, route] of value.matchAll(/\]\((\/[^)\s]*)\)/g)) add(route);
}

/** The origin every route is absolute against, not a page: a docs site under /docs does not claim the host's root. */
const NOT_A_ROUTE = new Set(["site.baseUrl"]);

/** Every string in a JSON document, except under an object that says `enabled: false`. */
function collectJson(
  into: Advertised,
  value: unknown,
  source: string,
  keyPath: string,
  bases: string[],
  pagePaths: string[],
): void {
  if (NOT_A_ROUTE.has(keyPath)) return;
  if (typeof value === "string") return collect(into, value, `${source} ${keyPath}`, bases, pagePaths);
  if (!value || typeof value !== "object") return;
  if ((value as { enabled?: unknown }).enabled === false) return;
  for (const [key, child] of Object.entries(value))
    collectJson(into, child, source, keyPath ? `${keyPath}.${key}` : key, bases, pagePaths);
}

const MCP_HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream" };
const rpc = (id: number, method: string, params?: object) =>
  JSON.stringify({ jsonrpc: "2.0", id, method, ...(params ? { params } : {}) });

describe.each(sites)("docs serve snapshots/%s", (site) => {
  let origin: string;
  let child: ChildProcess | undefined;
  let manifest: Record<string, any>;
  beforeAll(async () => {
    ({ origin, child } = await serve(site));
    manifest = await (await fetch(`${origin}${MANIFEST_ROUTES[0]}`)).json();
  }, 60_000);
  afterAll(async () => {
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child!.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  });

  it("answers every advertised URL with something other than 404 or a 5xx", async () => {
    const pages = JSON.parse(
      await readFile(path.join(repo, "snapshots", site, runtimeFile("pages.json")), "utf8"),
    ) as PageEntry[];
    const pagePaths = pages.map((page) => page.path).filter(Boolean);
    const bases = [manifest.site?.baseUrl, origin]
      .filter((base): base is string => typeof base === "string")
      .map((base) => base.replace(/\/+$/, ""));
    const advertised: Advertised = new Map();
    const json = async (route: string) => {
      const response = await fetch(`${origin}${route}`);
      if (response.ok) collectJson(advertised, await response.json(), route, "", bases, pagePaths);
    };
    const text = async (route: string) => {
      const response = await fetch(`${origin}${route}`);
      if (response.ok) collect(advertised, await response.text(), route, bases, pagePaths);
    };
    collectJson(advertised, manifest, MANIFEST_ROUTES[0], "", bases, pagePaths);
    await json(API_CATALOG_ROUTE);
    await json(AGENT_SKILLS_INDEX_ROUTE);
    const sections = (manifest.llmsTxt?.sections ?? []) as { route: string }[];
    for (const route of [LLMS_ROUTES.index, LLMS_ROUTES.wellKnownIndex, ...sections.map((section) => section.route)])
      await text(route);
    for (const route of [AGENTS_ROUTES.file, SKILL_ROUTES.file]) await text(route);
    expect(advertised.size).toBeGreaterThan(20);

    // Routes that only take POST, as the manifest declares them.
    const mcpRoutes = new Set(
      manifest.mcp?.enabled ? [manifest.mcp.endpoint, manifest.mcp.publicEndpoint, manifest.mcp.wellKnownEndpoint] : [],
    );
    const feedbackRoutes = new Set(manifest.feedback?.enabled ? [manifest.feedback.submit] : []);

    const failures: string[] = [];
    const check = async (route: string, init: RequestInit, what: string) => {
      const response = await fetch(`${origin}${route}`, init);
      await response.arrayBuffer();
      if (response.status === 404 || response.status >= 500) {
        failures.push(
          `${what} ${route} -> ${response.status}, advertised by ${[...advertised.get(route)!].join("; ")}`,
        );
      }
    };
    for (const route of [...advertised.keys()].sort()) {
      const pathname = new URL(route, origin).pathname;
      if (mcpRoutes.has(pathname)) {
        await check(
          route,
          {
            method: "POST",
            headers: MCP_HEADERS,
            body: rpc(1, "initialize", {
              protocolVersion: "2025-11-25",
              capabilities: {},
              clientInfo: { name: "url-walk", version: "1" },
            }),
          },
          "POST initialize",
        );
        await check(
          route,
          { method: "POST", headers: { ...MCP_HEADERS, "mcp-protocol-version": "2025-11-25" }, body: rpc(2, "ping") },
          "POST ping",
        );
        await check(
          route,
          { method: "OPTIONS", headers: { origin, "access-control-request-method": "POST" } },
          "OPTIONS",
        );
      } else if (feedbackRoutes.has(pathname)) {
        const body = JSON.stringify({
          context: { source: "api" },
          payload: { task: "walk advertised URLs", outcome: "ok" },
        });
        await check(route, { method: "POST", headers: { "content-type": "application/json" }, body }, "POST");
        await check(
          route,
          { method: "OPTIONS", headers: { origin, "access-control-request-method": "POST" } },
          "OPTIONS",
        );
      } else {
        await check(route, {}, "GET");
      }
    }
    expect(failures).toEqual([]);
  }, 60_000);
});
