/** Golden evaluations of a site (SPEC 2.11): over a given build, or over a fresh build in a temporary folder. */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ResolvedConfig } from "../../config/types.ts";
import { runEvaluations, type EvalReport } from "./run.ts";
import { unmeasuredReason } from "./unmeasured.ts";

export async function evaluateSite(
  config: ResolvedConfig,
  options: { dist?: string; git?: boolean },
): Promise<EvalReport> {
  // Without tasks there is nothing to build for: the report says unmeasured.
  if (options.dist || unmeasuredReason(config) !== undefined)
    return runEvaluations(config, path.resolve(options.dist ?? config.root));
  const temp = await mkdtemp(path.join(tmpdir(), "quire-eval-"));
  try {
    const dist = path.join(temp, "dist");
    // Loaded here: a site without tasks (most reviews) never needs the whole compiler.
    const { build } = await import("../../index.ts");
    await build({ root: config.root, outDir: dist, git: options.git });
    return await runEvaluations(config, dist);
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}
