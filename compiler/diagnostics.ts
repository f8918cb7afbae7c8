/** Build problems as positioned messages, collected and reported together (the vfile habit). */
import type { RuleId } from "./rules.ts";

export type { RuleId } from "./rules.ts";

export type Severity = "error" | "warning";

export interface BuildMessage {
  severity: Severity;
  /** Stable id of the kind of problem (compiler/rules.ts); the code in reports, the key in tests. */
  rule: RuleId;
  /** File relative to the site root, with forward slashes. */
  file: string;
  /** 1-based; absent when the problem has no better place than the file. */
  line?: number;
  column?: number;
  reason: string;
  /** How to fix it, when there is something useful to say. */
  hint?: string;
}

/** `file:line:col reason [rule]` — the shape editors and CI annotations pick up (as ESLint and remark-lint print it). */
export function formatMessage(message: BuildMessage): string {
  const where = message.line ? `${message.file}:${message.line}:${message.column ?? 1}` : message.file;
  const hint = message.hint ? `\n  ${message.hint}` : "";
  return `${where} ${message.reason} [${message.rule}]${hint}`;
}

/** Thrown when a build cannot go on; carries every error found so far. */
export class BuildFailure extends Error {
  constructor(readonly messages: BuildMessage[]) {
    super(
      messages
        .filter((m) => m.severity === "error")
        .map(formatMessage)
        .join("\n"),
    );
    this.name = "BuildFailure";
  }
}

export function hasErrors(messages: readonly BuildMessage[]): boolean {
  return messages.some((m) => m.severity === "error");
}

/** Closest candidate by edit distance, or undefined when nothing is plausibly meant. */
export function closestName(input: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const distance = editDistance(input.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  const tolerance = Math.max(2, Math.floor(input.length / 3));
  return bestDistance <= tolerance ? best : undefined;
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length];
}
