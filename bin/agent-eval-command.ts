/**
 * `docs agent eval [--json]` (SPEC 2.11, 7.1): builds the site into a temporary folder (or reads `--dist`), runs the
 * golden tasks and prints each task's status, metrics and checks. Exit 1 when a task fails or is incomplete, 0 when
 * all pass or nothing is measured ("unmeasured" is said, never counted as a pass).
 */
import path from "node:path";
import { evaluateSite } from "../compiler/agent/eval/evaluate-site.ts";
import type { EvalReport } from "../compiler/agent/eval/run.ts";
import { loadConfig } from "../compiler/config/load.ts";
import { checkConfig, resolveConfig } from "../compiler/config/resolve.ts";
import { BuildFailure, formatMessage } from "../compiler/diagnostics.ts";

export interface AgentEvalOptions {
  root: string;
  dist?: string;
  json?: boolean;
  git: boolean;
}

export async function runAgentEval(options: AgentEvalOptions): Promise<number> {
  try {
    const root = path.resolve(options.root);
    const loaded = await loadConfig(root);
    const report = await evaluateSite(resolveConfig(checkConfig(loaded), root, loaded.file), options);
    if (options.json) process.stdout.write(JSON.stringify(report, null, 2) + "\n");
    else console.log(renderReport(report));
    return report.summary.failed + report.summary.incomplete > 0 ? 1 : 0;
  } catch (error) {
    if (error instanceof BuildFailure) {
      for (const message of error.messages.filter((m) => m.severity === "error"))
        console.error(`error ${formatMessage(message)}`);
      console.error("✗ the site does not build; nothing was evaluated");
      return 1;
    }
    console.error(`✗ evaluation failed: ${(error as Error).message}`);
    return 2;
  }
}

export function renderReport(report: EvalReport): string {
  if (!report.measured) return `golden evaluations: ${report.note}`;
  const lines: string[] = [];
  for (const task of report.tasks) {
    const m = task.metrics;
    lines.push(
      `${task.status === "pass" ? "✓" : task.status === "fail" ? "✗" : "…"} ${task.id} [${task.surface}] ${task.status}${m ? `  recall@k ${m.recallAtK.toFixed(2)}, first relevant ${m.firstRelevantRank ?? "none"}, useful bytes ${(m.usefulByteRatio * 100).toFixed(0)}%` : ""}`,
    );
    for (const check of task.checks)
      if (check.status !== "pass") lines.push(`    ${check.status} ${check.name}: ${check.detail}`);
  }
  const { passed, failed, incomplete, meanRecallAtK } = report.summary;
  lines.push(
    `${passed} passed, ${failed} failed, ${incomplete} incomplete · mean recall@k ${meanRecallAtK === null ? "n/a" : meanRecallAtK.toFixed(2)}`,
  );
  return lines.join("\n");
}
