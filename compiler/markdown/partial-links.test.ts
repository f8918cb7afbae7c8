import { describe, expect, it } from "vitest";
import { rebasedUrl } from "./partial-links.ts";

describe("rebasedUrl", () => {
  const from = "/site/docs/shared";
  const to = "/site/docs/guide/deep";

  it("rewrites a relative path to a file from one folder to the other, keeping its query and anchor", () => {
    expect(rebasedUrl("./setup.md", from, to)).toBe("../../shared/setup.md");
    expect(rebasedUrl("setup.mdx", from, to)).toBe("../../shared/setup.mdx");
    expect(rebasedUrl("../files/sheet.pdf?v=2#page=3", from, to)).toBe("../../files/sheet.pdf?v=2#page=3");
    expect(rebasedUrl("./img/shot.png", from, "/site/docs/shared/inner")).toBe("../img/shot.png");
    expect(rebasedUrl("./deep/page.md", "/site/docs/guide", to)).toBe("./page.md");
  });

  it("leaves URLs, paths without a file name and absolute targets as written", () => {
    for (const url of ["./other", "../guide/", "v1.2/", "..", ".", "/docs/setup.md", "#top", "?q=1"])
      expect(rebasedUrl(url, from, to)).toBe(url);
    for (const url of ["https://example.com/a.md", "mailto:team@example.com", "//cdn.example.com/x.png"])
      expect(rebasedUrl(url, from, to)).toBe(url);
  });
});
