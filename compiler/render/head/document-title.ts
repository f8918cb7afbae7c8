/** The `<title>` of a page (SPEC 2.17 DocsMetadata `titleTemplate`). */
import type { ResolvedConfig } from "../../config/types.ts";

/**
 * `metadata.titleTemplate` with `%s` replaced by the page title; a page titled like the site itself (usually the
 * home page) keeps its title alone, so the tab never reads "Acme Queue — Acme Queue".
 */
export function documentTitleOf(title: string, config: ResolvedConfig): string {
  if (title.trim() === config.title.trim()) return title;
  return config.metadata.titleTemplate.replace(/%s/g, title);
}
