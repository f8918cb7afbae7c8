import { beforeAll, describe, expect, it } from "vitest";
import type { SearchProvider, SearchResultItem } from "../search/providers/index.ts";
import { createSimpleProvider } from "../search/providers/simple.ts";
import { loadSiteData, type SiteData } from "../site-data.ts";
import { EXAMPLE_GOLDEN_QUESTIONS } from "../testing/ask-ai-golden.ts";
import { ORIGIN, snapshotSite } from "../testing/built-site.ts";
import { createDirectoryStore } from "../store/directory.ts";
import { groupByPage, PAGE_CONTEXT_CHARS, retrievalQueries, retrieveSources } from "./retrieve.ts";

let data: SiteData;
beforeAll(async () => {
  data = await loadSiteData(createDirectoryStore((await snapshotSite("example")).dist));
});

const pathOf = (url: string) => new URL(url).pathname.replace(/^\/docs\/?/, "");

describe("Ask AI retrieval on the example site", () => {
  it.each(EXAMPLE_GOLDEN_QUESTIONS)(
    'finds the answer to "$question" in the top 5 pages',
    async ({ question, expected }) => {
      const sources = await retrieveSources(createSimpleProvider(data, "agent"), [question], {
        maxResults: 5,
        locale: null,
        origin: ORIGIN,
      });
      expect(sources.length).toBeLessThanOrEqual(5);
      expect(sources.map((source) => pathOf(source.url)).some((path) => expected.includes(path))).toBe(true);
    },
  );

  it("reads the agent projection: agent-only text is context, human-only text never is", async () => {
    const sources = await retrieveSources(createSimpleProvider(data, "agent"), ["deployment agent summary"], {
      maxResults: 5,
      locale: null,
      origin: ORIGIN,
    });
    const deployment = sources.find((source) => pathOf(source.url) === "guides/deployment");
    expect(deployment?.content).toContain("FROM-AGENT-MD");
    const human = JSON.stringify(
      await retrieveSources(createSimpleProvider(data, "agent"), ["HUMAN-ONLY"], {
        maxResults: 5,
        locale: null,
        origin: ORIGIN,
      }),
    );
    expect(human).not.toContain("HUMAN-ONLY");
  });
});

describe("grouping section hits into pages", () => {
  const hit = (url: string, section: string | null, content: string): SearchResultItem => ({
    id: url,
    url,
    title: url.split("#")[0],
    section,
    content,
    description: null,
    type: section ? "section" : "page",
  });

  it("keeps distinct pages in rank order, numbers them from 1 and joins each page's sections", () => {
    const sources = groupByPage(
      [hit("/a#x", "X", "one"), hit("/b", null, "two"), hit("/a#y", "Y", "three"), hit("/c", null, "four")],
      2,
      ORIGIN,
    );
    expect(sources).toEqual([
      { id: 1, url: `${ORIGIN}/a#x`, title: "/a", section: "X", content: "## X\n\none\n\n## Y\n\nthree" },
      { id: 2, url: `${ORIGIN}/b`, title: "/b", section: null, content: "two" },
    ]);
  });

  it("caps one page's context so it cannot crowd out the others", () => {
    const [source] = groupByPage(
      [hit("/a", null, "x".repeat(PAGE_CONTEXT_CHARS * 2)), hit("/a#b", "B", "more")],
      5,
      ORIGIN,
    );
    expect(source.content.length).toBeLessThanOrEqual(PAGE_CONTEXT_CHARS);
    expect(source.content.endsWith("…")).toBe(true);
  });

  it("searches a follow-up together with the question before it when it finds nothing alone", async () => {
    const queries = retrievalQueries([
      { role: "user", content: "cron time zones" },
      { role: "assistant", content: "…" },
      { role: "user", content: "and?" },
    ]);
    expect(queries).toEqual(["and?", "cron time zones and?"]);
    const seen: string[] = [];
    const provider: SearchProvider = {
      name: "fake",
      search: async (query) => (seen.push(query), query === "and?" ? [] : [hit("/cron", null, "tz")]),
    };
    const sources = await retrieveSources(provider, queries, { maxResults: 5, locale: null, origin: ORIGIN });
    expect(seen).toEqual(queries);
    expect(sources.map((s) => s.url)).toEqual([`${ORIGIN}/cron`]);
  });
});
