import { describe, expect, it } from "vitest";
import { makeTestConfig } from "../html/test-config.ts";
import { documentTitleOf } from "./document-title.ts";

describe("documentTitleOf", () => {
  const config = makeTestConfig();
  const site = config.title;

  it("puts the page title into metadata.titleTemplate", () => {
    expect(documentTitleOf("Install", config)).toBe(config.metadata.titleTemplate.replace("%s", "Install"));
    expect(documentTitleOf("Install", config)).toContain(site);
  });

  it("keeps a page titled like the site alone instead of repeating the site name", () => {
    expect(documentTitleOf(site, config)).toBe(site);
  });
});
