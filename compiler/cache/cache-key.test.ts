import { describe, expect, it } from "vitest";
import type { SourcePage } from "../content/discover.ts";
import { pageKey, type PageKeyInputs } from "./cache-key.ts";

const source: SourcePage = { sourcePath: "docs/install/page.md", slug: "install", syntax: "md", source: "# Install\n" };
const site: PageKeyInputs = { identity: "quire-1", config: "config-1", languages: ["bash", "ts"] };

describe("pageKey", () => {
  it("changes with every input and comes back when the inputs do, called over and over for one path", () => {
    const base = pageKey(source, site);
    const variants: [string, SourcePage, PageKeyInputs][] = [
      ["text", { ...source, source: "# Install\n\nMore.\n" }, site],
      ["syntax", { ...source, syntax: "mdx" }, site],
      ["agent.md", { ...source, agentFile: { sourcePath: "docs/install/agent.md", text: "# For agents\n" } }, site],
      ["empty agent.md", { ...source, agentFile: { sourcePath: "docs/install/agent.md", text: "" } }, site],
      ["git date", source, { ...site, gitDate: "2026-11-25" }],
      ["empty git date", source, { ...site, gitDate: "" }],
      ["text moved between inputs", source, { ...site, identity: "quire-1c", config: "onfig-1" }],
      ["languages", source, { ...site, languages: ["bash", "python"] }],
      ["config", source, { ...site, config: "config-2" }],
      ["Quire build", source, { ...site, identity: "quire-2" }],
    ];
    const keys = new Set([base]);
    for (const [input, changedSource, changedSite] of variants) {
      const key = pageKey(changedSource, changedSite);
      expect(keys.has(key), input).toBe(false);
      keys.add(key);
      expect(pageKey(source, site), `${input} changed back`).toBe(base);
    }
    expect(pageKey({ ...source }, { ...site, languages: [...site.languages] })).toBe(base);
  });
});
