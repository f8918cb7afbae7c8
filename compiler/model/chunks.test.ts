import { describe, expect, it } from "vitest";
import { parseBody } from "../markdown/parse.ts";
import { chunksFromTree } from "./chunks.ts";

function chunks(markdown: string) {
  const { tree } = parseBody(markdown, "md", "page.md", "docs/page.md");
  if (!tree) throw new Error("does not parse");
  return chunksFromTree(tree, { path: "page", route: "/docs/page", title: "Page" });
}

describe("search chunk text", () => {
  it("keeps the words of table cells, list items and hard breaks apart", () => {
    const [chunk] = chunks(
      "| Option | Default |\n|---|---|\n| `retries` | `3` |\n\n- first item\n- second *item*\n\nline one  \nline two\n",
    );
    expect(chunk.content).toBe("Option Default retries 3\nfirst item second item\nline one line two");
  });

  it("keeps inline formatting inside one word", () => {
    const [chunk] = chunks("Read **ab**cd and [the guide](/docs/guide).\n");
    expect(chunk.content).toBe("Read abcd and the guide.");
  });
});
