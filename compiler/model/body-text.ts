/** The text of a page's body that buildPage reads, and the text it parses (markdown/parse.ts). */
import type { SourcePage } from "../content/discover.ts";
import { protectHeadingIds } from "../links/custom-heading-ids.ts";

/**
 * The body as the page's checks and title read it: the frontmatter's body (blanked block) with `{#id}` heading ids
 * made safe in MDX, where they would be expressions (links/custom-heading-ids.ts); same length, so positions hold.
 */
export function pageBodyText(source: Pick<SourcePage, "syntax">, frontmatterBody: string): string {
  return source.syntax === "mdx" ? protectHeadingIds(frontmatterBody) : frontmatterBody;
}

/**
 * What parseBody is given: the body text, or, when the YAML does not parse, the whole file with its block blanked.
 * Undefined for a generated page's blocks, which api-reference/block-parse.ts parses.
 */
export function bodyParseText(
  source: Pick<SourcePage, "syntax" | "source" | "blocks">,
  bodyText: string,
  brokenYaml: boolean,
): string | undefined {
  if (source.blocks && source.syntax === "md" && !brokenYaml) return undefined;
  return brokenYaml ? blankFrontmatter(source.source) : bodyText;
}

function blankFrontmatter(text: string): string {
  return text.replace(/^---\r?\n[\s\S]*?\r?\n---(?=\r?\n|$)/, (block) => block.replace(/[^\n]/g, ""));
}
