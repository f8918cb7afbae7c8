/**
 * The changelog (SPEC 2.16, 4.6): entry folders `<contentDir>/<YYYY-MM-DD>/page.mdx` under the docs content folder
 * become pages at `<docs>/<path>/<date>`, drafts are dropped before anything is built (so no route, index, sitemap,
 * llms file or feed sees them), and a listing page at `<docs>/<path>` names the entries, pinned first, then newest.
 * A folder name that is no real date is a positioned `changelog/bad-date` error.
 */
import matter from "gray-matter";
import type { ResolvedConfig } from "../config/types.ts";
import type { SourcePage } from "../content/discover.ts";
import type { BuildMessage } from "../diagnostics.ts";
import { listingMarkdown } from "./listing-markdown.ts";

export interface ChangelogEntry {
  date: string;
  slug: string;
  title?: string;
  description?: string;
  image?: string;
  authors: string[];
  version?: string;
  tags: string[];
  pinned: boolean;
}

type ChangelogSettings = ResolvedConfig["surfaces"]["changelog"];

export function changelogPages(
  sources: SourcePage[],
  settings: ChangelogSettings,
  docsPath: string,
): { pages: SourcePage[]; entries: ChangelogEntry[]; messages: BuildMessage[] } {
  if (!settings.enabled) return { pages: sources, entries: [], messages: [] };
  const prefix = `${settings.contentDir}/`;
  const pages: SourcePage[] = [];
  const entries: ChangelogEntry[] = [];
  const messages: BuildMessage[] = [];
  for (const source of sources) {
    const rest = source.slug.startsWith(prefix) ? source.slug.slice(prefix.length) : undefined;
    if (rest === undefined || rest.includes("/")) {
      pages.push(source);
      continue;
    }
    if (!isDate(rest)) {
      messages.push({
        severity: "error",
        rule: "changelog/bad-date",
        file: source.sourcePath,
        line: 1,
        column: 1,
        reason: `changelog entry folder "${rest}" is not a date`,
        hint: `name each entry folder by its date, YYYY-MM-DD (e.g. ${settings.contentDir}/2026-03-18/page.mdx)`,
      });
      continue;
    }
    const data = frontmatterOf(source.source);
    if (data.draft === true) continue;
    const slug = `${settings.path}/${rest}`;
    entries.push({
      date: rest,
      slug,
      title: text(data.title),
      description: text(data.description),
      image: text(data.image),
      authors: list(data.authors),
      version: data.version === undefined ? undefined : String(data.version),
      tags: list(data.tags),
      pinned: data.pinned === true,
    });
    pages.push({ ...source, slug, source: entryImageAsOgImage(source.source, data) });
  }
  if (entries.length === 0 && messages.length === 0 && !sources.some((s) => s.slug.startsWith(prefix)))
    return { pages, entries, messages };
  entries.sort((a, b) => Number(b.pinned) - Number(a.pinned) || (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
  const route = (slug: string) => `/${[docsPath, slug].filter(Boolean).join("/")}`;
  pages.push({
    sourcePath: `${settings.contentDir}#listing`,
    slug: settings.path,
    syntax: "md",
    source: listingMarkdown(settings, entries, route),
  });
  return { pages, entries, messages };
}

/**
 * SPEC 2.16 names the entry's card `image`; pages call it `ogImage` (SPEC 2.6). The key is renamed on its own line,
 * so every other position in the file stays where the author sees it.
 */
function entryImageAsOgImage(source: string, data: Record<string, unknown>): string {
  if (data.image === undefined || data.ogImage !== undefined) return source;
  const end = source.startsWith("---") ? source.indexOf("\n---", 3) : -1;
  if (end === -1) return source;
  return source.slice(0, end).replace(/^image:/m, "ogImage:") + source.slice(end);
}

/** A real calendar day in YYYY-MM-DD form (2026-02-30 is not). */
export function isDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The entry's frontmatter for the listing; a broken block is reported by the page build itself. */
function frontmatterOf(source: string): Record<string, unknown> {
  try {
    return matter(source).data as Record<string, unknown>;
  } catch {
    return {};
  }
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() ? value.trim() : undefined;
}

function list(value: unknown): string[] {
  return (Array.isArray(value) ? value : value === undefined ? [] : [value])
    .filter((v) => v !== null && v !== "")
    .map(String);
}
