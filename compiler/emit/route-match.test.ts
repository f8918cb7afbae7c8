import { describe, expect, it } from "vitest";
import { matchesRoute, matchPrefix } from "./route-match.ts";

describe("matchesRoute", () => {
  it("matches a literal route exactly", () => {
    expect(matchesRoute("/docs/faq", "/docs/faq")).toBe(true);
    expect(matchesRoute("/docs/faq", "/docs/faq/more")).toBe(false);
    expect(matchesRoute("/docs/faq", "/docs/faqs")).toBe(false);
  });

  it("matches * within one segment only", () => {
    expect(matchesRoute("/docs/*", "/docs/install")).toBe(true);
    expect(matchesRoute("/docs/*", "/docs/guides/install")).toBe(false);
    expect(matchesRoute("/docs/api-*", "/docs/api-v2")).toBe(true);
  });

  it("matches ** across segments, including the folder itself when it ends the pattern", () => {
    expect(matchesRoute("/docs/api/**", "/docs/api")).toBe(true);
    expect(matchesRoute("/docs/api/**", "/docs/api/queues/create")).toBe(true);
    expect(matchesRoute("/docs/api/**", "/docs/apis")).toBe(false);
    expect(matchesRoute("/docs/**/install", "/docs/guides/next/install")).toBe(true);
  });

  it("matches ? as exactly one character within a segment", () => {
    expect(matchesRoute("/docs/v?", "/docs/v2")).toBe(true);
    expect(matchesRoute("/docs/v?", "/docs/v10")).toBe(false);
    expect(matchesRoute("/docs/v?", "/docs/v/")).toBe(false);
  });

  it("treats regular-expression characters in patterns literally", () => {
    expect(matchesRoute("/docs/c++", "/docs/c++")).toBe(true);
    expect(matchesRoute("/docs/a.b", "/docs/axb")).toBe(false);
    expect(matchesRoute("/docs/(group)", "/docs/(group)")).toBe(true);
  });
});

describe("matchPrefix", () => {
  it("returns the literal folder before the first wildcard", () => {
    expect(matchPrefix("/docs/api/**")).toBe("/docs/api");
    expect(matchPrefix("/docs/api/*/methods")).toBe("/docs/api");
    expect(matchPrefix("/docs/api-*")).toBe("/docs");
    expect(matchPrefix("/docs/v?")).toBe("/docs");
  });

  it("returns a literal pattern without its trailing slash", () => {
    expect(matchPrefix("/docs/faq")).toBe("/docs/faq");
    expect(matchPrefix("/docs/faq/")).toBe("/docs/faq");
  });

  it("falls back to / for patterns that start with a wildcard", () => {
    expect(matchPrefix("/**")).toBe("/");
    expect(matchPrefix("**")).toBe("/");
  });
});

describe("globstar segments", () => {
  it("lets **/ match zero segments", () => {
    expect(matchesRoute("/docs/**/install", "/docs/install")).toBe(true);
    expect(matchesRoute("/docs/**/install", "/docs/a/b/install")).toBe(true);
    expect(matchesRoute("/docs/**/install", "/docs/reinstall")).toBe(false);
  });
});
