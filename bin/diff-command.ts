/**
 * `docs diff <old-dist> <new-dist>` (issue 11): what a change did to the built site, for a terminal or a pull-request
 * comment. Exit 0; 1 with --fail-on-change when anything differs; 2 on bad input (a missing folder, not a build).
 */
import { diffDists } from "../compiler/diff/diff-dists.ts";
import { hasChanges } from "../compiler/diff/model.ts";
import { DistInputError, readDistPair } from "../compiler/diff/read-dists.ts";
import { renderDiffJson } from "../compiler/diff/render-json.ts";
import { renderDiffMarkdown } from "../compiler/diff/render-markdown.ts";
import { renderDiffText } from "../compiler/diff/render-text.ts";

export const DIFF_FORMATS = { text: renderDiffText, markdown: renderDiffMarkdown, json: renderDiffJson } as const;
export type DiffFormat = keyof typeof DIFF_FORMATS;

export interface DiffCommandOptions {
  format?: string;
  failOnChange?: boolean;
}

export async function runDiff(oldDist: string, newDist: string, options: DiffCommandOptions): Promise<number> {
  const format = options.format ?? "text";
  if (!Object.hasOwn(DIFF_FORMATS, format)) {
    console.error(`✗ --format must be one of ${Object.keys(DIFF_FORMATS).join(", ")}, got "${format}"`);
    return 2;
  }
  let diff;
  try {
    diff = diffDists(await readDistPair(oldDist, newDist));
  } catch (error) {
    if (!(error instanceof DistInputError)) throw error;
    console.error(`✗ ${error.message}`);
    return 2;
  }
  process.stdout.write(DIFF_FORMATS[format as DiffFormat](diff));
  return options.failOnChange && hasChanges(diff) ? 1 : 0;
}
