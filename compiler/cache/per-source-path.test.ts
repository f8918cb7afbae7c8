import { describe, expect, it } from "vitest";
import { forgetSourcePaths, perSourcePath } from "./per-source-path.ts";

describe("perSourcePath", () => {
  it("derives again only when a path's input changed, and after forgetSourcePaths", () => {
    const inputs: string[] = [];
    const lengthOf = perSourcePath(
      (text: string) => {
        inputs.push(text);
        return text.length;
      },
      (a, b) => a === b,
    );
    expect([lengthOf("a.md", "one"), lengthOf("a.md", "one"), lengthOf("b.md", "one")]).toEqual([3, 3, 3]);
    expect(lengthOf("a.md", "three")).toBe(5);
    expect(inputs).toEqual(["one", "one", "three"]);
    forgetSourcePaths();
    expect(lengthOf("a.md", "three")).toBe(5);
    expect(inputs).toEqual(["one", "one", "three", "three"]);
  });
});
