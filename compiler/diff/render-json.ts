/** `docs diff --format json` (issue 11): the `DistDiff` model as written, format `quire-dist-diff.v1`. */
import type { DistDiff } from "./model.ts";

export function renderDiffJson(diff: DistDiff): string {
  return `${JSON.stringify(diff, null, 2)}\n`;
}
