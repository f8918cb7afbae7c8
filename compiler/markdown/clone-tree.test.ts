import { describe, expect, it } from "vitest";
import { cloneTree } from "./clone-tree.ts";
import { parseBody } from "./parse.ts";

describe("cloneTree", () => {
  it("copies an MDX tree, estree and positions included, equal to structuredClone's copy and sharing nothing", () => {
    const { tree } = parseBody(
      "# Title\n\nText with `code`, a [link](/docs/a) and {1n + 2}.\n\n<Tabs items={['a', /b+/g]}>\n\n- item\n\n</Tabs>\n",
      "mdx",
      "page.mdx",
      "docs/page.mdx",
    );
    const text = (value: unknown) => JSON.stringify(value, (_, v) => (typeof v === "bigint" ? `${v}n` : v)) ?? "";
    expect(text(tree)).toContain('"regex"');
    expect(text(tree)).toContain('"1n"');
    const copy = cloneTree(tree);
    expect(copy).toEqual(structuredClone(tree));
    const originals = new Set<object>();
    const collect = (value: unknown, into: Set<object>) => {
      if (typeof value !== "object" || value === null) return;
      into.add(value);
      for (const child of Object.values(value)) collect(child, into);
    };
    collect(tree, originals);
    const copies = new Set<object>();
    collect(copy, copies);
    for (const object of copies) expect(originals.has(object), text(object).slice(0, 80)).toBe(false);
  });

  it("keeps primitives, undefined values and null prototypes", () => {
    const bare = Object.assign(Object.create(null), { a: 1 });
    const value = { n: 1, s: "x", b: false, u: undefined, z: null, big: 10n, bare, list: [1, [2, { three: 3 }]] };
    const copy = cloneTree(value);
    expect(copy).toEqual(value);
    expect(Object.hasOwn(copy, "u")).toBe(true);
    expect(copy.list[1]).not.toBe(value.list[1]);
  });
});
