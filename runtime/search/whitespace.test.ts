import { describe, expect, it } from "vitest";
import { collapseWhitespace } from "./whitespace.ts";

describe("collapseWhitespace", () => {
  it("equals replace(/\\s+/g, ' ') on random mixes of every kind of whitespace", () => {
    const alphabet = [
      "a",
      "b",
      "é",
      " ",
      " ",
      " ",
      "\t",
      "\n",
      "\r\n",
      "\u00a0",
      "\u2028",
      "\u3000",
      "\ufeff",
      "\u200b",
    ];
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (let n = 0; n < 5_000; n++) {
      let text = "";
      for (let i = Math.floor(random() * 24); i > 0; i--) text += alphabet[Math.floor(random() * alphabet.length)];
      expect(collapseWhitespace(text), JSON.stringify(text)).toBe(text.replace(/\s+/g, " "));
    }
  });

  it("leaves single spaces and non-whitespace alone", () => {
    expect(collapseWhitespace("a b\u200bc")).toBe("a b\u200bc");
    expect(collapseWhitespace("  a\t\tb\n")).toBe(" a b ");
  });
});
