/**
 * `docs review` (SPEC 2.12, 7.2, 7.3): reads the site once, runs every rule whose severity is not `off`, and scores
 * the result. Rules are pure functions of the read site, except `agentSurfaceDrift` (builds the sources and compares
 * with dist/ or a URL) and `goldenTasks` (runs the evaluations). Findings come out in a stable order.
 */
import { checkAgentContext, checkCommandHealth, checkRelatedCoverage } from "./check-agent.ts";
import { checkCodeFenceMetadata, checkRunnableMetadata } from "./check-code-fences.ts";
import { checkConfigExamples } from "./check-config-examples.ts";
import { checkCodeSyntax } from "./check-code-syntax.ts";
import { checkGoldenTasks } from "./check-golden.ts";
import { checkAgentSurfaceDrift, type DriftTarget } from "./check-drift.ts";
import { checkLinks } from "./check-links.ts";
import { checkDuplicateSlugs, checkFrontmatter, checkInvalidMdx } from "./check-source.ts";
import { compareFindings, type RawFinding, type ReviewFinding } from "./finding.ts";
import { readReviewSite, type ReviewSite } from "./review-site.ts";
import { REVIEW_RULE_IDS, type ReviewRuleId, type ReviewSeverity, type RuleSetting } from "./rules.ts";
import { reviewScore } from "./score.ts";
import { reviewSettings, type ReviewSettings } from "./settings.ts";

export interface ReviewOptions {
  root: string;
  /** Compare the agent surface with this target; undefined skips `agentSurfaceDrift` with a note. */
  drift?: DriftTarget;
  /** Read git dates in the fresh build drift compares with (as `docs build` does by default). */
  git?: boolean;
  /** Reader threads for the pages (1: this thread); by default decided by the size of the sources (review-site.ts). */
  readers?: number;
}

export interface ReviewReport {
  name: string;
  settings: ReviewSettings;
  findings: ReviewFinding[];
  counts: Record<ReviewSeverity, number>;
  score: number;
  healthy: boolean;
  /** What was not measured or how, one line each (drift target, evaluations, partial config). */
  notes: string[];
  pages: number;
}

type SyncCheck = (site: ReviewSite) => RawFinding[];

const SOURCE_CHECKS: [ReviewRuleId, SyncCheck][] = [
  ["brokenLinks", checkLinks],
  ["frontmatter", checkFrontmatter],
  ["duplicateSlugs", checkDuplicateSlugs],
  ["invalidMdx", checkInvalidMdx],
  ["configExamples", checkConfigExamples],
  ["codeFenceMetadata", checkCodeFenceMetadata],
  ["runnableMetadata", checkRunnableMetadata],
  ["agentContext", checkAgentContext],
  ["commandHealth", checkCommandHealth],
  ["configConfidence", (site) => site.findings],
  ["relatedCoverage", checkRelatedCoverage],
];

export async function review(options: ReviewOptions): Promise<ReviewReport> {
  const site = await readReviewSite(options.root, { readers: options.readers });
  const settings = reviewSettings(site.config.raw);
  const on = (rule: ReviewRuleId) => settings.rules[rule] !== "off";
  const raw: RawFinding[] = [];
  const notes: string[] = [];
  if (site.partial)
    notes.push("configConfidence: the config could not be evaluated; rules ran on a partial static read");
  for (const [rule, check] of SOURCE_CHECKS) if (on(rule)) raw.push(...check(site));

  if (on("codeFenceMetadata")) {
    const syntax = await checkCodeSyntax(site);
    if (syntax) {
      raw.push(...syntax.findings);
      notes.push(`codeBlocks.validate: ${syntax.checked} code block${syntax.checked === 1 ? "" : "s"} syntax-checked`);
    }
  }
  if (on("agentSurfaceDrift")) {
    if (!options.drift) notes.push("agentSurfaceDrift: not compared (no dist/ and no --url)");
    else {
      const drift = await checkAgentSurfaceDrift(site, options.drift, { git: options.git });
      raw.push(...drift.findings);
      notes.push(
        drift.skipped
          ? `agentSurfaceDrift: not compared: ${drift.skipped}`
          : `agentSurfaceDrift: ${drift.compared} agent-facing files compared with ${"dist" in options.drift ? "dist/" : options.drift.url}`,
      );
    }
  }
  if (on("goldenTasks")) {
    const golden = await checkGoldenTasks(site, { git: options.git });
    raw.push(...golden.findings);
    notes.push(`goldenTasks: ${golden.note}`);
  }

  const findings = raw
    .filter((finding) => on(finding.rule))
    .sort(compareFindings)
    .map((finding): ReviewFinding => ({ ...finding, severity: settings.rules[finding.rule] as ReviewSeverity }));
  const counts: Record<ReviewSeverity, number> = { error: 0, warn: 0, suggestion: 0 };
  for (const finding of findings) counts[finding.severity]++;
  const score = reviewScore(counts, settings.weights);
  return {
    name: settings.ci.name,
    settings,
    findings,
    counts,
    score,
    healthy: score >= settings.threshold,
    notes,
    pages: site.pages.length,
  };
}

/**
 * SPEC 2.12 `ci.mode`: `off` never fails, `warn` reports without failing, `block` fails on any error finding or a
 * score under the threshold. `ci: false` is `off`.
 */
export function reviewExitCode(report: ReviewReport): 0 | 1 {
  const { ci } = report.settings;
  if (!ci.enabled || ci.mode !== "block") return 0;
  return report.counts.error > 0 || !report.healthy ? 1 : 0;
}

export { REVIEW_RULE_IDS, type RuleSetting };
