/**
 * SPEC 2.12: the review settings of a site, filled from the config schema's defaults (`fillDefaults`): whether review
 * runs, rule severities, score threshold and severity weights, and what CI does with the result.
 */
import { docsConfigFields } from "../../runtime/contract/config-schema.ts";
import { fillDefaults } from "../../runtime/contract/config-shape.ts";
import type { DocsConfig } from "../config/types.ts";
import { ruleSettings, type ReviewRuleId, type ReviewSeverity, type RuleSetting } from "./rules.ts";

export interface ReviewSettings {
  enabled: boolean;
  rules: Record<ReviewRuleId, RuleSetting>;
  threshold: number;
  /** Points one finding of each severity takes off 100. */
  weights: Record<ReviewSeverity, number>;
  ci: { enabled: boolean; name: string; mode: "off" | "warn" | "block"; annotations: boolean };
}

/**
 * Severity weights when `review.score` names none: an error costs ten warnings' worth of a suggestion. The schema
 * leaves `score` open ("plus severity weights", SPEC 2.12); its keys `error`, `warn`, `suggestion` set them.
 */
export const DEFAULT_SEVERITY_WEIGHTS: Record<ReviewSeverity, number> = { error: 10, warn: 3, suggestion: 1 };

export function reviewSettings(raw: DocsConfig): ReviewSettings {
  const review = fillDefaults(docsConfigFields.review, raw.review);
  const score = review.score as Record<string, unknown>;
  const weight = (severity: ReviewSeverity) => {
    const value = score[severity];
    return typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : DEFAULT_SEVERITY_WEIGHTS[severity];
  };
  return {
    enabled: review.enabled,
    rules: ruleSettings(review.rules ?? {}),
    threshold: review.score.threshold,
    weights: { error: weight("error"), warn: weight("warn"), suggestion: weight("suggestion") },
    ci: { enabled: review.ci.enabled, name: review.ci.name, mode: review.ci.mode, annotations: review.ci.annotations },
  };
}
