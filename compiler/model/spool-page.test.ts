/** Spooled page records read, serialize and compare as the records they were (issue 11: memory). */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { deserialize, serialize } from "node:v8";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "../index.ts";
import { TextSpool } from "../write/text-spool.ts";
import { packTermCounts, termCounts } from "../../runtime/search/simple.ts";
import { spoolPage, spoolPageResult } from "./spool-page.ts";
import type { Page } from "./types.ts";

const root = path.resolve(import.meta.dirname, "../../fixtures/example");
let temp: string;
let pages: Page[];

beforeAll(async () => {
  temp = await mkdtemp(path.join(tmpdir(), "quire-spool-page-"));
  // keepOutput: a `docs dev`-style build, whose records are never spooled.
  const result = await build({ root, outDir: path.join(temp, "dist"), git: false, cache: false, keepOutput: true });
  pages = result.site.pages;
}, 60_000);
afterAll(async () => {
  await rm(temp, { recursive: true, force: true });
});

describe("spoolPage", () => {
  it("keeps every page of the example as it was: fields, key order, JSON and the structured clone", () => {
    const spool = TextSpool.open(temp);
    let spooled = 0;
    for (const page of pages) {
      const copy = spoolPage(structuredClone(page), spool);
      expect(copy).toEqual(page);
      expect(JSON.stringify(copy)).toBe(JSON.stringify(page));
      // What the page cache stores: the same record once read back (a text may come back in another string encoding).
      expect(deserialize(serialize(copy))).toEqual(page);
      const accessors = [
        Object.getOwnPropertyDescriptor(copy, "html"),
        Object.getOwnPropertyDescriptor(copy, "agentBody"),
        ...[...copy.chunks.human, ...copy.chunks.agent].map((chunk) =>
          Object.getOwnPropertyDescriptor(chunk, "content"),
        ),
      ].filter((descriptor) => descriptor?.get);
      spooled += accessors.length;
    }
    // The example's long texts did move: the test is not comparing records that were left alone.
    expect(spooled).toBeGreaterThan(pages.length);
    expect(Object.getOwnPropertyDescriptor(spoolPage(structuredClone(pages[0]), spool), "html")?.get).toBeDefined();
  });

  it("spools a result's packed term counts too, which read and serialize as before", () => {
    const spool = TextSpool.open(temp);
    let spooled = 0;
    for (const page of pages) {
      const terms = {
        human: page.chunks.human.map((chunk) => packTermCounts(termCounts(chunk))),
        agent: page.chunks.agent.map((chunk) => packTermCounts(termCounts(chunk))),
      };
      const result = { page: structuredClone(page), messages: [], terms: structuredClone(terms) };
      const kept = spoolPageResult(result, spool);
      expect(kept.terms).toEqual(terms);
      expect(deserialize(serialize(kept))).toEqual({ page, messages: [], terms });
      for (const packed of [kept.terms!.human, kept.terms!.agent])
        spooled += packed.filter((_, i) => Object.getOwnPropertyDescriptor(packed, i)?.get).length;
    }
    expect(spooled).toBeGreaterThan(0);
    expect(spoolPageResult({ messages: [] }, spool)).toEqual({ messages: [] });
  });

  it("leaves short texts as they are, and takes an assigned text as a plain property", () => {
    const spool = TextSpool.open(temp);
    const longest = pages.reduce((a, b) => (b.html.length > a.html.length ? b : a));
    const copy = spoolPage(structuredClone(longest), spool);
    const short = copy.chunks.human.find((chunk) => chunk.content.length < 256);
    if (short) expect(Object.getOwnPropertyDescriptor(short, "content")?.get).toBeUndefined();
    copy.html = "<p>replaced</p>";
    expect(Object.getOwnPropertyDescriptor(copy, "html")).toMatchObject({ value: "<p>replaced</p>", writable: true });
    expect(Object.keys(copy)).toEqual(Object.keys(longest));
  });
});
