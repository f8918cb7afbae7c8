import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { runInNewContext } from "node:vm";
import { version } from "esbuild";
import { describe, expect, it } from "vitest";
import { minifiedScripts, minifyScript, shippedMinifiedScripts } from "./minify-script.ts";

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

describe("the table the package build ships", () => {
  it("holds each source's minified script as minifyScript makes it, for this esbuild", () => {
    const sources = ["var a = 1 + 1; // two\n", "function f(x) { return x * 2 }\nglobalThis.f = f;\n"];
    const table = minifiedScripts(sources);
    expect(table.tools).toEqual({ esbuild: version });
    expect(Object.keys(table.outputs)).toEqual(
      sources.map((source) => createHash("sha256").update(source).digest("hex")),
    );
    expect(Object.values(table.outputs)).toEqual(sources.map(minifyScript));
    // A source checkout has none; lib/ has the one tools/build-package.mjs writes (bin/package.pack.ts).
    expect(shippedMinifiedScripts()).toBeUndefined();
  });
});
