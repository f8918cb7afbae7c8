/** SPEC 2.12: one review finding: a rule id, a place (`file:line:col`), what is wrong and how to fix it. */
import type { BuildMessage } from "../diagnostics.ts";
import type { ReviewRuleId, ReviewSeverity } from "./rules.ts";

/** A finding as a check produces it; the severity comes from the rule settings afterwards. */
export interface RawFinding {
  rule: ReviewRuleId;
  /** Relative to the site root, forward slashes. */
  file: string;
  line?: number;
  column?: number;
  message: string;
  fix: string;
  /** The build rule id (compiler/rules.ts) the finding comes from, when a build check found it. */
  source?: string;
}

export interface ReviewFinding extends RawFinding {
  severity: ReviewSeverity;
}

/** A build message (frontmatter, MDX, discovery) as a finding of `rule`. */
export function findingFromMessage(rule: ReviewRuleId, message: BuildMessage, fallbackFix: string): RawFinding {
  return {
    rule,
    file: message.file,
    line: message.line,
    column: message.column,
    message: message.reason,
    fix: message.hint ?? fallbackFix,
    source: message.rule,
  };
}

/** Stable order: file, line, column, rule, message. */
export function compareFindings(a: RawFinding, b: RawFinding): number {
  return (
    cmp(a.file, b.file) ||
    (a.line ?? 0) - (b.line ?? 0) ||
    (a.column ?? 0) - (b.column ?? 0) ||
    cmp(a.rule, b.rule) ||
    cmp(a.message, b.message)
  );
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
