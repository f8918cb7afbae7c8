/**
 * An Atom feed (RFC 4287) of the changelog at `<docs>/<changelog.path>/feed.xml` — beyond SPEC 2.16, what users of a
 * changelog expect. Entries newest first (drafts never became pages); `updated` is the newest entry's date, so the
 * same content gives the same bytes. Without a base URL, ids are `tag:` URIs and links stay root-relative.
 */
import { isChangelogSlug } from "../changelog/changelog-search.ts";
import { absoluteUrl } from "../model/routes.ts";
import type { EmitContext } from "./context.ts";

export function changelogFeedPath(docsPath: string, path: string): string {
  return `${[docsPath, path].filter(Boolean).join("/")}/feed.xml`;
}

export function emitChangelogFeed(context: EmitContext): void {
  const { config, site } = context;
  const settings = config.surfaces.changelog;
  const listing = site.pages.find((page) => page.slug === settings.path);
  if (!settings.enabled || !listing) return;
  const entries = site.pages
    .filter((page) => page.slug !== settings.path && isChangelogSlug(page.slug, settings))
    .map((page) => ({ page, date: page.slug.slice(settings.path.length + 1) }))
    .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : a.page.route < b.page.route ? -1 : 1));
  const url = (route: string) => absoluteUrl(config.baseUrl, route);
  const id = (route: string, date: string) => (config.baseUrl ? url(route) : `tag:quire.invalid,${date}:${route}`);
  const feedPath = changelogFeedPath(config.docsPath, settings.path);
  const updated = `${entries[0]?.date ?? "1970-01-01"}T00:00:00Z`;
  const lines = [
    `<?xml version="1.0" encoding="utf-8"?>`,
    `<feed xmlns="http://www.w3.org/2005/Atom">`,
    `  <title>${xml(`${settings.title} — ${config.title}`)}</title>`,
    ...(settings.description ? [`  <subtitle>${xml(settings.description)}</subtitle>`] : []),
    `  <id>${xml(id(listing.route, entries.at(-1)?.date ?? "1970-01-01"))}</id>`,
    `  <link rel="self" type="application/atom+xml" href="${xml(url(`/${feedPath}`))}"/>`,
    `  <link rel="alternate" type="text/html" href="${xml(url(listing.route))}"/>`,
    `  <updated>${updated}</updated>`,
    `  <author><name>${xml(config.title)}</name></author>`,
    `  <generator>Quire</generator>`,
  ];
  for (const { page, date } of entries) {
    const authors = [page.frontmatter.extra.authors]
      .flat()
      .filter((a): a is string => typeof a === "string" && a !== "");
    lines.push(
      `  <entry>`,
      `    <title>${xml(page.frontmatter.title)}</title>`,
      `    <id>${xml(id(page.route, date))}</id>`,
      `    <link rel="alternate" type="text/html" href="${xml(url(page.route))}"/>`,
      `    <published>${date}T00:00:00Z</published>`,
      `    <updated>${date}T00:00:00Z</updated>`,
      ...authors.map((name) => `    <author><name>${xml(name)}</name></author>`),
      ...page.frontmatter.tags.map((tag) => `    <category term="${xml(tag)}"/>`),
      ...(page.frontmatter.description ? [`    <summary>${xml(page.frontmatter.description)}</summary>`] : []),
      `    <content type="html">${xml(page.html)}</content>`,
      `  </entry>`,
    );
  }
  lines.push(`</feed>`, "");
  context.files.set(feedPath, lines.join("\n"));
}

function xml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
