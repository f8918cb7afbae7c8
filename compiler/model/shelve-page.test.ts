/** Shelved page results come back reading, serializing and comparing as the results they were (issue 11: memory). */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { deserialize, serialize } from "node:v8";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "../index.ts";
import { TextSpool } from "../write/text-spool.ts";
import { packTermCounts, termCounts } from "../../runtime/search/simple.ts";
import { inSpool, shelvePageResult, unshelvePageResult } from "./shelve-page.ts";
import type { Page, PageResult } from "./types.ts";

const root = path.resolve(import.meta.dirname, "../../fixtures/example");
let temp: string;
let pages: Page[];

beforeAll(async () => {
  temp = await mkdtemp(path.join(tmpdir(), "quire-shelve-page-"));
  // keepOutput: a `docs dev`-style build, whose results are never shelved.
  const result = await build({ root, outDir: path.join(temp, "dist"), git: false, cache: false, keepOutput: true });
  pages = result.site.pages;
}, 60_000);
afterAll(async () => {
  await rm(temp, { recursive: true, force: true });
});

const termsOf = (page: Page) => ({
  human: page.chunks.human.map((chunk) => packTermCounts(termCounts(chunk))),
  agent: page.chunks.agent.map((chunk) => packTermCounts(termCounts(chunk))),
});

/** The accessors a taken-back record reads its long texts through. */
function spooledTexts(result: PageResult): number {
  const { page, terms } = result;
  const descriptors = [
    ...(page
      ? [
          Object.getOwnPropertyDescriptor(page, "html"),
          Object.getOwnPropertyDescriptor(page, "agentBody"),
          ...[...page.chunks.human, ...page.chunks.agent].map((chunk) =>
            Object.getOwnPropertyDescriptor(chunk, "content"),
          ),
        ]
      : []),
    ...[terms?.human ?? [], terms?.agent ?? []].flatMap((packed) =>
      packed.map((_, i) => Object.getOwnPropertyDescriptor(packed, i)),
    ),
  ];
  return descriptors.filter((descriptor) => descriptor?.get).length;
}

describe("shelvePageResult", () => {
  it("gives back every page of the example as it was: fields, key order, JSON and the structured clone", () => {
    const spool = TextSpool.open(temp);
    let spooled = 0;
    for (const page of pages) {
      const result: PageResult = { page: structuredClone(page), messages: [], terms: termsOf(page) };
      const shelved = shelvePageResult(structuredClone(result), spool);
      // What waits is a place in the spool, nothing of the record.
      expect(Object.keys(shelved)).toEqual(["shelved"]);
      const taken = unshelvePageResult(shelved, spool);
      expect(taken).toEqual(result);
      expect(Object.keys(taken.page!)).toEqual(Object.keys(page));
      expect(JSON.stringify(taken)).toBe(JSON.stringify(result));
      // What the page cache stores: the same record once read back (a text may come back in another string encoding).
      expect(deserialize(serialize(taken))).toEqual(result);
      spooled += spooledTexts(taken);
    }
    // The example's long texts did stay in the spool: the test is not comparing records that were left alone.
    expect(spooled).toBeGreaterThan(pages.length);
  });

  it("keeps a chunk in both audiences' lists one object, and a result without a page as it was", () => {
    const spool = TextSpool.open(temp);
    const page = structuredClone(pages.reduce((a, b) => (b.html.length > a.html.length ? b : a)));
    const shared = { ...page.chunks.human[0], content: "shared ".repeat(100) };
    page.chunks = { human: [shared, ...page.chunks.human.slice(1)], agent: [...page.chunks.agent, shared] };
    const taken = unshelvePageResult(shelvePageResult({ page, messages: [] }, spool), spool);
    expect(taken.page!.chunks.agent.at(-1)).toBe(taken.page!.chunks.human[0]);
    expect(taken.page!.chunks.human[0].content).toBe(shared.content);
    expect(Object.getOwnPropertyDescriptor(taken.page!.chunks.human[0], "content")?.get).toBeDefined();

    const failed: PageResult = {
      messages: [{ severity: "error", rule: "frontmatter/yaml", file: "docs/broken.md", line: 2, reason: "broken" }],
    };
    expect(unshelvePageResult(shelvePageResult(failed, spool), spool)).toEqual(failed);
  });

  it("holds a result it does not wait on (from the page cache) as `take` would give it, without serializing", () => {
    const shelf = inSpool(TextSpool.open(temp));
    let spooled = 0;
    for (const page of pages) {
      const result: PageResult = { page: structuredClone(page), messages: [], terms: termsOf(page) };
      const held = shelf.hold(structuredClone(result));
      expect(held).toEqual(result);
      expect(JSON.stringify(held)).toBe(JSON.stringify(result));
      expect(Object.keys(held.page!)).toEqual(Object.keys(page));
      spooled += spooledTexts(held);
    }
    expect(spooled).toBeGreaterThan(pages.length);
    // A frozen record (a long-lived page cache's) is left as it is.
    const frozen = Object.freeze(structuredClone(pages[0]));
    expect(shelf.hold({ page: frozen, messages: [] }).page).toBe(frozen);
  });

  it("leaves short texts as they are, and takes an assigned text as a plain property", () => {
    const spool = TextSpool.open(temp);
    const longest = pages.reduce((a, b) => (b.html.length > a.html.length ? b : a));
    const shelf = inSpool(spool);
    const { page } = shelf.take(shelf.keep({ page: structuredClone(longest), messages: [] }));
    const short = page!.chunks.human.find((chunk) => chunk.content.length < 256);
    if (short) expect(Object.getOwnPropertyDescriptor(short, "content")?.get).toBeUndefined();
    expect(Object.getOwnPropertyDescriptor(page!, "html")?.get).toBeDefined();
    page!.html = "<p>replaced</p>";
    expect(Object.getOwnPropertyDescriptor(page!, "html")).toMatchObject({ value: "<p>replaced</p>", writable: true });
    expect(Object.keys(page!)).toEqual(Object.keys(longest));
  });
});
