/**
 * SPEC 2.12 `goldenTasks`: runs the golden evaluations (compiler/agent/eval) and reports each task that fails or is
 * incomplete at the task's place in the config. Without tasks the rule says "unmeasured" and finds nothing.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { unmeasuredReason } from "../agent/eval/unmeasured.ts";
import { locateConfigKey } from "../config/locate.ts";
import type { RawFinding } from "./finding.ts";
import type { ReviewSite } from "./review-site.ts";

export async function checkGoldenTasks(
  site: ReviewSite,
  options: { git?: boolean },
): Promise<{ findings: RawFinding[]; note: string }> {
  if (site.partial) return { findings: [], note: "not run: the config could not be evaluated" };
  const unmeasured = unmeasuredReason(site.config);
  if (unmeasured !== undefined) return { findings: [], note: unmeasured };
  // Loaded only for a site with tasks: the evaluations bring the runtime and, for a fresh dist/, the compiler.
  const { evaluateSite } = await import("../agent/eval/evaluate-site.ts");
  const report = await evaluateSite(site.config, { git: options.git });
  if (!report.measured) return { findings: [], note: report.note ?? "unmeasured" };
  const source = await readFile(path.join(site.root, site.config.configFile), "utf8");
  const findings = report.tasks
    .filter((task) => task.status !== "pass")
    .map((task): RawFinding => {
      const at = locateConfigKey(source, ["agent", "evaluations", "tasks", String(task.index)]);
      const problems = task.checks
        .filter((check) => check.status !== "pass")
        .map((check) => `${check.name} ${check.status === "skip" ? "skipped" : "failed"}: ${check.detail}`);
      return {
        rule: "goldenTasks",
        file: site.config.configFile,
        line: at?.line,
        column: at?.column,
        message: `golden task "${task.id}" is ${task.status === "fail" ? "failing" : "incomplete"} on ${task.surface}: ${problems.join("; ")}`,
        fix:
          task.status === "fail"
            ? "improve the pages the task needs (or their descriptions and headings), or correct the task's expectations"
            : "give skipped checks what they need (an answer provider; for execute: agent.evaluations.allowNetwork, codeBlocks.validate in report mode and a JS, TS or shell example), or drop those expectations",
      };
    });
  const { passed, failed, incomplete, meanRecallAtK } = report.summary;
  return {
    findings,
    note: `${passed} passed, ${failed} failed, ${incomplete} incomplete; mean recall@k ${meanRecallAtK?.toFixed(2) ?? "n/a"}`,
  };
}
