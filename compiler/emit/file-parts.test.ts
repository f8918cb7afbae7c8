import { describe, expect, it } from "vitest";
import { joinedBytes, type PartsWriter, writeParts } from "./file-parts.ts";

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

describe("writeParts", () => {
  const format = { open: "[", separator: ",", close: "]\n" };
  const parts = ['{"a":"café"}', "", '{"b":1}'];

  it("joins the parts into the file and its copies where the files are a plain map", () => {
    const files = new Map<string, string | Uint8Array>();
    const writer = writeParts(files, "a.json", format);
    for (const part of parts) writer.write(part);
    writer.end("b.json");
    const expected = Buffer.from(`[${parts.join(",")}]\n`);
    expect([...files.keys()]).toEqual(["a.json", "b.json"]);
    for (const bytes of files.values()) expect(Buffer.from(bytes).equals(expected)).toBe(true);
  });

  it("hands a sink the same text, piece by piece, and its copies at the end", () => {
    const written: string[] = [];
    let ended: string[] | undefined;
    const sink: PartsWriter = { write: (part) => written.push(part), end: (...copies) => (ended = copies) };
    const files = Object.assign(new Map<string, string | Uint8Array>(), { openParts: () => sink });
    const writer = writeParts(files, "a.json", format);
    for (const part of parts) writer.write(part);
    writer.end("b.json");
    expect(written.join("")).toBe(`[${parts.join(",")}]\n`);
    expect(ended).toEqual(["b.json"]);
    expect(files.size).toBe(0);
  });

  it("writes an empty list as open + close", () => {
    const files = new Map<string, string | Uint8Array>();
    writeParts(files, "a.json", format).end();
    expect(Buffer.from(files.get("a.json")!).toString()).toBe("[]\n");
  });
});
