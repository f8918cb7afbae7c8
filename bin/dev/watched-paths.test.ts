/** What docs dev rebuilds for, and what it must never react to (its own writes would loop). */
import { describe, expect, it } from "vitest";
import { isWatchedChange } from "./watched-paths.ts";

describe("isWatchedChange", () => {
  it.each([
    "docs.config.ts",
    "docs.config.tsx",
    "src/lib/docs.config.ts",
    "docs/guides/install/page.mdx",
    "docs/guides/install/agent.md",
    "public/logo.svg",
    "public/.well-known/security.txt",
    "AGENTS.md",
    "skill.md",
    "components/Chart.tsx",
    "docs/guides",
  ])("rebuilds for %s", (file) => expect(isWatchedChange(file)).toBe(true));

  it.each([
    "node_modules/.cache/quire/pages/abc.bin",
    "dist/index.html",
    ".git/index",
    ".docs.config.123.abcdef.mjs",
    "docs/.page.mdx.swp",
    "docs/page.mdx~",
    "docs/.hidden/page.md",
    ".quire-tmp-1234/index.html",
    "",
    "../elsewhere/page.md",
  ])("ignores %s", (file) => expect(isWatchedChange(file)).toBe(false));

  it("ignores the output and cache folders it is told about", () => {
    expect(isWatchedChange("out/site/index.html", ["out/site"])).toBe(false);
    expect(isWatchedChange("out/sitemap.md", ["out/site"])).toBe(true);
  });
});
