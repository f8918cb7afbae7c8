/**
 * `docs doctor --agent` (SPEC 1.5, 7.2): checks a built dist/ (served on a loopback port for the run, as `docs serve`
 * would) or a running site (`--url`), prints a pass/fail table with the fix of each failure (or JSON with `--json`),
 * and exits 1 when a check fails, 2 when there is nothing to check (no build, a URL that does not answer).
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { CONFIG_FILES, loadConfig } from "../compiler/config/load.ts";
import { checkConfig, resolveConfig } from "../compiler/config/resolve.ts";
import type { DoctorCheck } from "../compiler/doctor/check.ts";
import { runDoctorChecks } from "../compiler/doctor/index.ts";
import { startNodeServer } from "../runtime/adapters/node-server.ts";
import type { DocsRuntimeConfig } from "../runtime/config.ts";

export interface DoctorCommandOptions {
  agent?: boolean;
  root: string;
  dist?: string;
  url?: string;
  json?: boolean;
}

export async function runDoctor(options: DoctorCommandOptions): Promise<number> {
  if (!options.agent) {
    console.error("✗ docs doctor checks the agent surface only: run `docs doctor --agent`");
    return 2;
  }
  const root = path.resolve(options.root);
  const site = await siteConfig(root);
  let origin = options.url?.replace(/\/+$/, "");
  let close = async () => {};
  if (origin) {
    if (!/^https?:\/\/[^/]+$/.test(origin)) {
      console.error(`✗ --url must be an origin such as http://127.0.0.1:3000, got "${options.url}"`);
      return 2;
    }
    const answer = await fetch(`${origin}/`, { signal: AbortSignal.timeout(10_000) }).catch((error: Error) => error);
    if (answer instanceof Error) {
      console.error(
        `✗ ${origin} does not answer (${(answer.cause as Error | undefined)?.message ?? answer.message}); start the site or check the URL`,
      );
      return 2;
    }
    await answer.body?.cancel();
  } else {
    const dist = options.dist ? path.resolve(options.dist) : path.join(root, "dist");
    if (!existsSync(path.join(dist, "_docs", "site.json"))) {
      console.error(
        `✗ no build in ${path.relative(process.cwd(), dist) || "."}: run \`docs build\` first, or pass --url`,
      );
      return 2;
    }
    const running = await startNodeServer({ dist, config: site.raw, host: "127.0.0.1", port: 0 });
    origin = running.origin;
    close = () => running.close();
  }
  try {
    const checks = await runDoctorChecks({ origin, ai: site.ai });
    const failed = checks.filter((check) => check.status === "fail").length;
    if (options.json)
      process.stdout.write(JSON.stringify({ target: options.url ?? "dist", ok: failed === 0, checks }, null, 2) + "\n");
    else
      console.log(
        renderTable(checks, options.url ?? path.relative(process.cwd(), options.dist ?? path.join(root, "dist"))),
      );
    return failed > 0 ? 1 : 0;
  } finally {
    await close();
  }
}

/** The site's robots.ai and callbacks when a config is at hand; without one the spec's default (`allow`). */
async function siteConfig(root: string): Promise<{ ai: "allow" | "disallow"; raw?: DocsRuntimeConfig }> {
  if (!CONFIG_FILES.some((name) => existsSync(path.join(root, name)))) return { ai: "allow" };
  try {
    const loaded = await loadConfig(root);
    const config = resolveConfig(checkConfig(loaded), root, loaded.file);
    return { ai: config.surfaces.robots.ai, raw: loaded.value as DocsRuntimeConfig };
  } catch {
    return { ai: "allow" };
  }
}

const MARK = { pass: "✓ pass", fail: "✗ FAIL", skip: "- skip" } as const;

function renderTable(checks: DoctorCheck[], target: string): string {
  const width = Math.max(...checks.map((check) => check.title.length));
  const lines = [`docs doctor --agent: ${target}`, ""];
  for (const check of checks) {
    lines.push(`${MARK[check.status]}  ${check.title.padEnd(width)}  ${check.detail}`);
    if (check.fix) lines.push(`${" ".repeat(8 + width)}  fix: ${check.fix}`);
  }
  const count = (status: DoctorCheck["status"]) => checks.filter((check) => check.status === status).length;
  lines.push("", `${count("pass")} passed, ${count("fail")} failed, ${count("skip")} skipped`);
  return lines.join("\n");
}
