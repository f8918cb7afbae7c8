import { describe, expect, it } from "vitest";
import { normalizeResult, normalizeResults, resultList } from "./normalize.ts";

describe("normalizeResults", () => {
  it("keeps the SPEC 2.14 fields and defaults the rest", () => {
    expect(normalizeResult({ url: "/a", extra: "dropped", score: 3 })).toEqual({
      id: "/a",
      url: "/a",
      title: "/a",
      section: null,
      content: "",
      description: null,
      type: "page",
    });
    expect(normalizeResult({ id: 0, url: "/a#b", section: "B", type: "bogus" })).toMatchObject({
      id: "0",
      title: "B",
      type: "section",
    });
  });

  it("drops items without a url, duplicates, and anything past the limit", () => {
    const items = [{ url: "/a" }, { url: 3 }, null, { id: "/a", url: "/other" }, { url: "/b" }, { url: "/c" }];
    expect(normalizeResults(items, 2).map((item) => item.url)).toEqual(["/a", "/b"]);
  });

  it("finds the list in an array or { results }", () => {
    expect(resultList([1])).toEqual([1]);
    expect(resultList({ results: [2] })).toEqual([2]);
    expect(resultList({ hits: [] })).toBeNull();
    expect(resultList(null)).toBeNull();
  });
});
