import { describe, expect, it } from "vitest";
import { closestPaths } from "./closest-paths.ts";
import { packContext, truncateUtf8, utf8Length } from "./context-pack.ts";

const chunk = (id: string, content: string) => ({ id, url: `/docs/${id}`, title: "Page", section: id, content });

describe("get_context packing", () => {
  it("cuts UTF-8 only at code point boundaries", () => {
    expect(truncateUtf8("aé", 2)).toBe("a");
    expect(truncateUtf8("a😀b", 4)).toBe("a");
    expect(truncateUtf8("a😀b", 5)).toBe("a😀");
    expect(truncateUtf8("abc", 10)).toBe("abc");
  });

  it("packs whole chunks in order and cuts the last one to the ceiling", () => {
    const chunks = [chunk("a", "x".repeat(100)), chunk("b", "é".repeat(400)), chunk("c", "never reached")];
    const packed = packContext(chunks, 600);
    expect(packed.sources.map((s) => [s.id, s.truncated])).toEqual([
      ["a", false],
      ["b", true],
    ]);
    expect(packed.bytes).toBe(utf8Length(packed.text));
    expect(packed.bytes).toBeLessThanOrEqual(600);
    expect(packed.text.endsWith("…")).toBe(true);
    expect(packed.text).not.toContain("\uFFFD");
    expect(packed.tokens).toBe(Math.ceil(packed.bytes / 3));
  });

  it("never exceeds the ceiling for any size", () => {
    const chunks = [chunk("a", "日本語のテキスト ".repeat(50)), chunk("b", "plain text ".repeat(50))];
    for (let max = 0; max <= 1200; max += 7) {
      const packed = packContext(chunks, max);
      expect(utf8Length(packed.text), String(max)).toBeLessThanOrEqual(max);
      expect(packed.bytes).toBe(utf8Length(packed.text));
    }
  });

  it("stops rather than adding a useless sliver", () => {
    const packed = packContext([chunk("a", "x".repeat(100)), chunk("b", "y".repeat(1000))], 200);
    expect(packed.sources.map((s) => s.id)).toEqual(["a"]);
  });
});

describe("closest page paths", () => {
  it("suggests paths that contain or resemble what was asked", () => {
    const paths = ["", "concepts/jobs", "getting-started/installation", "getting-started/quickstart", "reference/cli"];
    expect(closestPaths("instalation", paths)[0]).toBe("getting-started/installation");
    expect(closestPaths("install", paths)[0]).toBe("getting-started/installation");
    expect(closestPaths("concepts/job", paths)[0]).toBe("concepts/jobs");
    expect(closestPaths("instalation", paths)).toEqual(["getting-started/installation"]);
    expect(closestPaths("zzzzzzzz", paths)).toHaveLength(3);
  });
});
