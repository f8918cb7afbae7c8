/**
 * `walk` against `unist-util-visit` (a dev dependency kept as the reference) on the example site's pages: the same
 * nodes in the same order with the same index and parent, with a type test, SKIP, EXIT and a visitor that changes
 * the children it is given.
 */
import { readdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Root } from "mdast";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import { unified } from "unified";
import type { Node, Parent } from "unist";
import { EXIT as VISIT_EXIT, SKIP as VISIT_SKIP, visit } from "unist-util-visit";
import { describe, expect, it } from "vitest";
import { EXIT, SKIP, walk } from "./walk.ts";

const DOCS = "fixtures/example/docs";
const pages = readdirSync(DOCS, { recursive: true, encoding: "utf8" })
  .filter((name) => /\.mdx?$/.test(name))
  .map((name) => path.join(DOCS, name));

async function trees(): Promise<Root[]> {
  const parse = unified().use(remarkParse).use(remarkGfm);
  return Promise.all(pages.map(async (file) => parse.runSync(parse.parse(await readFile(file, "utf8"))) as Root));
}

type Step = string;
const step = (node: Node, index: number | undefined, parent: Parent | undefined): Step =>
  `${node.type}@${index ?? "-"}<${parent?.type ?? "-"}`;

describe("walk", () => {
  it("visits as unist-util-visit does, with and without a type test", async () => {
    const seen = new Map<string, number>();
    for (const tree of await trees()) {
      for (const type of [undefined, "text", "heading", "listItem"]) {
        const expected: Step[] = [];
        const got: Step[] = [];
        if (type) {
          visit(tree, type, (node, index, parent) => void expected.push(step(node, index, parent)));
          walk(tree, type, (node, index, parent) => void got.push(step(node, index, parent)));
        } else {
          visit(tree, (node, index, parent) => void expected.push(step(node, index, parent)));
          walk(tree, (node, index, parent) => void got.push(step(node, index, parent)));
        }
        expect(got).toEqual(expected);
        seen.set(type ?? "*", (seen.get(type ?? "*") ?? 0) + got.length);
      }
    }
    expect(pages.length).toBeGreaterThan(10);
    for (const type of ["*", "text", "heading", "listItem"]) expect(seen.get(type)).toBeGreaterThan(10);
  });

  it("skips children on SKIP, stops on EXIT, and walks children a visitor changed", async () => {
    for (const tree of await trees()) {
      const skipLists = (list: Step[], skip: unknown) => (node: Node, index?: number, parent?: Parent) => {
        list.push(step(node, index, parent));
        return node.type === "list" ? (skip as typeof SKIP) : undefined;
      };
      const [a, b] = [[] as Step[], [] as Step[]];
      visit(tree, skipLists(a, VISIT_SKIP));
      walk(tree, skipLists(b, SKIP));
      expect(b).toEqual(a);

      const stopAtSecondHeading = (list: Step[], exit: unknown) => {
        let headings = 0;
        return (node: Node, index?: number, parent?: Parent) => {
          list.push(step(node, index, parent));
          return node.type === "heading" && ++headings === 2 ? (exit as typeof EXIT) : undefined;
        };
      };
      const [c, d] = [[] as Step[], [] as Step[]];
      visit(tree, stopAtSecondHeading(c, VISIT_EXIT));
      walk(tree, stopAtSecondHeading(d, EXIT));
      expect(d).toEqual(c);
    }
    // A visitor that replaces a paragraph's children: both walks see the new ones.
    const [first] = await trees();
    const copy = structuredClone(first);
    const rewrite = (list: Step[]) => (node: Node, index?: number, parent?: Parent) => {
      list.push(step(node, index, parent));
      if (node.type === "paragraph")
        (node as Parent).children = [{ type: "emphasis", children: [{ type: "text", value: "x" }] } as never];
    };
    const [e, f] = [[] as Step[], [] as Step[]];
    visit(first, rewrite(e));
    walk(copy, rewrite(f));
    expect(f).toEqual(e);
    expect(f).toContain("emphasis@0<paragraph");
  });
});
