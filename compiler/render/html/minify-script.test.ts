import { readFileSync } from "node:fs";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { minifyScript } from "./minify-script.ts";

describe("minifyScript", () => {
  it("drops comments and whitespace but keeps behaviour", () => {
    const source = `// a comment\n(function () {\n  var answer = 40 + 2; /* why */\n  globalThis.result = answer;\n})();\n`;
    const min = minifyScript(source);
    expect(min).not.toContain("comment");
    expect(min.length).toBeLessThan(source.length / 2);
    const context: { result?: number } = {};
    runInNewContext(min, context);
    expect(context.result).toBe(42);
  });

  it("shrinks the page script and is deterministic", () => {
    const source = readFileSync(new URL("../../../templates/quire.js", import.meta.url), "utf8");
    expect(minifyScript(source).length).toBeLessThan(source.length * 0.7);
    expect(minifyScript(source)).toBe(minifyScript(source));
  });
});
