import { describe, expect, it } from "vitest";
import { absoluteLinks } from "./absolute-links.ts";

const BASE = "https://docs.example.com";

describe("absoluteLinks", () => {
  it("prefixes root-relative link and image destinations, definitions and HTML attributes", () => {
    const markdown = [
      'See [install](/docs/install) and ![diagram](/img/flow.png "Flow").',
      "Angle brackets: [x](</docs/a b>).",
      "[ref]: /docs/reference",
      "<a href=\"/docs/faq\">FAQ</a> <img src='/logo.svg'>",
    ].join("\n");
    expect(absoluteLinks(markdown, `${BASE}/`)).toBe(
      [
        `See [install](${BASE}/docs/install) and ![diagram](${BASE}/img/flow.png "Flow").`,
        `Angle brackets: [x](<${BASE}/docs/a b>).`,
        `[ref]: ${BASE}/docs/reference`,
        `<a href="${BASE}/docs/faq">FAQ</a> <img src='${BASE}/logo.svg'>`,
      ].join("\n"),
    );
  });

  it("leaves absolute, protocol-relative, relative and fragment links alone", () => {
    const markdown = "[a](https://x.test/docs) [b](//cdn.test/x) [c](../up) [d](#anchor) [e](mailto:a@b.c)";
    expect(absoluteLinks(markdown, BASE)).toBe(markdown);
  });

  it("never touches code: fenced blocks and inline spans stay as written", () => {
    const markdown = [
      "Use `[x](/docs/x)` literally, or ``a ` [y](/docs/y)``; but [z](/docs/z) is a link.",
      "```md",
      "[inside](/docs/fence)",
      "```",
      "~~~~",
      "```",
      "[still inside](/docs/tilde)",
      "~~~~",
      "[after](/docs/after)",
    ].join("\n");
    expect(absoluteLinks(markdown, BASE)).toBe(
      [
        `Use \`[x](/docs/x)\` literally, or \`\`a \` [y](/docs/y)\`\`; but [z](${BASE}/docs/z) is a link.`,
        "```md",
        "[inside](/docs/fence)",
        "```",
        "~~~~",
        "```",
        "[still inside](/docs/tilde)",
        "~~~~",
        `[after](${BASE}/docs/after)`,
      ].join("\n"),
    );
  });

  it("treats an unclosed backtick as text", () => {
    expect(absoluteLinks("A ` then [l](/docs/l)", BASE)).toBe(`A \` then [l](${BASE}/docs/l)`);
  });

  it("changes nothing without a base URL", () => {
    expect(absoluteLinks("[l](/docs/l)", null)).toBe("[l](/docs/l)");
  });
});
