/** The four report formats of `docs review` (SPEC 2.12) over one report: every format names rule, place and fix. */
import { describe, expect, it } from "vitest";
import { formatReview, REVIEW_REPORT_FORMAT } from "./format.ts";
import type { ReviewReport } from "./index.ts";
import { ruleSettings } from "./rules.ts";

function report(annotations = true): ReviewReport {
  return {
    name: "docs-review",
    settings: {
      enabled: true,
      rules: ruleSettings({}),
      threshold: 80,
      weights: { error: 10, warn: 3, suggestion: 1 },
      ci: { enabled: true, name: "docs-review", mode: "block", annotations },
    },
    findings: [
      {
        rule: "brokenLinks",
        severity: "error",
        file: "docs/page.md",
        line: 3,
        column: 7,
        message: 'link "/docs/a,b" points to 50% nothing',
        fix: "fix it:\nnow",
      },
      {
        rule: "relatedCoverage",
        severity: "suggestion",
        file: "docs/two/page.md",
        message: "no related | pages",
        fix: "add related",
      },
    ],
    counts: { error: 1, warn: 0, suggestion: 1 },
    score: 89,
    healthy: true,
    notes: ["goldenTasks: unmeasured"],
    pages: 2,
  };
}

describe("docs review formats", () => {
  it("text: file:line:col severity message [rule], the fix below, notes and the score line", () => {
    expect(formatReview(report(), "text")).toBe(
      [
        'docs/page.md:3:7 error link "/docs/a,b" points to 50% nothing [brokenLinks]',
        "  fix: fix it:\nnow",
        "docs/two/page.md suggestion no related | pages [relatedCoverage]",
        "  fix: add related",
        "note: goldenTasks: unmeasured",
        "docs-review: score 89/100 (threshold 80, healthy) · 1 error, 0 warnings, 1 suggestion · 2 pages",
        "",
      ].join("\n"),
    );
  });

  it("github: one workflow command per finding, data and properties escaped, severities mapped", () => {
    const lines = formatReview(report(), "github", (file) => `site/${file}`).split("\n");
    expect(lines[0]).toBe(
      '::error file=site/docs/page.md,line=3,col=7,title=docs-review brokenLinks::link "/docs/a,b" points to 50%25 nothing%0Afix: fix it:%0Anow',
    );
    expect(lines[1]).toBe(
      "::notice file=site/docs/two/page.md,title=docs-review relatedCoverage::no related | pages%0Afix: add related",
    );
  });

  it("github without ci.annotations prints plain lines instead of workflow commands", () => {
    expect(formatReview(report(false), "github")).not.toContain("::");
  });

  it("json: the docs-review.v1 report with score, mode, counts, rules and positioned findings", () => {
    const json = JSON.parse(formatReview(report(), "json"));
    expect(json).toMatchObject({
      format: REVIEW_REPORT_FORMAT,
      score: 89,
      threshold: 80,
      healthy: true,
      mode: "block",
      counts: { error: 1, warn: 0, suggestion: 1 },
    });
    expect(json.rules.brokenLinks).toBe("error");
    expect(json.findings[0]).toMatchObject({
      rule: "brokenLinks",
      file: "docs/page.md",
      line: 3,
      column: 7,
      fix: "fix it:\nnow",
    });
  });

  it("markdown: a table with escaped pipes for a pull-request comment", () => {
    const markdown = formatReview(report(), "markdown");
    expect(markdown).toContain("## docs-review: 89/100");
    expect(markdown).toContain(
      "| suggestion | `relatedCoverage` | `docs/two/page.md` | no related \\| pages | add related |",
    );
  });
});
