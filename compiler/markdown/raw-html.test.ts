import { toString } from "mdast-util-to-string";
import { describe, expect, it } from "vitest";
import { parseBody } from "./parse.ts";
import { dropRawScripts } from "./raw-html.ts";

describe("raw <script> and <style> in Markdown pages", () => {
  it("drops block and inline script/style elements with a positioned warning each, and keeps other HTML", () => {
    const source =
      'Intro.\n\n<script>\nalert(1)\n</script>\n\nText <script>alert(2)</script> after.\n\n<style>body{display:none}</style>\n\n<div class="kept">kept</div>\n';
    const { tree } = parseBody(source, "md", "page.md", "docs/page.md");
    const messages = dropRawScripts(tree!, "docs/page.md");
    expect(messages.map((m) => [m.rule, m.line, m.column, m.reason])).toEqual([
      ["markdown/raw-script", 3, 1, "raw <script> in a Markdown page was dropped"],
      ["markdown/raw-script", 7, 6, "raw <script> in a Markdown page was dropped"],
      ["markdown/raw-script", 9, 1, "raw <style> in a Markdown page was dropped"],
    ]);
    const html = JSON.stringify(tree);
    expect(html).not.toMatch(/alert|display:none/);
    expect(toString(tree)).toContain("Text  after.");
    expect(html).toContain('<div class=\\"kept\\">kept</div>');
  });
});
