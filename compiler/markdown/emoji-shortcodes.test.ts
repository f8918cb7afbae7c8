import { describe, expect, it } from "vitest";
import { toMarkdown } from "mdast-util-to-markdown";
import { loadShortcodes, replaceShortcodes } from "./emoji-shortcodes.ts";
import { lowerForeignSyntax } from "./foreign-syntax.ts";
import { parseBody } from "./parse.ts";

describe("emoji shortcodes", () => {
  it("replaces GitHub's names in text, not in code, URLs, raw HTML or unknown names", async () => {
    const markdown = [
      "Done :tada: and :+1:, at 10:30:45, :not_an_emoji_name: stays.",
      "",
      "`:tada:` in code, [:rocket:](https://example.com/:tada:/) and <span title=':tada:'>x</span>.",
      "",
      "```",
      ":tada:",
      "```",
    ].join("\n");
    await loadShortcodes(markdown);
    // Through the lowering a page gets: `:tada:` parses as a text directive, which is text again before this step.
    const { tree, file } = parseBody(markdown, "md", "page.md", "docs/page.md");
    lowerForeignSyntax(tree!, file, "md", "docs/page.md");
    expect(JSON.stringify(tree)).toContain("Done 🎉 and 👍");
    expect(toMarkdown(tree!)).toBe(
      [
        "Done 🎉 and 👍, at 10:30:45, :not_an_emoji_name: stays.",
        "",
        "`:tada:` in code, [🚀](https://example.com/:tada:/) and <span title=':tada:'>x</span>.",
        "",
        "```",
        ":tada:",
        "```",
        "",
      ].join("\n"),
    );
    const plain = parseBody("No shortcode here.", "md", "page.md", "docs/page.md").tree!;
    expect(replaceShortcodes(plain)).toBe(false);
  });
});
