/**
 * SPEC 2.6 / 2.17: frontmatter `order` sorts the sidebar only when the config sets `ordering: "numeric"`. Pages that
 * set it under another ordering get one `frontmatter/order-ignored` warning per build, counting the pages and
 * pointing at the first, rather than one warning per page.
 */
import type { BuildMessage } from "../diagnostics.ts";
import { locateYamlPath } from "./yaml-position.ts";

export interface OrderedPage {
  sourcePath: string;
  order?: number;
  /** The page's source text, to point at its `order:` line. */
  source: string;
}

export function orderIgnoredWarning(pages: readonly OrderedPage[], ordering: unknown): BuildMessage[] {
  if (ordering === "numeric") return [];
  const ordered = pages.filter((page) => page.order !== undefined);
  if (ordered.length === 0) return [];
  const first = ordered[0];
  // The text between the fences, starting at the opening fence's newline, so its line N is the file's line N.
  const yaml = /^---\r?\n([\s\S]*?)\r?\n---/.exec(first.source)?.[1];
  const at = yaml === undefined ? undefined : locateYamlPath(`\n${yaml}`, ["order"]);
  const count = ordered.length === 1 ? "1 page sets" : `${ordered.length} pages set`;
  return [
    {
      severity: "warning",
      rule: "frontmatter/order-ignored",
      file: first.sourcePath,
      line: at?.line ?? 1,
      column: at?.column ?? 1,
      reason: `${count} \`order\`, which the sidebar ignores because the config's \`ordering\` is ${typeof ordering === "string" ? `"${ordering}"` : "a list of slugs"}`,
      hint: 'set `ordering: "numeric"` in docs.config.ts to sort by `order`, or remove `order` from the pages',
    },
  ];
}
