import { describe, expect, it } from "vitest";
import { formatMessage } from "../diagnostics.ts";
import { orderIgnoredWarning } from "./order-ignored.ts";

const pages = [
  { sourcePath: "docs/a.md", source: "# A\n" },
  { sourcePath: "docs/b.md", order: 2, source: "---\ntitle: B\nlastModified: 2026-01-01\norder: 2\n---\n" },
  { sourcePath: "docs/c.md", order: 1, source: "---\norder: 1\n---\n" },
];

describe("orderIgnoredWarning", () => {
  it("is one warning per build, counting the pages and pointing at the first order: line", () => {
    expect(orderIgnoredWarning(pages, "alphabetical").map(formatMessage)).toEqual([
      'docs/b.md:4:1 2 pages set `order`, which the sidebar ignores because the config\'s `ordering` is "alphabetical" [frontmatter/order-ignored]\n' +
        '  set `ordering: "numeric"` in docs.config.ts to sort by `order`, or remove `order` from the pages',
    ]);
    expect(orderIgnoredWarning(pages, [{ slug: "a" }])[0].reason).toContain("is a list of slugs");
  });

  it("says nothing under numeric ordering or when no page sets order", () => {
    expect(orderIgnoredWarning(pages, "numeric")).toEqual([]);
    expect(orderIgnoredWarning([pages[0]], "alphabetical")).toEqual([]);
  });
});
