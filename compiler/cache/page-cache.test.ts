/** The page cache trusts only entries it wrote itself, for this key and this Quire build (issue 11). */
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { serialize } from "node:v8";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Page } from "../model/types.ts";
import { encodeEntry, openPageCache, type CachedPage } from "./page-cache.ts";
import { CACHE_FORMAT } from "./cache-key.ts";

const KEY = "a".repeat(64);
const OTHER_KEY = "b".repeat(64);

function record(title = "Install"): CachedPage {
  // Fields other issues add to Page are not needed here: the cache stores whatever the record holds.
  const page = {
    sourcePath: "docs/install/page.md",
    slug: "install",
    route: "/docs/install",
    markdownRoute: "/docs/install.md",
    syntax: "md",
    frontmatter: {
      title,
      related: [],
      tags: [],
      hidden: false,
      extra: { released: new Date("2024-05-01T00:00:00Z"), note: undefined },
    },
    html: "<p>Run it.</p>",
    toc: [],
    agentBody: "Run it.",
    hasAgentFile: false,
    chunks: { human: [], agent: [] },
  } as Partial<Page> as Page;
  return {
    page,
    messages: [
      { severity: "warning", rule: "sitemap/bad-date", file: page.sourcePath, line: 3, column: 1, reason: "x" },
    ],
  };
}

let dir: string;
const entryFile = (key: string) => path.join(dir, "pages", `${key}.bin`);

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "quire-page-cache-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("page cache", () => {
  it("gives back a stored record from disk in a new process-like instance, dates and messages intact", async () => {
    await openPageCache(dir).set(KEY, record());
    const fresh = openPageCache(dir);
    const got = await fresh.get(KEY);
    expect(got).toEqual(record());
    expect(got!.page.frontmatter.extra.released).toBeInstanceOf(Date);
    expect(fresh.stats).toEqual({ hits: 1, misses: 0, rejected: 0 });
  });

  it("kept in memory, hands every get the same frozen record, so a build that tries to mutate a page throws", async () => {
    const cache = openPageCache(dir, { keepInMemory: true });
    await cache.set(KEY, record());
    const first = await cache.get(KEY);
    expect(await cache.get(KEY)).toBe(first);
    expect(() => {
      first!.page.html = "changed";
    }).toThrow(TypeError);
    expect(() => first!.page.toc.push({ depth: 2, id: "x", text: "X" })).toThrow(TypeError);
    expect((await cache.get(KEY))!.page.html).toBe("<p>Run it.</p>");
    // Read back from disk by another process's cache: frozen as well.
    const reread = await openPageCache(dir, { keepInMemory: true }).get(KEY);
    expect(Object.isFrozen(reread!.page.frontmatter)).toBe(true);
  });

  it("without keepInMemory (one-shot docs build), reads each record from disk and keeps none", async () => {
    const cache = openPageCache(dir);
    await cache.set(KEY, record());
    const first = await cache.get(KEY);
    const second = await cache.get(KEY);
    expect(second).toEqual(first);
    expect(second).not.toBe(first);
    expect(Object.isFrozen(first!.page)).toBe(false);
  });

  it("misses a key it never stored", async () => {
    const cache = openPageCache(dir);
    expect(await cache.get(KEY)).toBeUndefined();
    expect(cache.stats).toEqual({ hits: 0, misses: 1, rejected: 0 });
  });

  const damaged: [string, (bytes: Buffer) => Buffer][] = [
    ["a truncated entry", (bytes) => bytes.subarray(0, bytes.length - 7)],
    [
      "an entry with one payload byte flipped",
      (bytes) => {
        const copy = Buffer.from(bytes);
        copy[copy.length - 20] ^= 0xff;
        return copy;
      },
    ],
    ["an empty file", () => Buffer.alloc(0)],
    ["a file that is not a cache entry", () => Buffer.from('{"page":{}}')],
    [
      "an entry with an unreadable header",
      (bytes) => Buffer.from(bytes.toString("latin1").replace('{"format"', "{format"), "latin1"),
    ],
  ];
  for (const [name, damage] of damaged) {
    it(`refuses ${name} and rebuilds it`, async () => {
      await openPageCache(dir).set(KEY, record());
      await writeFile(entryFile(KEY), damage(await readFile(entryFile(KEY))));
      const cache = openPageCache(dir);
      expect(await cache.get(KEY)).toBeUndefined();
      expect(cache.stats).toEqual({ hits: 0, misses: 1, rejected: 1 });
    });
  }

  it("refuses an entry written by another Quire build (foreign version)", async () => {
    await openPageCache(dir).set(KEY, record());
    await writeFile(entryFile(KEY), encodeEntry(KEY, serialize(record()), "another-quire-build"));
    const cache = openPageCache(dir);
    expect(await cache.get(KEY)).toBeUndefined();
    expect(cache.stats.rejected).toBe(1);
  });

  it("refuses an entry of another cache format", async () => {
    await openPageCache(dir).set(KEY, record());
    const bytes = (await readFile(entryFile(KEY)))
      .toString("latin1")
      .replace(`{"format":${CACHE_FORMAT},`, '{"format":99,');
    await writeFile(entryFile(KEY), Buffer.from(bytes, "latin1"));
    expect(await openPageCache(dir).get(KEY)).toBeUndefined();
  });

  it("refuses an entry stored under another key's name", async () => {
    const cache = openPageCache(dir);
    await cache.set(OTHER_KEY, record("Other"));
    await writeFile(entryFile(KEY), await readFile(entryFile(OTHER_KEY)));
    expect(await openPageCache(dir).get(KEY)).toBeUndefined();
  });

  it("refuses a well-formed entry whose payload is not a page record", async () => {
    await openPageCache(dir).set(KEY, record());
    await writeFile(entryFile(KEY), encodeEntry(KEY, serialize({ hello: "world" })));
    const cache = openPageCache(dir);
    expect(await cache.get(KEY)).toBeUndefined();
    expect(cache.stats.rejected).toBe(1);
  });

  it("retain() deletes entries and stray files the build did not use", async () => {
    const cache = openPageCache(dir);
    await cache.set(KEY, record());
    await cache.set(OTHER_KEY, record("Other"));
    await writeFile(path.join(dir, "pages", "stray.tmp"), "x");
    await cache.retain(new Set([KEY]));
    expect(await readdir(path.join(dir, "pages"))).toEqual([`${KEY}.bin`]);
    expect(await cache.get(OTHER_KEY)).toBeUndefined();
  });

  it.each([false, true])(
    "retain() in a later build of the same process removes the keys that build stopped using (kept in memory: %s)",
    async (keepInMemory) => {
      const cache = openPageCache(dir, { keepInMemory });
      await cache.set(KEY, record());
      await cache.retain(new Set([KEY]));
      await cache.set(OTHER_KEY, record("Other"));
      await cache.retain(new Set([OTHER_KEY]));
      expect(await readdir(path.join(dir, "pages"))).toEqual([`${OTHER_KEY}.bin`]);
      expect(await openPageCache(dir).get(KEY)).toBeUndefined();
    },
  );
});
