/**
 * SPEC 2.11 / 7.1 golden evaluation metrics, pure: recall@k, first relevant rank, useful byte ratio, forbidden
 * sources, scope, citations, answer text and examples, each check passing, failing or skipped. A skipped check never
 * counts as a pass: a task with one is `incomplete`, not `pass`.
 */

export interface Retrieved {
  /** Page path (`guides/install`) of each retrieved source, in rank order (repeats allowed). */
  paths: string[];
  /** UTF-8 bytes each source contributed, same order. */
  bytes: number[];
  /** The context text handed to an answer provider. */
  context: string;
}

export interface TaskExpect {
  relevantSources: string[];
  allowedSources?: string[];
  forbiddenSources?: string[];
  requiredCitations?: string[];
  minRecallAtK?: number;
  maxFirstRelevantRank?: number;
  minUsefulByteRatio?: number;
  scope?: { framework?: string; version?: string; locale?: string };
  answer?: string | string[] | { includes?: string[]; excludes?: string[] };
  examples?: { language?: string; contains?: string; verification?: "present" | "syntax" | "execute" }[];
}

export type CheckStatus = "pass" | "fail" | "skip";
export interface TaskCheck {
  name: string;
  status: CheckStatus;
  detail: string;
}

export interface TaskMetrics {
  recallAtK: number;
  firstRelevantRank: number | null;
  usefulByteRatio: number;
  retrieved: string[];
}

/** `/docs/guides/install.md`, `https://site/docs/guides/install#x`, `guides/install` → `guides/install`. */
export function normalizeSource(source: string, docsRoute: string, baseUrl: string | null): string {
  let value = source.trim();
  if (baseUrl && value.startsWith(baseUrl)) value = value.slice(baseUrl.replace(/\/+$/, "").length);
  value = value
    .replace(/^https?:\/\/[^/]+/, "")
    .replace(/[#?].*$/, "")
    .replace(/\.md$/, "")
    .replace(/\/index$/, "");
  const prefix = docsRoute === "/" ? "" : docsRoute;
  if (prefix && (value === prefix || value.startsWith(`${prefix}/`))) value = value.slice(prefix.length);
  return value.replace(/^\/+|\/+$/g, "");
}

export function taskMetrics(
  retrieved: Retrieved,
  relevant: Set<string>,
  useful: Set<string>,
  topK: number,
): TaskMetrics {
  const ranked = [...new Set(retrieved.paths)];
  const top = ranked.slice(0, topK);
  const found = [...relevant].filter((path) => top.includes(path)).length;
  const rank = ranked.findIndex((path) => relevant.has(path));
  const total = retrieved.bytes.reduce((sum, b) => sum + b, 0);
  const usefulBytes = retrieved.paths.reduce((sum, path, i) => sum + (useful.has(path) ? retrieved.bytes[i] : 0), 0);
  return {
    recallAtK: relevant.size === 0 ? 0 : found / relevant.size,
    firstRelevantRank: rank < 0 ? null : rank + 1,
    usefulByteRatio: total === 0 ? 0 : usefulBytes / total,
    retrieved: top,
  };
}

export function answerChecks(
  expect: TaskExpect,
  answer: { text: string; citations: string[] } | undefined,
  normalize: (s: string) => string,
): TaskCheck[] {
  const checks: TaskCheck[] = [];
  if (expect.requiredCitations?.length) {
    if (!answer) checks.push({ name: "citations", status: "skip", detail: "no answer provider configured" });
    else {
      const cited = new Set(answer.citations.map(normalize));
      const missing = expect.requiredCitations.filter((source) => !cited.has(normalize(source)));
      checks.push({
        name: "citations",
        status: missing.length ? "fail" : "pass",
        detail: missing.length ? `missing ${missing.join(", ")}` : `${expect.requiredCitations.length} cited`,
      });
    }
  }
  if (expect.answer !== undefined) {
    const spec =
      typeof expect.answer === "string" || Array.isArray(expect.answer)
        ? { includes: [expect.answer].flat() }
        : expect.answer;
    if (!answer) checks.push({ name: "answer", status: "skip", detail: "no answer provider configured" });
    else {
      const text = answer.text.toLowerCase();
      const absent = (spec.includes ?? []).filter((s) => !text.includes(s.toLowerCase()));
      const present = (spec.excludes ?? []).filter((s) => text.includes(s.toLowerCase()));
      const problems = [...absent.map((s) => `lacks "${s}"`), ...present.map((s) => `contains "${s}"`)];
      checks.push({
        name: "answer",
        status: problems.length ? "fail" : "pass",
        detail: problems.join("; ") || "matches",
      });
    }
  }
  if (answer && expect.forbiddenSources?.length) {
    const forbidden = new Set(expect.forbiddenSources.map(normalize));
    const cited = answer.citations.map(normalize).filter((s) => forbidden.has(s));
    if (cited.length) checks.push({ name: "forbidden citations", status: "fail", detail: `cites ${cited.join(", ")}` });
  }
  return checks;
}
