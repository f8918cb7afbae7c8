/** The changelog listing page's Markdown (SPEC 2.16): each entry's title linked, date, version, authors, tags, summary. */
import type { ResolvedConfig } from "../config/types.ts";
import type { ChangelogEntry } from "./changelog-pages.ts";

export function listingMarkdown(
  settings: ResolvedConfig["surfaces"]["changelog"],
  entries: ChangelogEntry[],
  route: (slug: string) => string,
): string {
  const description = settings.description ?? `Every change, newest first.`;
  const parts = [`---\ntitle: ${JSON.stringify(settings.title)}\ndescription: ${JSON.stringify(description)}\n---`];
  parts.push(`Subscribe: [Atom feed](${route(settings.path)}/feed.xml).`);
  if (entries.length === 0) parts.push("No entries yet.");
  for (const entry of entries) {
    const facts = [
      entry.pinned ? "Pinned" : "",
      entry.date,
      entry.version ? `version ${oneLine(entry.version)}` : "",
      entry.authors.length > 0 ? `by ${entry.authors.map(oneLine).join(", ")}` : "",
      entry.tags.length > 0 ? `tags: ${entry.tags.map(oneLine).join(", ")}` : "",
    ]
      .filter(Boolean)
      .join(" · ");
    parts.push(`## [${oneLine(entry.title ?? entry.date)}](${route(entry.slug)})`, facts);
    if (entry.description) parts.push(oneLine(entry.description));
  }
  return `${parts.join("\n\n")}\n`;
}

function oneLine(value: string): string {
  return value
    .replace(/\s+/g, " ")
    .replace(/[<[\]]/g, (c) => `\\${c}`)
    .trim();
}
