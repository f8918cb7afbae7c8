import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { readBuildInputs } from "../build-inputs.ts";
import type { SourcePage } from "../content/discover.ts";
import { parseFrontmatter } from "../content/frontmatter.ts";
import { bodyParseText, pageBodyText } from "../model/body-text.ts";
import { type ParseAhead, startParseAhead, WINDOW } from "./parse-ahead.ts";
import { type ParsedBody, parseBody } from "./parse.ts";

const fixtures = path.resolve(import.meta.dirname, "../../fixtures");
/** MDX with imports and expressions, admonitions and code, foreign syntax, broken pages, generated API pages. */
const SITES = [
  "example",
  "admonitions-and-code",
  "migrated-content",
  "api-reference",
  "broken/bad-yaml",
  "broken/unclosed-jsx",
  "broken/multiple-errors",
];

interface Page {
  /** Its path from `fixtures`, so that the pages of all the sites have paths of their own, as a site's pages have. */
  source: SourcePage;
  /** What buildPage parses (model/build-page.ts); none for a generated page's blocks. */
  text?: string;
}

async function sitePages(): Promise<Page[]> {
  const pages: Page[] = [];
  for (const site of SITES) {
    const inputs = await readBuildInputs({ root: path.join(fixtures, site), git: false });
    for (const page of inputs.pages) {
      const source = { ...page, sourcePath: `${site}/${page.sourcePath}` };
      const parsed = parseFrontmatter(source.source, source.sourcePath);
      const brokenYaml = parsed.messages.some((message) => message.rule === "frontmatter/yaml");
      pages.push({ source, text: bodyParseText(source, pageBodyText(source, parsed.body), brokenYaml) });
    }
  }
  return pages;
}

/** The parse of every page, in order, as the building thread asks for it. */
async function parseAll(ahead: ParseAhead, pages: Page[]): Promise<(ParsedBody | undefined)[]> {
  const parsed: (ParsedBody | undefined)[] = [];
  for (const { source, text } of pages) {
    parsed.push(
      text === undefined
        ? undefined
        : await ahead.parse(text, source.syntax, path.join(fixtures, source.sourcePath), source.sourcePath),
    );
  }
  return parsed;
}

function expectSameAsHere(pages: Page[], parsed: (ParsedBody | undefined)[]): void {
  pages.forEach(({ source, text }, index) => {
    if (text === undefined) return;
    const here = parseBody(text, source.syntax, path.join(fixtures, source.sourcePath), source.sourcePath);
    const got = parsed[index]!;
    expect(got.tree, source.sourcePath).toEqual(here.tree);
    expect(got.messages, source.sourcePath).toEqual(here.messages);
    expect(String(got.file.value)).toBe(String(here.file.value));
    expect(got.file.path).toBe(here.file.path);
  });
}

describe("startParseAhead", async () => {
  const pages = await sitePages();
  const sources = pages.map((page) => page.source);

  it("gives each page the tree, messages and text parseBody gives, whichever thread parsed it", async () => {
    expect(pages.length).toBeGreaterThan(40);
    expect(pages.some((page) => page.text === undefined)).toBe(true);
    const ahead = startParseAhead(sources, fixtures);
    try {
      // The worker parses WINDOW pages before the first is asked for, then keeps ahead of the asking.
      await vi.waitFor(() => expect(ahead.claimed().ahead).toBe(WINDOW), { timeout: 60_000, interval: 20 });
      const parsed = await parseAll(ahead, pages);
      const { here, ahead: byWorker } = ahead.claimed();
      expect(byWorker).toBeGreaterThanOrEqual(WINDOW);
      expect(here + byWorker).toBe(pages.filter((page) => page.text !== undefined).length);
      expectSameAsHere(pages, parsed);
    } finally {
      await ahead.stop();
    }
  }, 120_000);

  it("parses here what the worker has not delivered once it has stopped, and a text it did not parse", async () => {
    const ahead = startParseAhead(sources, fixtures);
    await vi.waitFor(() => expect(ahead.claimed().ahead).toBe(WINDOW), { timeout: 60_000, interval: 20 });
    await ahead.stop();
    const parsed = await parseAll(ahead, pages);
    expectSameAsHere(pages, parsed);
    // A page asked for with other text than the worker parsed is parsed from the text given.
    const other = startParseAhead(sources, fixtures);
    try {
      await vi.waitFor(() => expect(other.claimed().ahead).toBe(WINDOW), { timeout: 60_000, interval: 20 });
      const first = pages.find((page) => page.text !== undefined)!;
      const file = path.join(fixtures, first.source.sourcePath);
      const changed = await other.parse("# Changed\n", first.source.syntax, file, first.source.sourcePath);
      expect(changed.tree).toEqual(parseBody("# Changed\n", first.source.syntax, file, first.source.sourcePath).tree);
    } finally {
      await other.stop();
    }
  }, 120_000);
});
