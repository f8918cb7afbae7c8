import { createJavaScriptRegexEngine } from "shiki";
import { describe, expect, it } from "vitest";
import { byLineWidth } from "./line-width-engine.ts";

describe("byLineWidth", () => {
  /** Two engines that make `x` and `y` of every pattern, and the patterns each was asked for. */
  const engines = () => {
    const made = { oneByte: [] as string[], anyWidth: [] as string[] };
    const engine = (width: keyof typeof made, source: string) =>
      createJavaScriptRegexEngine({
        regexConstructor: (pattern) => {
          made[width].push(pattern);
          return new RegExp(source, "dg");
        },
      });
    return { made, engine: byLineWidth(engine("oneByte", "x"), engine("anyWidth", "y")) };
  };
  const start = (match: { captureIndices: { start: number }[] } | null) => match?.captureIndices[0]?.start;

  it("searches one-byte lines with the one-byte engine's regexes and other lines with the other's", () => {
    const { made, engine } = engines();
    const scanner = engine.createScanner(["p"]);
    expect(start(scanner.findNextMatchSync(engine.createString("a xy é\n"), 0, 0))).toBe(2);
    expect(start(scanner.findNextMatchSync(engine.createString("a xy →\n"), 0, 0))).toBe(3);
    expect(start(scanner.findNextMatchSync("ÿ xy", 0, 0))).toBe(2);
    expect(made).toEqual({ oneByte: ["p"], anyWidth: ["p"] });
  });

  it("makes a width's regexes only when a line of that width reaches the scanner", () => {
    const { made, engine } = engines();
    const scanner = engine.createScanner(["p", "q"]);
    for (const line of ["x", "xx", "yx"]) scanner.findNextMatchSync(engine.createString(line), 0, 0);
    expect(made).toEqual({ oneByte: ["p", "q"], anyWidth: [] });
    engine.createScanner(["r"]);
    expect(made.oneByte).toEqual(["p", "q"]);
  });
});
