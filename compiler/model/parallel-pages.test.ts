import { describe, expect, it } from "vitest";
import { generateCorpus } from "../../bench/corpus.ts";
import { readBuildInputs } from "../build-inputs.ts";
import type { SourcePage } from "../content/discover.ts";
import { estimatedPageWork, pageLanes } from "./parallel-pages.ts";

const parallelPays = (sources: SourcePage[], cores: number) => pageLanes(sources, cores).workers > 0;

const corpusPages = (pages: number, profile: "bench" | "real"): SourcePage[] =>
  [...generateCorpus({ pages, seed: 1, profile })]
    .filter(([file]) => /page\.mdx?$/.test(file))
    .map(([file, source]) => ({ sourcePath: file, slug: file, syntax: file.endsWith("x") ? "mdx" : "md", source }));

describe("pageLanes", () => {
  it("keeps 100 code-heavy real-profile pages on one thread and uses both cores at 200, as measured", () => {
    expect(parallelPays(corpusPages(100, "real"), 2)).toBe(false);
    expect(parallelPays(corpusPages(200, "real"), 2)).toBe(true);
  });

  it("keeps 400 bench-corpus pages on one thread and uses both cores at 1,000, as measured", () => {
    expect(parallelPays(corpusPages(400, "bench"), 2)).toBe(false);
    expect(parallelPays(corpusPages(1000, "bench"), 2)).toBe(true);
  });

  it("keeps small sites on one thread, where a worker's start-up would cost more than it saves", async () => {
    const example = await readBuildInputs({ root: "fixtures/example", git: false });
    expect(parallelPays(example.pages, 2)).toBe(false);
    expect(parallelPays(corpusPages(20, "bench"), 2)).toBe(false);
  });

  it("builds on this thread beside the workers up to 2,000 pages, however heavy, and leaves more to the workers", () => {
    expect(pageLanes(corpusPages(1000, "bench"), 2)).toEqual({ workers: 1, thisThread: true, parseAhead: false });
    expect(pageLanes(corpusPages(1000, "bench"), 8)).toEqual({ workers: 7, thisThread: true, parseAhead: false });
    expect(pageLanes(corpusPages(1000, "real"), 2)).toEqual({ workers: 1, thisThread: true, parseAhead: false });
    expect(pageLanes(corpusPages(2000, "bench"), 2)).toEqual({ workers: 1, thisThread: true, parseAhead: false });
    expect(pageLanes(corpusPages(2001, "bench"), 2)).toEqual({ workers: 2, thisThread: false, parseAhead: false });
    expect(pageLanes(corpusPages(100, "bench"), 2)).toEqual({ workers: 0, thisThread: true, parseAhead: false });
  });

  it("has a one-thread build's bodies parsed ahead from about 45 real-profile pages, on two cores or more", async () => {
    expect(pageLanes(corpusPages(100, "real"), 2).parseAhead).toBe(true);
    expect(pageLanes(corpusPages(60, "real"), 2).parseAhead).toBe(true);
    expect(pageLanes(corpusPages(30, "real"), 2).parseAhead).toBe(false);
    expect(pageLanes(corpusPages(100, "real"), 1).parseAhead).toBe(false);
    const example = await readBuildInputs({ root: "fixtures/example", git: false });
    expect(pageLanes(example.pages, 2).parseAhead).toBe(false);
  });

  it("never starts workers on one core", () => {
    expect(parallelPays(corpusPages(300, "real"), 1)).toBe(false);
  });

  it("counts a fence as much more work than its page's text", () => {
    const page = (source: string): SourcePage => ({ sourcePath: "a.md", slug: "a", syntax: "md", source });
    const prose = estimatedPageWork([page("word ".repeat(400))]);
    const code = estimatedPageWork([page("```ts\nconst a = 1;\n```\n".repeat(10))]);
    expect(code).toBeGreaterThan(prose * 5);
  });
});
