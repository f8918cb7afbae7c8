import { describe, expect, it } from "vitest";
import { locateYamlPath } from "./yaml-position.ts";

const yaml = [
  "title: Deploy", // 1
  "agent:", // 2
  "  # the task contract", // 3
  "  task: Ship it", // 4
  "  commands:", // 5
  "    - npm ci", // 6
  "", // 7
  "    - run: npm run deploy", // 8
  "      cwd: app", // 9
  '  "appliesTo":', // 10
  "    framework: next", // 11
].join("\n");

describe("locateYamlPath", () => {
  it("finds top-level and nested keys at the key's column", () => {
    expect(locateYamlPath(yaml, ["title"])).toEqual({ line: 1, column: 1 });
    expect(locateYamlPath(yaml, ["agent", "task"])).toEqual({ line: 4, column: 3 });
    expect(locateYamlPath(yaml, ["agent", "appliesTo", "framework"])).toEqual({ line: 11, column: 5 });
  });

  it("finds list items by index, skipping blank lines, at the item's content", () => {
    expect(locateYamlPath(yaml, ["agent", "commands", "0"])).toEqual({ line: 6, column: 7 });
    expect(locateYamlPath(yaml, ["agent", "commands", "1"])).toEqual({ line: 8, column: 7 });
  });

  it("finds items of a list indented below its key", () => {
    expect(locateYamlPath("tags:\n  - a\n  - b\n", ["tags", "1"])).toEqual({ line: 3, column: 5 });
  });

  it("finds a quoted key", () => {
    expect(locateYamlPath(yaml, ["agent", "appliesTo"])).toEqual({ line: 10, column: 4 });
  });

  it("stops at the deepest part of the path that is written", () => {
    expect(locateYamlPath(yaml, ["agent", "outcome"])).toEqual({ line: 2, column: 1 });
    expect(locateYamlPath(yaml, ["agent", "commands", "5"])).toEqual({ line: 5, column: 3 });
    expect(locateYamlPath(yaml, ["description"])).toBeUndefined();
  });

  it("does not match a key that only starts with the wanted name", () => {
    expect(locateYamlPath("tasks: 1\ntask: 2\n", ["task"])).toEqual({ line: 2, column: 1 });
  });
});

describe("locateYamlPath edge cases", () => {
  it("finds a key at its own level, not a same-named key nested earlier", () => {
    expect(locateYamlPath("openGraph:\n  title: Social\ntitle: 42\n", ["title"])).toEqual({ line: 3, column: 1 });
  });
  it("finds items of a list written at its key's indent", () => {
    expect(locateYamlPath("tags:\n- a\n- b\n", ["tags", "1"])).toEqual({ line: 3, column: 3 });
  });
  it("finds a key on a later line of a list item", () => {
    expect(locateYamlPath("commands:\n  - run: npm test\n    cwd: app\n", ["commands", "0", "cwd"])).toEqual({
      line: 3,
      column: 5,
    });
  });
});
