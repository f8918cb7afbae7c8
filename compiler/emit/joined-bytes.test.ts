import { describe, expect, it } from "vitest";
import { joinedBytes } from "./joined-bytes.ts";

describe("joinedBytes", () => {
  it("is the UTF-8 encoding of open + parts.join(separator) + close", () => {
    const cases: [string[], string, string, string][] = [
      [[], "[", ",", "]\n"],
      [["{}"], "[", ",", "]\n"],
      [['{"a":"café — 🚀"}', '{"b":"naïve"}', "", '{"c":1}'], "[", ",", "]\n"],
      [["é", "日本", "\u{1F600}"], "«", " · ", "»"],
    ];
    for (const [parts, open, separator, close] of cases)
      expect(joinedBytes(parts, open, separator, close).equals(Buffer.from(open + parts.join(separator) + close))).toBe(
        true,
      );
  });
});
