import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import rehypeStringify from "rehype-stringify";
import { unified } from "unified";
import { describe, expect, it } from "vitest";
import { rehypeTaskListLabels } from "./task-list-labels.ts";

async function render(markdown: string): Promise<string> {
  const file = await unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkRehype)
    .use(rehypeTaskListLabels)
    .use(rehypeStringify)
    .process(markdown);
  return String(file);
}

describe("rehypeTaskListLabels", () => {
  it("names each task checkbox after its item's text, without the nested list", async () => {
    const html = await render("- [x] Install *the* [package](/install)\n  - [ ] nested step\n- [ ] Run it\n");
    expect(html).toContain(`<input type="checkbox" checked disabled aria-label="Install the package">`);
    expect(html).toContain(`<input type="checkbox" disabled aria-label="nested step">`);
    expect(html).toContain(`<input type="checkbox" disabled aria-label="Run it">`);
  });

  it("finds the checkbox of a loose list inside the item's paragraph", async () => {
    const html = await render("- [ ] First\n\n- [x] Second\n");
    expect(html).toContain(`aria-label="First"`);
    expect(html).toContain(`aria-label="Second"`);
  });

  it("leaves ordinary lists alone", async () => {
    expect(await render("- plain\n")).not.toContain("aria-label");
  });
});
