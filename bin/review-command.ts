/**
 * `docs review` (SPEC 2.12): runs every review rule over the site, prints the findings in the chosen format and
 * exits by `review.ci.mode`: 0 (off, warn, or block with a healthy result), 1 (block with an error or a score below
 * the threshold), 2 (the site cannot be reviewed: no config, no content, an unreachable --url).
 */
import path from "node:path";
import { BuildFailure, formatMessage } from "../compiler/diagnostics.ts";
import { defaultDriftTarget } from "../compiler/review/check-drift.ts";
import { formatReview, REVIEW_FORMATS, type ReviewFormat } from "../compiler/review/format.ts";
import { review, reviewExitCode } from "../compiler/review/index.ts";

export interface ReviewCommandOptions {
  root: string;
  format?: string;
  dist?: string;
  url?: string;
  git: boolean;
}

export async function runReview(options: ReviewCommandOptions): Promise<number> {
  const root = path.resolve(options.root);
  const format = (options.format ?? (process.env.GITHUB_ACTIONS === "true" ? "github" : "text")) as ReviewFormat;
  if (!REVIEW_FORMATS.includes(format)) {
    console.error(`✗ unknown --format "${options.format}": use one of ${REVIEW_FORMATS.join(", ")}`);
    return 2;
  }
  try {
    const report = await review({ root, drift: defaultDriftTarget(root, options.dist, options.url), git: options.git });
    if (!report.settings.enabled) {
      console.log("review is disabled in the config (review: false); nothing was checked");
      return 0;
    }
    // GitHub resolves annotation paths from the repository root, which is where the workflow runs.
    const placeOf = (file: string) => path.relative(process.cwd(), path.join(root, file)).split(path.sep).join("/");
    process.stdout.write(formatReview(report, format, format === "github" ? placeOf : undefined));
    return reviewExitCode(report);
  } catch (error) {
    if (error instanceof BuildFailure) {
      for (const message of error.messages.filter((m) => m.severity === "error"))
        console.error(`error ${formatMessage(message)}`);
      console.error("✗ the site cannot be reviewed");
      return 2;
    }
    console.error(`✗ review failed: ${(error as Error).message}`);
    if (process.env.DEBUG) console.error((error as Error).stack);
    return 2;
  }
}
