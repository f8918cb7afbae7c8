/** The changelog (SPEC 2.16): entries moved to <path>/<date>, drafts dropped, listing order, bad folder names. */
import { describe, expect, it } from "vitest";
import type { SourcePage } from "../content/discover.ts";
import { changelogPages, isDate } from "./changelog-pages.ts";

const settings = { enabled: true, path: "releases", contentDir: "changelog", title: "Changelog", search: true };
const source = (slug: string, frontmatter: string): SourcePage => ({
  sourcePath: `docs/${slug}/page.md`,
  slug,
  syntax: "md",
  source: `---\n${frontmatter}\n---\n\nBody.\n`,
});

describe("changelogPages", () => {
  it("moves entries to <path>/<date>, drops drafts and lists pinned first, then newest", () => {
    const result = changelogPages(
      [
        source("", "title: Home"),
        source("changelog/2026-01-05", "title: Old but pinned\npinned: true"),
        source("changelog/2026-03-18", "title: Newest\nimage: /card.png"),
        source("changelog/2026-02-10", "title: Middle\nauthors: Ada"),
        source("changelog/2026-04-01", "title: Secret\ndraft: true"),
      ],
      settings,
      "docs",
    );
    expect(result.messages).toEqual([]);
    expect(result.pages.map((p) => p.slug)).toEqual([
      "",
      "releases/2026-01-05",
      "releases/2026-03-18",
      "releases/2026-02-10",
      "releases",
    ]);
    expect(result.entries.map((e) => e.date)).toEqual(["2026-01-05", "2026-03-18", "2026-02-10"]);
    expect(result.entries[2].authors).toEqual(["Ada"]);
    const listing = result.pages.at(-1)!.source;
    expect(listing).toContain("## [Old but pinned](/docs/releases/2026-01-05)\n\nPinned · 2026-01-05");
    expect(listing.indexOf("Newest")).toBeLessThan(listing.indexOf("Middle"));
    expect(listing).not.toContain("Secret");
    expect(result.pages[2].source).toContain("\nogImage: /card.png\n");
  });

  it("reports a folder name that is no real date at the entry's file", () => {
    const result = changelogPages(
      [source("changelog/2026-02-30", "title: Leap"), source("changelog/latest", "title: Latest")],
      settings,
      "docs",
    );
    expect(result.messages.map((m) => `${m.file}:${m.line}:${m.column} ${m.rule}`)).toEqual([
      "docs/changelog/2026-02-30/page.md:1:1 changelog/bad-date",
      "docs/changelog/latest/page.md:1:1 changelog/bad-date",
    ]);
    expect(isDate("2024-02-29")).toBe(true);
  });

  it("leaves every page alone when the changelog is off", () => {
    const pages = [source("changelog/not-a-date", "title: Anything")];
    expect(changelogPages(pages, { ...settings, enabled: false }, "docs")).toEqual({
      pages,
      entries: [],
      messages: [],
    });
  });
});
