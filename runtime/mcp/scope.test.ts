import { describe, expect, it } from "vitest";
import type { PageEntry } from "../contract/index.ts";
import { matchesScope, versionMatches } from "./scope.ts";

function page(fields: Partial<PageEntry>): PageEntry {
  return {
    path: "p",
    route: "/p",
    markdownRoute: "/p.md",
    title: "P",
    description: null,
    related: [],
    tags: [],
    framework: null,
    version: null,
    locale: null,
    hidden: false,
    hasAgentFile: false,
    contract: null,
    lastModified: null,
    headings: [],
    ...fields,
  };
}

const contract = (appliesTo: Partial<{ framework: string[]; version: string[]; package: string[] }>) => ({
  appliesTo: { framework: [], version: [], package: [], ...appliesTo },
  prerequisites: [],
  files: [],
  commands: [],
  sideEffects: [],
  verification: [],
  rollback: [],
  failureModes: [],
});

describe("MCP page scoping", () => {
  it("matches versions exactly, by segment prefix, by wildcard and by range", () => {
    expect(versionMatches("2.0", "2.0")).toBe(true);
    expect(versionMatches("2", "2.0.1")).toBe(true);
    expect(versionMatches("2.0", "v2")).toBe(true);
    expect(versionMatches("2.0", "20")).toBe(false);
    expect(versionMatches("1.x", "1.4")).toBe(true);
    expect(versionMatches("1.x", "2.0")).toBe(false);
    expect(versionMatches(">=20", "22")).toBe(true);
    expect(versionMatches(">=20", "18.3")).toBe(false);
    expect(versionMatches(">=1 <3", "2.5")).toBe(true);
    expect(versionMatches(">=1 <3", "3.0")).toBe(false);
    expect(versionMatches("^2.1", "2.9")).toBe(true);
    expect(versionMatches("^2.1", "3.0")).toBe(false);
    expect(versionMatches("~2.1", "2.1.7")).toBe(true);
    expect(versionMatches("~2.1", "2.2")).toBe(false);
    expect(versionMatches(">=20", "latest")).toBe(false);
  });

  it("treats a page that declares nothing for a dimension as general", () => {
    expect(matchesScope(page({}), { framework: "node", version: "2.0", package: "x", locale: "fr" })).toBe(true);
  });

  it("unites contract appliesTo with the page's own frontmatter scope", () => {
    const install = page({
      framework: "node",
      version: "2.0",
      contract: contract({ framework: ["node"], version: [">=20"], package: ["@acme/queue"] }),
    });
    expect(matchesScope(install, { version: "2.0" })).toBe(true);
    expect(matchesScope(install, { version: "22" })).toBe(true);
    expect(matchesScope(install, { version: "1.0" })).toBe(false);
    expect(matchesScope(install, { framework: "NODE", package: "@acme/queue" })).toBe(true);
    expect(matchesScope(install, { framework: "deno" })).toBe(false);
  });

  it("matches locales by language", () => {
    expect(matchesScope(page({ locale: "en-US" }), { locale: "en" })).toBe(true);
    expect(matchesScope(page({ locale: "en" }), { locale: "en_GB" })).toBe(true);
    expect(matchesScope(page({ locale: "de" }), { locale: "en" })).toBe(false);
  });
});
