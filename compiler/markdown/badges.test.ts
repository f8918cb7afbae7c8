import type { Root } from "mdast";
import { describe, expect, it } from "vitest";
import { toHtml } from "hast-util-to-html";
import { toHast } from "mdast-util-to-hast";
import { lowerBadges } from "./badges.ts";
import { assignHeadingIds } from "./headings.ts";
import { parseBody } from "./parse.ts";

function lowered(markdown: string): { tree: Root; found: boolean; html: string } {
  const tree = parseBody(markdown, "md", "page.md", "docs/page.md").tree!;
  const found = lowerBadges(tree);
  return { tree, found, html: toHtml(toHast(tree, { allowDangerousHtml: true }), { allowDangerousHtml: true }) };
}

describe("VitePress badges", () => {
  it("draws `<Badge type text />` and `<Badge type>text</Badge>` as styled spans, by tone", () => {
    const { found, html } = lowered(
      '## Retry <Badge type="tip" text="^1.2 & <up>" />\n\n<Badge type="warning">beta</Badge> and <Badge text=\'plain\'/>\n',
    );
    expect(found).toBe(true);
    expect(html).toBe(
      '<h2>Retry <span class="q-badge" data-type="tip">^1.2 &amp; &lt;up&gt;</span></h2>\n' +
        '<p><span class="q-badge" data-type="warn">beta</span> and <span class="q-badge" data-type="note">plain</span></p>',
    );
  });

  it("leaves other raw HTML, and keeps a badge out of its heading's id and table-of-contents entry", () => {
    const { tree, found } = lowered('## Retry <Badge type="danger" text="removed" />\n\n## Use <kbd>Ctrl</kbd>\n');
    expect(found).toBe(true);
    expect(assignHeadingIds(tree, 3)).toEqual([
      { depth: 2, text: "Retry", id: "retry" },
      { depth: 2, text: "Use Ctrl", id: "use-ctrl" },
    ]);
    expect(lowered("<kbd>Ctrl</kbd>\n").found).toBe(false);
  });
});
