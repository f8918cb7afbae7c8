import { mkdtemp, readFile, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { generateCorpus, stripMdx, writeCorpus } from "./corpus.ts";
import { REAL_PAGE, WIDE_PAGE_PERCENT } from "./corpus-real.ts";

const pagesOf = (files: Map<string, string>): [string, string][] =>
  [...files].filter(([path]) => /^docs\/(.+\/)?page\.mdx?$/.test(path));
const outsideFences = (text: string): string => text.replace(/^```[\s\S]*?^```/gm, "");

describe("generateCorpus", () => {
  const corpus = generateCorpus({ pages: 500, seed: 42 });
  const pages = pagesOf(corpus);

  it("produces byte-identical output for the same seed", () => {
    expect([...generateCorpus({ pages: 500, seed: 42 })]).toEqual([...corpus]);
  });

  it("produces different output for a different seed", () => {
    const other = generateCorpus({ pages: 500, seed: 43 });
    expect([...other.values()].join("")).not.toEqual([...corpus.values()].join(""));
  });

  it.each([1, 2, 7, 16, 500, 1234])("generates exactly %i pages", (n) => {
    expect(pagesOf(generateCorpus({ pages: n })).length).toBe(n);
  });

  it("writes a config, a root page, and keys in path order", () => {
    expect(corpus.get("docs.config.ts")).toContain('defineDocs({\n  entry: "docs"');
    expect(corpus.has("docs/page.mdx")).toBe(true);
    const keys = [...corpus.keys()];
    expect(keys).toEqual(keys.slice().sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it("nests pages one to three folders deep", () => {
    const depths = new Set(pages.map(([path]) => path.split("/").length - 2));
    expect([...depths].sort()).toEqual([0, 1, 2, 3]);
  });

  it("gives every page frontmatter with a title, description and ISO lastModified", () => {
    for (const [, text] of pages) {
      expect(text).toMatch(/^---\ntitle: "[^"]+"\ndescription: "[^"]+"\nlastModified: "\d{4}-\d{2}-\d{2}"\n/);
    }
  });

  it("makes roughly 30% of pages MDX", () => {
    const share = pages.filter(([path]) => path.endsWith(".mdx")).length / pages.length;
    expect(share).toBeGreaterThan(0.22);
    expect(share).toBeLessThan(0.38);
  });

  it("gives roughly 10% of pages an agent contract", () => {
    const share = pages.filter(([, text]) => text.includes("\nagent:\n  task: ")).length / pages.length;
    expect(share).toBeGreaterThan(0.05);
    expect(share).toBeLessThan(0.16);
  });

  it("averages 600–900 words per page", () => {
    const words = pages.reduce((sum, [, text]) => sum + text.split(/\s+/).length, 0);
    expect(words / pages.length).toBeGreaterThan(600);
    expect(words / pages.length).toBeLessThan(900 + 100); // frontmatter adds a few dozen tokens
  });

  it("links only to pages that exist", () => {
    const urls = new Set(pages.map(([path]) => path.replace(/\/page\.mdx?$/, "").replace(/^docs/, "/docs")));
    let checked = 0;
    for (const [, text] of pages) {
      // Body links `[text](/docs/…)` and frontmatter `related:` entries.
      for (const m of text.matchAll(/\]\((\/docs[^)]*)\)|^ {2}- "(\/docs[^"]*)"$/gm)) {
        expect(urls).toContain(m[1] ?? m[2]);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(pages.length);
  });

  it("keeps components and audience blocks out of .md pages", () => {
    for (const [path, text] of pages) {
      if (path.endsWith(".md")) expect(outsideFences(text)).not.toMatch(/<\/?[A-Z]/);
    }
  });
});

describe("stripMdx", () => {
  const mdxPages = pagesOf(generateCorpus({ pages: 500, seed: 5 })).filter(([path]) => path.endsWith(".mdx"));

  it("leaves no component tags outside code fences", () => {
    expect(mdxPages.some(([, text]) => /<(Callout|Tabs|Steps|Agent|Human)/.test(text))).toBe(true);
    for (const [, text] of mdxPages) expect(outsideFences(stripMdx(text))).not.toMatch(/<\/?[A-Z]/);
  });

  it("drops <Agent> blocks but keeps the content of other components", () => {
    const input = [
      "---",
      'title: "T"',
      "---",
      "",
      "Intro.",
      "",
      "<Agent>",
      "",
      "Secret agent text.",
      "",
      "</Agent>",
      "",
      "<Human>",
      "",
      "Human text.",
      "",
      "</Human>",
      "",
      '<Callout type="warn">',
      "",
      "Careful.",
      "",
      "</Callout>",
      "",
      "```java",
      "List<User> users;",
      "```",
      "",
    ].join("\n");
    const out = stripMdx(input);
    expect(out).not.toContain("Secret agent text");
    expect(out).toContain("Human text.");
    expect(out).toContain("Careful.");
    expect(out).toContain("List<User> users;");
    expect(out).not.toMatch(/\n{3}/);
  });
});

describe("writeCorpus", () => {
  it("replaces the directory with the generated files", async () => {
    const dir = await mkdtemp(join(tmpdir(), "quire-corpus-"));
    try {
      await writeCorpus(dir, { pages: 30, seed: 9 });
      await writeCorpus(dir, { pages: 20, seed: 9 });
      const expected = generateCorpus({ pages: 20, seed: 9 });
      const written = (await readdir(dir, { recursive: true })).filter((p) => /\.(mdx?|ts)$/.test(p));
      expect(written.sort()).toEqual([...expected.keys()].sort());
      expect(await readFile(join(dir, "docs/page.mdx"), "utf8")).toBe(expected.get("docs/page.mdx"));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("generateCorpus, real profile (issue 10)", () => {
  const corpus = generateCorpus({ pages: 120, seed: 3, profile: "real" });
  const pages = pagesOf(corpus);
  const fences = (text: string) => [...text.matchAll(/^```([a-z]+)/gm)].map((match) => match[1]);

  it("writes 8–16 KB pages with 7–15 code fences each", () => {
    for (const [file, text] of pages) {
      const bytes = Buffer.byteLength(text);
      expect(bytes, file).toBeGreaterThanOrEqual(REAL_PAGE.minBytes);
      expect(bytes, file).toBeLessThanOrEqual(REAL_PAGE.maxBytes);
      expect(fences(text).length, file).toBeGreaterThanOrEqual(REAL_PAGE.minFences);
      expect(fences(text).length, file).toBeLessThanOrEqual(REAL_PAGE.maxFences);
    }
  });

  it("uses 15+ fence languages, the three admonition spellings, long tables and many links", () => {
    const all = pages.map(([, text]) => text).join("\n");
    expect(new Set(fences(all)).size).toBeGreaterThanOrEqual(15);
    expect(all).toMatch(/^:::(tip|note|warning|danger)$/m);
    expect(all).toMatch(/^::: (tip|info|warning) /m);
    expect(all).toMatch(/^> \[!(NOTE|TIP|IMPORTANT|WARNING)\]$/m);
    const longest = Math.max(
      ...pages.map(([, text]) => text.split("\n").filter((line) => line.startsWith("| `")).length),
    );
    expect(longest).toBeGreaterThanOrEqual(15);
    const links = pages.map(([, text]) => text.match(/\]\(\/docs/g)?.length ?? 0).sort((a, b) => a - b);
    expect(links[Math.floor(links.length / 2)]).toBeGreaterThanOrEqual(10);
  });

  it("puts a character beyond Latin-1 in the prose of about the measured share of pages", () => {
    const wide = pages.filter(([, text]) => /[^\u0000-\u00ff]/.test(text)).length;
    expect(Math.abs(wide / pages.length - WIDE_PAGE_PERCENT / 100)).toBeLessThan(0.15);
  });

  it("is deterministic and differs from the default profile", () => {
    expect([...generateCorpus({ pages: 120, seed: 3, profile: "real" })]).toEqual([...corpus]);
    expect(generateCorpus({ pages: 120, seed: 3 }).get(pages[1][0])).not.toBe(pages[1][1]);
  });
});
