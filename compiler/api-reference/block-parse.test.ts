/**
 * Issue 17: parsing a generated page block by block (each distinct block once) gives the very tree a whole-body
 * parse gives, positions included — over every operation page of the project's contracts, and over contract text
 * that ties blocks together, where it falls back to the whole-body parse.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { ResolvedConfig } from "../config/types.ts";
import { parseFrontmatter } from "../content/frontmatter.ts";
import { parseBody } from "../markdown/parse.ts";
import { blocksStandAlone, parseGeneratedBody } from "./block-parse.ts";
import { apiReferencePages } from "./reference-pages.ts";

const fixtures = path.resolve(import.meta.dirname, "../../fixtures");

async function operationPages(root: string, specUrl: string) {
  const surfaces = {
    apiReference: { enabled: true, path: "api-reference", specUrl, overlays: [] },
  } as unknown as ResolvedConfig["surfaces"];
  const result = await apiReferencePages({ root, configFile: "docs.config.ts", docsPath: "docs", surfaces });
  return result.pages.filter((page) => page.blocks);
}

function bothParses(source: string, blocks: string[]) {
  const { body } = parseFrontmatter(source, "x.md");
  return {
    whole: parseBody(body, "md", "/x.md", "x.md").tree,
    blocks: parseGeneratedBody(body, blocks, "/x.md", "x.md").tree,
  };
}

describe("block-by-block parse of generated pages", () => {
  const contracts = [
    ["api-reference", "contracts/kiln.yaml"],
    ["api-reference", "contracts/openapi30.json"],
    ["api-reference", "contracts/openapi32.yaml"],
    ["api-reference", "contracts/swagger2.yaml"],
    ["api-versions", "contracts/ledger-v1.yaml"],
    ["api-versions", "contracts/ledger-v2.yaml"],
  ];
  for (const [site, contract] of contracts) {
    it(`equals the whole-body parse on every operation page of ${site}/${contract}`, async () => {
      const pages = await operationPages(path.join(fixtures, site), contract);
      // Most pages take the block path (the comparison would prove nothing if all fell back).
      expect(pages.filter((page) => blocksStandAlone(page.blocks!)).length).toBeGreaterThan(pages.length / 2);
      for (const page of pages) {
        const { whole, blocks } = bothParses(page.source, page.blocks!);
        expect(blocks, page.slug).toEqual(whole);
      }
    }, 60_000);
  }

  it("reuses a repeated block's tree without sharing nodes between pages", () => {
    const blocks = [
      "## Responses",
      "Type: `Pet` (object)\n\n- `id`: `string`",
      "## Again",
      "Type: `Pet` (object)\n\n- `id`: `string`",
    ];
    const source = `---\ntitle: T\n---\n\n${blocks.join("\n\n")}\n`;
    const { whole, blocks: tree } = bothParses(source, blocks);
    expect(tree).toEqual(whole);
    expect(tree!.children[1]).not.toBe(tree!.children[4]);
    expect(tree!.children[4].type).toBe(tree!.children[1].type);
  });

  it("falls back to the whole-body parse when contract text ties blocks together", () => {
    const cases: string[][] = [
      ["See [the guide][g].", "## Parameters", "[g]: https://example.com/guide"],
      ["```json\n{", "## Parameters", "}\n```"],
      ["- one", "- two"],
      ["<!--", "## Parameters", "-->"],
      [":::note", "## Parameters", ":::"],
      ["Text", "    indented"],
      ["Text\r\nmore", "## Parameters"],
    ];
    for (const blocks of cases) {
      expect(blocksStandAlone(blocks), JSON.stringify(blocks)).toBe(false);
      const { whole, blocks: tree } = bothParses(`---\ntitle: T\n---\n\n${blocks.join("\n\n")}\n`, blocks);
      expect(tree, JSON.stringify(blocks)).toEqual(whole);
    }
  });

  it("keeps closed fences, tables and nested lists as stand-alone blocks", () => {
    const blocks = [
      "`GET /pets`",
      "| Name | In |\n| --- | --- |\n| `id` | path |",
      "Type: `Pet`\n\n- `a`: x\n  - `b`: y\n    - items: `Pet` (recursive)",
      '````json\n{\n  "a": "```"\n}\n````',
    ];
    expect(blocksStandAlone(blocks)).toBe(true);
    const { whole, blocks: tree } = bothParses(`---\ntitle: T\n---\n\n${blocks.join("\n\n")}\n`, blocks);
    expect(tree).toEqual(whole);
  });
});
