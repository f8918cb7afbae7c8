/** `changelog.search: false` (SPEC 2.16): the listing and every entry leave both search indexes (public and agent). */
import type { ResolvedConfig } from "../config/types.ts";
import type { Page } from "../model/types.ts";

export function isChangelogSlug(slug: string, settings: ResolvedConfig["surfaces"]["changelog"]): boolean {
  return (
    settings.enabled &&
    (slug === settings.path ||
      (slug.startsWith(`${settings.path}/`) && /^\d{4}-\d{2}-\d{2}$/.test(slug.slice(settings.path.length + 1))))
  );
}

/** Replaces, in place, each changelog page by a copy without search chunks when the changelog is kept out of search. */
export function excludeChangelogFromSearch(pages: Page[], settings: ResolvedConfig["surfaces"]["changelog"]): void {
  if (!settings.enabled || settings.search) return;
  pages.forEach((page, index) => {
    if (isChangelogSlug(page.slug, settings)) pages[index] = { ...page, chunks: { human: [], agent: [] } };
  });
}
