import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { runInNewContext } from "node:vm";
import { afterAll, describe, expect, it } from "vitest";
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
  const dir = mkdtempSync(path.join(tmpdir(), "quire-minified-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, contents: string) => {
    writeFileSync(path.join(dir, name), contents);
    return pathToFileURL(path.join(dir, name));
  };

  it("holds each source's minified script under the source's hash, as minifyScript makes it", () => {
    const sources = ["var a = 1 + 1; // two\n", "function f(x) { return x * 2 }\nglobalThis.f = f;\n"];
    const table = minifiedScripts(sources);
    expect(Object.keys(table.scripts)).toEqual(
      sources.map((source) => createHash("sha256").update(source).digest("hex")),
    );
    expect(Object.values(table.scripts)).toEqual(sources.map(minifyScript));
  });

  it("is read only when this esbuild made it and it parses", () => {
    const table = minifiedScripts(["var a = 1;\n"]);
    expect(shippedMinifiedScripts(file("same.json", JSON.stringify(table)))).toEqual(table);
    expect(shippedMinifiedScripts(file("other.json", JSON.stringify({ ...table, esbuild: "0.0.1" })))).toBeUndefined();
    expect(shippedMinifiedScripts(file("cut.json", JSON.stringify(table).slice(0, 20)))).toBeUndefined();
    expect(shippedMinifiedScripts(pathToFileURL(path.join(dir, "missing.json")))).toBeUndefined();
    // A source checkout has none; lib/ has the one tools/build-package.mjs writes (bin/package.pack.ts).
    expect(shippedMinifiedScripts()).toBeUndefined();
  });
});
