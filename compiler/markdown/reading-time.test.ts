import { describe, expect, it } from "vitest";
import { parseBody } from "./parse.ts";
import { countWords, readingMinutes } from "./reading-time.ts";

function words(
  source: string,
  { syntax = "md", includeCode = false }: { syntax?: "md" | "mdx"; includeCode?: boolean } = {},
): number {
  const { tree } = parseBody(source, syntax, "page", "docs/page");
  return countWords(tree!, includeCode);
}

describe("countWords", () => {
  it("counts prose words, keeping contractions, hyphenated words and numbers whole", () => {
    expect(words("It's a rock-and-roll release with 42 new café features.")).toBe(9);
  });

  it("strips fenced and inline code unless includeCode is set", () => {
    const source = "Run `npm install quire` now.\n\n```bash\necho one two three\n```\n";
    expect(words(source)).toBe(2);
    expect(words(source, { includeCode: true })).toBe(9);
  });

  it("keeps link text but never counts URLs", () => {
    expect(words("Read [the guide](https://example.com/a/very/long/path) today.")).toBe(4);
    expect(words("See https://example.com/a/b/c and <https://example.com/x/y> now.")).toBe(3);
  });

  it("does not count images, raw HTML or definitions", () => {
    expect(
      words(
        '![a diagram of the queue](/img.png) word\n\n<div class="note">html block words</div>\n\n[ref]: https://example.com "A title"\n',
      ),
    ).toBe(1);
  });

  it("counts text inside inline HTML but not the tags", () => {
    expect(words('Inline <span class="a b c">tag</span> text')).toBe(3);
  });

  it("counts MDX children but not JSX attributes or expressions", () => {
    expect(words(`<Callout title="Many title words here">Body words</Callout>\n\n{someValue}`, { syntax: "mdx" })).toBe(
      2,
    );
  });
});

describe("readingMinutes", () => {
  it("rounds up and never goes below one minute", () => {
    expect(readingMinutes(0, 220)).toBe(1);
    expect(readingMinutes(220, 220)).toBe(1);
    expect(readingMinutes(221, 220)).toBe(2);
    expect(readingMinutes(1000, 200)).toBe(5);
  });
});

describe("URLs without a scheme", () => {
  it("does not count www. URLs", () => {
    expect(countWords(parseBody("See www.example.com/docs now", "md", "p", "p").tree!, false)).toBe(2);
  });
});
