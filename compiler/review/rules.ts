/**
 * SPEC 2.12: the rules of `docs review`, each with its default severity and what it checks. The rule id is the
 * stable code of every finding (reports, annotations, tests); `review.rules` in the config overrides a severity.
 */
export type ReviewSeverity = "error" | "warn" | "suggestion";
export type RuleSetting = ReviewSeverity | "off";

export const REVIEW_RULES = {
  brokenLinks: {
    severity: "error",
    checks: "links to pages, anchors, .md routes and assets that the site does not have",
  },
  frontmatter: { severity: "error", checks: "malformed frontmatter and keys that look like misspelt known fields" },
  duplicateSlugs: {
    severity: "error",
    checks: "two page folders that map to the same URL (also when only letter case differs)",
  },
  invalidMdx: { severity: "error", checks: "page bodies that do not parse, imports, unknown components" },
  agentSurfaceDrift: {
    severity: "error",
    checks: "agent Markdown served by dist/ or a running site that differs from what the sources give",
  },
  configExamples: { severity: "warn", checks: "defineDocs() examples in code blocks that the config schema rejects" },
  codeFenceMetadata: {
    severity: "warn",
    checks: "code fences without a language, with an unknown language or malformed meta",
  },
  runnableMetadata: {
    severity: "warn",
    checks: "shell prompts inside copyable commands, verification steps without an expected result",
  },
  agentContext: { severity: "warn", checks: "pages that give agents too little or ignored context" },
  commandHealth: {
    severity: "warn",
    checks: "contracts with commands but no verification, side effects but no rollback, no task or outcome",
  },
  configConfidence: {
    severity: "warn",
    checks: "a config that could not be evaluated, reviewed from a partial static read",
  },
  goldenTasks: { severity: "warn", checks: "golden evaluation tasks (agent.evaluations.tasks) that fail" },
  relatedCoverage: {
    severity: "suggestion",
    checks: "pages that link to other pages but list none of them in `related`",
  },
} as const satisfies Record<string, { severity: ReviewSeverity; checks: string }>;

export type ReviewRuleId = keyof typeof REVIEW_RULES;

export const REVIEW_RULE_IDS = Object.keys(REVIEW_RULES) as ReviewRuleId[];

/** Every rule's effective setting: the default, replaced by `review.rules[id]` when written. */
export function ruleSettings(overrides: Record<string, RuleSetting | undefined>): Record<ReviewRuleId, RuleSetting> {
  const settings = {} as Record<ReviewRuleId, RuleSetting>;
  for (const id of REVIEW_RULE_IDS) settings[id] = overrides[id] ?? REVIEW_RULES[id].severity;
  return settings;
}
