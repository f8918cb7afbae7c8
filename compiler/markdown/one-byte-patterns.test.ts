import { describe, expect, it } from "vitest";
import { oneByteNarrowing } from "./one-byte-patterns.ts";
import { JAVASCRIPT_ENGINE_LANGUAGES } from "./regex-engine.ts";
import { grammarPatterns, patternRegExps } from "./regex-translations.ts";

const narrow = (source: string, flags = "dgv") => oneByteNarrowing().narrow(source, flags);

/** Every character U+0000–U+00FF, in order. */
const ALL_ONE_BYTE = Array.from({ length: 256 }, (_, code) => String.fromCharCode(code)).join("");

describe("oneByteNarrowing", () => {
  it("replaces each property class and escape by the one-byte characters it matches", () => {
    expect(narrow("\\p{Nd}+")).toBe("[\\x30-\\x39]+");
    expect(narrow("a[\\-\\p{Nd}]b")).toBe("a[\\x2d\\x30-\\x39]b");
    expect(narrow("\\P{Nd}")).toBe("[\\x00-\\x2f\\x3a-\\xff]");
    // Not a letter or a number: punctuation, symbols, controls, × and ÷.
    expect(narrow("[^\\p{L}\\p{N}]")).toBe(
      "[\\x00-\\x2f\\x3a-\\x40\\x5b-\\x60\\x7b-\\xa9\\xab-\\xb1\\xb4\\xb6-\\xb8\\xbb\\xbf\\xd7\\xf7]",
    );
    // Oniguruma's names are no JavaScript property: such a pattern is left as it is.
    expect(narrow("\\P{Alnum}")).toBe("\\P{Alnum}");
    // Letters of the range beyond ASCII are kept (ª µ º À–Ö Ø–ö ø–ÿ).
    expect(narrow("\\p{L}")).toBe("[\\x41-\\x5a\\x61-\\x7a\\xaa\\xb5\\xba\\xc0-\\xd6\\xd8-\\xf6\\xf8-\\xff]");
  });

  it("keeps the flags' case folding: a character of the range that folds into the class is in it", () => {
    // KELVIN SIGN and LATIN SMALL LETTER LONG S fold to k and s.
    expect(narrow("[\\u212a\\p{Nd}]", "v")).toBe("[\\x30-\\x39]");
    expect(narrow("[\\u212a\\p{Nd}]", "iv")).toBe("[\\x30-\\x39\\x4b\\x6b]");
    // Every cased letter, lower case included (ß through ẞ, ÿ through Ÿ); ª and º have no case.
    const cased = "[\\x41-\\x5a\\x61-\\x7a\\xb5\\xc0-\\xd6\\xd8-\\xf6\\xf8-\\xff]";
    expect(narrow("\\p{Lu}", "iv")).toBe(cased);
    expect(narrow("\\p{Lu}", "v")).toBe("[\\x41-\\x5a\\xc0-\\xd6\\xd8-\\xde]");
  });

  it("reads nested classes and set operations in `v` mode, and single-level classes in `u` mode", () => {
    expect(narrow("[[\\p{L}]--[a-z]]")).toBe("[\\x41-\\x5a\\xaa\\xb5\\xba\\xc0-\\xd6\\xd8-\\xf6\\xf8-\\xff]");
    expect(narrow("[\\p{L}&&[\\0-\\x7f]]x")).toBe("[\\x41-\\x5a\\x61-\\x7a]x");
    // In `u` mode a `[` in a class is the character.
    expect(narrow("[[\\p{Nd}]x", "u")).toBe("[\\x30-\\x39\\x5b]x");
  });

  it("leaves what is no property class alone, and the same string when nothing changes", () => {
    const source = "\\w+\\s*[a-z]\\\\p{L}\\b";
    expect(narrow(source)).toBe(source);
    // Without `u` or `v`, \p{L} is the text p{L}.
    expect(narrow("\\p{L}", "dg")).toBe("\\p{L}");
    // A class with strings matches more than a character at a time.
    expect(narrow("[\\q{ab}\\p{Nd}]")).toBe("[\\q{ab}\\p{Nd}]");
    // A pattern whose class cannot be read on its own is searched as it is.
    expect(narrow("[\\p{Nd}")).toBe("[\\p{Nd}");
  });

  it("keeps each class it works out, and starts from the ones it is given", () => {
    const narrowing = oneByteNarrowing({ "v:\\p{Nd}": "[\\x30-\\x31]" });
    expect(narrowing.narrow("\\p{Nd}", "dgv")).toBe("[\\x30-\\x31]");
    narrowing.narrow("x\\p{Lu}", "dgiv");
    expect(narrowing.classes()).toEqual({ "iv:\\p{Lu}": narrow("\\p{Lu}", "iv"), "v:\\p{Nd}": "[\\x30-\\x31]" });
  });
});

describe("every grammar pattern of the JavaScript engine's languages, narrowed", async () => {
  const patterns = await grammarPatterns(JAVASCRIPT_ENGINE_LANGUAGES);
  // Lines of code with characters of the whole range, and that range in short lines (some grammar patterns take
  // exponential time on long runs of what they were not written for, in either form).
  const lines = [
    'const café = naïve(1, "µs"); // ×\n',
    "  if (a && b) { return x[0] ?? ÿ; }\n",
    "# Größe: 3 × 4\n",
    "<div class=\"é\" data-x='1'>ü</div>\n",
    "SELECT * FROM t WHERE a = 'ß';\n",
    'fn main() -> i32 { println!("¡hola!"); }\n',
    "$ npm install --save-dev quire\n",
    "\tkey: value  # ½\n",
    "@media (min-width: 40em) { .a::before { content: '»'; } }\n",
    "func (s *S) Do(ctx context.Context) error {\n",
    "\n",
    "",
    ...Array.from({ length: 16 }, (_, line) => ALL_ONE_BYTE.slice(line * 16, line * 16 + 16)),
    ...Array.from({ length: 16 }, (_, line) =>
      ALL_ONE_BYTE.slice(line * 16, line * 16 + 16)
        .split("")
        .reverse()
        .join(""),
    ),
  ];

  /** Every match of `regexp` in `line`, searched as the engine searches: from each match's end on. */
  const matches = (regexp: RegExp, line: string) => {
    const found: (readonly [number, number] | undefined)[][] = [];
    regexp.lastIndex = 0;
    while (regexp.lastIndex <= line.length) {
      const match = regexp.exec(line);
      if (!match) break;
      found.push([...(match.indices ?? [])]);
      if (match[0].length === 0) regexp.lastIndex++;
    }
    return found;
  };

  it("finds the same matches and captures on one-byte lines as the pattern as translated", () => {
    const regExps = patternRegExps();
    let compared = 0;
    for (const pattern of patterns) {
      let anyWidth: RegExp;
      try {
        anyWidth = regExps.anyWidth(pattern);
      } catch {
        continue;
      }
      const oneByte = regExps.oneByte(pattern);
      if (oneByte === anyWidth) continue;
      for (const line of lines) expect(matches(oneByte, line), pattern).toEqual(matches(anyWidth, line));
      compared++;
    }
    expect(compared).toBeGreaterThan(2000);
  }, 120_000);
});
