import { describe, expect, it } from "vitest";
import { lowerBadges } from "./badges.ts";
import { parseBody } from "./parse.ts";
import { dropVueComponents } from "./vue-components.ts";

function dropped(markdown: string) {
  const tree = parseBody(markdown, "md", "page.md", "docs/page.md").tree!;
  lowerBadges(tree);
  return { tree, ...dropVueComponents(tree, "docs/page.md") };
}

describe("Vue components in .md pages", () => {
  it("drops their tags, keeps what they wrap, and warns once per component at its first tag", () => {
    const { tree, changed, messages } = dropped(
      [
        "<HomeSponsors />",
        "",
        "<ClientOnly>",
        "",
        "Shown **here**.",
        "",
        "</ClientOnly>",
        "",
        'Text with <VersionPicker current="2" /> inline, a <Badge text="new" /> and <kbd>Ctrl</kbd>.',
        "",
        "- <HomeSponsors/> in a list",
      ].join("\n"),
    );
    expect(changed).toBe(true);
    expect(messages.map((m) => [m.rule, m.line, m.column, m.reason.slice(0, 20)])).toEqual([
      ["markdown/vue-component", 1, 1, "<HomeSponsors> is a "],
      ["markdown/vue-component", 9, 11, "<VersionPicker> is a"],
    ]);
    const html = JSON.stringify(tree);
    expect(html).not.toMatch(/HomeSponsors|ClientOnly|VersionPicker/);
    expect(html).toContain("Shown ");
    expect(html).toContain('<span class=\\"q-badge\\"');
    expect(html).toContain("<kbd>");
    // The paragraph and the list lost a tag: their text is no longer the source's.
    expect(tree.children.map((node) => [node.type, node.position === undefined])).toEqual([
      ["paragraph", false],
      ["paragraph", true],
      ["list", true],
    ]);
  });

  it("leaves HTML elements, custom elements and Quire's audience blocks alone", () => {
    const { changed, messages } = dropped(
      '<div class="note">\n\n<my-widget></my-widget> and <details>x</details>\n\n</div>\n\n<Human>\n\nFor people.\n\n</Human>\n',
    );
    expect(changed).toBe(false);
    expect(messages).toEqual([]);
  });
});
