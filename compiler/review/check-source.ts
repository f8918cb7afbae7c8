/**
 * SPEC 2.12 `frontmatter`, `invalidMdx`, `duplicateSlugs` and SPEC 7.3: what the build itself rejects, as findings
 * (the build rule id stays as the finding's `source`), plus the frontmatter keys the build lets through as custom data
 * but that are one typo away from a field the spec names (`descripton`), with the closest name.
 */
import { locateYamlPath } from "../content/yaml-position.ts";
import { frontmatterSchema } from "../content/frontmatter-schema.ts";
import { closestName } from "../diagnostics.ts";
import { findingFromMessage, type RawFinding } from "./finding.ts";
import type { ReviewSite } from "./review-site.ts";

const NAMED_KEYS = Object.keys(frontmatterSchema.properties);

export function checkFrontmatter(site: ReviewSite): RawFinding[] {
  const findings: RawFinding[] = [];
  for (const page of site.pages) {
    for (const message of page.messages) {
      if (message.rule.startsWith("frontmatter/"))
        findings.push(findingFromMessage("frontmatter", message, "fix the frontmatter between the --- fences"));
    }
    for (const key of Object.keys(page.data)) {
      if (NAMED_KEYS.includes(key)) continue;
      const suggestion = closestName(key, NAMED_KEYS);
      // Custom keys are allowed (SPEC 2.6): only a near-certain typo is reported, not every short look-alike.
      if (!suggestion || !(key.length >= 8 || withinOneEdit(key.toLowerCase(), suggestion.toLowerCase()))) continue;
      const at = locateYamlPath(page.yaml, [key]);
      findings.push({
        rule: "frontmatter",
        file: page.source.sourcePath,
        line: at?.line,
        column: at?.column,
        message: `unknown frontmatter key "${key}" — did you mean "${suggestion}"?`,
        fix: `rename it to "${suggestion}"; keys the spec does not name are kept as custom data and do nothing`,
        source: "frontmatter/unknown-key",
      });
    }
  }
  return findings;
}

/** One insertion, deletion or substitution apart (or equal). */
function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  const tail = (x: string, y: string) => x === y;
  return tail(a.slice(i + 1), b.slice(i + 1)) || tail(a.slice(i), b.slice(i + 1)) || tail(a.slice(i + 1), b.slice(i));
}

export function checkInvalidMdx(site: ReviewSite): RawFinding[] {
  return site.pages.flatMap((page) =>
    page.messages
      .filter((message) => message.rule.startsWith("mdx/"))
      .map((message) => findingFromMessage("invalidMdx", message, "fix the Markdown/MDX syntax at this place")),
  );
}

export function checkDuplicateSlugs(site: ReviewSite): RawFinding[] {
  const findings = site.discoveryMessages
    .filter((message) => message.rule === "content/duplicate-page")
    .map((message) => findingFromMessage("duplicateSlugs", message, "keep one page file per folder"));
  const byRoute = new Map<string, string>();
  const byFoldedRoute = new Map<string, { route: string; file: string }>();
  for (const page of site.pages) {
    const file = page.source.sourcePath;
    const first = byRoute.get(page.route);
    if (first) {
      findings.push({
        rule: "duplicateSlugs",
        file,
        line: 1,
        column: 1,
        source: "content/duplicate-route",
        message: `route ${page.route} is also produced by ${first}`,
        fix: "rename one of the folders (route groups like (group) add no URL segment)",
      });
      continue;
    }
    byRoute.set(page.route, file);
    const folded = byFoldedRoute.get(page.route.toLowerCase());
    if (folded) {
      findings.push({
        rule: "duplicateSlugs",
        file,
        line: 1,
        column: 1,
        message: `route ${page.route} differs from ${folded.route} (${folded.file}) only in letter case`,
        fix: "rename one folder: on case-insensitive file systems and hosts both write the same file",
      });
    } else byFoldedRoute.set(page.route.toLowerCase(), { route: page.route, file });
  }
  return findings;
}
