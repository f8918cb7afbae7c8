import { describe, expect, it } from "vitest";
import { compact, flatten } from "./flatten.ts";

describe("compact and flatten", () => {
  it("keep every character: ASCII, Latin-1, past Latin-1, astral, and pieces cut from a two-byte string", () => {
    const twoByte = "<p>naïve — “quoted” 🚀</p><p>plain ascii</p>";
    const cut = twoByte.slice(twoByte.indexOf("<p>plain"));
    let rope = "";
    for (let i = 0; i < 500; i++) rope += `<li>${i} café</li>`;
    for (const text of ["", "plain", "café ÿ", twoByte, cut, rope, `${rope}—`]) {
      const copy = `${text}`;
      expect(compact(text)).toBe(copy);
      flatten(text);
      expect(text).toBe(copy);
    }
  });

  it("flattens nothing it is not given", () => {
    expect(() => flatten(undefined, null, "")).not.toThrow();
  });
});
