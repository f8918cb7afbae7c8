/**
 * SPEC 2.12: the review settings of a site, filled from the config schema's defaults (`fillDefaults`): whether review
 * runs, rule severities, score threshold and severity weights (`review.score.error|warn|suggestion`, "plus severity
 * weights" in the spec), and what CI does with the result.
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

export function reviewSettings(raw: DocsConfig): ReviewSettings {
  const review = fillDefaults(docsConfigFields.review, raw.review);
  const { score } = review;
  // Weights are validated as numbers by `docs build`; a negative one would turn findings into credit.
  const weight = (value: number) => Math.max(0, value);
  return {
    enabled: review.enabled,
    rules: ruleSettings(review.rules ?? {}),
    threshold: review.score.threshold,
    weights: { error: weight(score.error), warn: weight(score.warn), suggestion: weight(score.suggestion) },
    ci: { enabled: review.ci.enabled, name: review.ci.name, mode: review.ci.mode, annotations: review.ci.annotations },
  };
}
