/**
 * SPEC 2.12 output formats of `docs review`: `text` for terminals, `json` for tools, `markdown` for a pull-request
 * comment, `github` for GitHub Actions workflow commands (`::error file=…,line=…,col=…::`), one annotation per
 * finding when `ci.annotations` is on. Every format carries rule id, place, what is wrong and the fix.
 */
import type { ReviewFinding } from "./finding.ts";
import type { ReviewReport } from "./index.ts";

export const REVIEW_FORMATS = ["text", "json", "markdown", "github"] as const;
export type ReviewFormat = (typeof REVIEW_FORMATS)[number];

/** Format id of the JSON report. */
export const REVIEW_REPORT_FORMAT = "docs-review.v1";

/** `file` is rewritten by `placeOf` (GitHub wants paths from the repository root). */
export function formatReview(
  report: ReviewReport,
  format: ReviewFormat,
  placeOf: (file: string) => string = (file) => file,
): string {
  switch (format) {
    case "json":
      return (
        JSON.stringify(
          {
            format: REVIEW_REPORT_FORMAT,
            name: report.name,
            score: report.score,
            threshold: report.settings.threshold,
            healthy: report.healthy,
            mode: report.settings.ci.enabled ? report.settings.ci.mode : "off",
            pages: report.pages,
            counts: report.counts,
            rules: report.settings.rules,
            notes: report.notes,
            findings: report.findings.map((f) => ({ ...f, file: placeOf(f.file) })),
          },
          null,
          2,
        ) + "\n"
      );
    case "markdown":
      return markdownReport(report, placeOf);
    case "github":
      return githubReport(report, placeOf);
    default:
      return textReport(report, placeOf);
  }
}

function where(finding: ReviewFinding, placeOf: (file: string) => string): string {
  const file = placeOf(finding.file);
  return finding.line ? `${file}:${finding.line}:${finding.column ?? 1}` : file;
}

export function summaryLine(report: ReviewReport): string {
  const { counts } = report;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  return (
    `${report.name}: score ${report.score}/100 (threshold ${report.settings.threshold}, ${report.healthy ? "healthy" : "below threshold"}) · ` +
    `${plural(counts.error, "error")}, ${plural(counts.warn, "warning")}, ${plural(counts.suggestion, "suggestion")} · ${plural(report.pages, "page")}`
  );
}

function textReport(report: ReviewReport, placeOf: (file: string) => string): string {
  const lines = report.findings.map(
    (f) => `${where(f, placeOf)} ${f.severity} ${f.message} [${f.rule}]\n  fix: ${f.fix}`,
  );
  return [...lines, ...report.notes.map((note) => `note: ${note}`), summaryLine(report)].join("\n") + "\n";
}

function markdownReport(report: ReviewReport, placeOf: (file: string) => string): string {
  const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\n/g, " ");
  const out = [`## ${report.name}: ${report.score}/100`, "", summaryLine(report), ""];
  if (report.findings.length > 0) {
    out.push("| Severity | Rule | Where | Problem | Fix |", "| --- | --- | --- | --- | --- |");
    for (const f of report.findings)
      out.push(
        `| ${f.severity} | \`${f.rule}\` | \`${cell(where(f, placeOf))}\` | ${cell(f.message)} | ${cell(f.fix)} |`,
      );
    out.push("");
  } else out.push("No findings.", "");
  for (const note of report.notes) out.push(`- ${note}`);
  return out.join("\n") + "\n";
}

const COMMAND_OF = { error: "error", warn: "warning", suggestion: "notice" } as const;

/** GitHub workflow commands: data escapes %, CR, LF; properties also `:` and `,`. */
function githubReport(report: ReviewReport, placeOf: (file: string) => string): string {
  const data = (text: string) => text.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
  const property = (text: string) => data(text).replace(/:/g, "%3A").replace(/,/g, "%2C");
  const lines: string[] = [];
  if (report.settings.ci.annotations) {
    for (const f of report.findings) {
      const props = [`file=${property(placeOf(f.file))}`];
      if (f.line) props.push(`line=${f.line}`, `col=${f.column ?? 1}`);
      props.push(`title=${property(`${report.name} ${f.rule}`)}`);
      lines.push(`::${COMMAND_OF[f.severity]} ${props.join(",")}::${data(`${f.message}\nfix: ${f.fix}`)}`);
    }
  } else {
    for (const f of report.findings) lines.push(`${where(f, placeOf)} ${f.severity} ${f.message} [${f.rule}]`);
  }
  for (const note of report.notes) lines.push(`note: ${note}`);
  lines.push(summaryLine(report));
  return lines.join("\n") + "\n";
}
