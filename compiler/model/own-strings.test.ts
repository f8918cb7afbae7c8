import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { ownString, ownStrings } from "./own-strings.ts";

describe("ownString", () => {
  it("keeps every character: ASCII, Latin-1, past Latin-1, astral, ropes, and cuts of a two-byte string", () => {
    const twoByte = "<p>naïve — “quoted” 🚀</p><p>plain ascii</p>";
    const cut = twoByte.slice(twoByte.indexOf("<p>plain"));
    let rope = "";
    for (let i = 0; i < 500; i++) rope += `<li>${i} café</li>`;
    for (const text of ["", "a", "plain", "café ÿ", "—", twoByte, cut, rope, `${rope}—`, "\u{1F680}".repeat(20)]) {
      expect(ownString(text)).toBe(`${text}`);
    }
  });

  // Measured in a child Node, whose heap this test alone uses: cuts that own their characters let the text they were
  // cut from go, and plain cuts keep it.
  it("lets go of the long text its input was cut from, in one-byte and two-byte texts", () => {
    const script = `
      import { ownString } from ${JSON.stringify(new URL("./own-strings.ts", import.meta.url).href)};
      // Each step in its own function, so that no interpreter register of the measuring frame holds the text.
      const longText = (width) => (width === 2 ? "—" : "") + "x".repeat(20 * 1024 * 1024) + " end of a long page";
      const cutsOf = (own, width) => {
        const text = longText(width);
        const cuts = [];
        for (let i = 0; i < 1000; i++) cuts.push(own(text.slice(i * 997, i * 997 + 40)));
        return cuts;
      };
      const heldAfter = (own, width) => {
        const cuts = cutsOf(own, width);
        globalThis.gc();
        return { bytes: process.memoryUsage().heapUsed, cuts: cuts.length };
      };
      globalThis.gc();
      const base = process.memoryUsage().heapUsed;
      const out = {};
      for (const width of [1, 2]) {
        out["plain" + width] = heldAfter((s) => s, width).bytes - base;
        globalThis.gc();
        out["owned" + width] = heldAfter(ownString, width).bytes - base;
        globalThis.gc();
      }
      console.log(JSON.stringify(out));
    `;
    const output = execFileSync(
      process.execPath,
      ["--expose-gc", "--import", "tsx", "--input-type=module", "-e", script],
      {
        encoding: "utf8",
      },
    );
    const held = JSON.parse(output) as Record<string, number>;
    const MB = 1024 * 1024;
    expect(held.plain1).toBeGreaterThan(15 * MB);
    expect(held.plain2).toBeGreaterThan(30 * MB);
    expect(held.owned1).toBeLessThan(2 * MB);
    expect(held.owned2).toBeLessThan(2 * MB);
  });
});

describe("ownStrings", () => {
  it("replaces the strings of nested plain objects and arrays, in place, and leaves other values as they are", () => {
    const source = `${"—".repeat(40)} Installing the CLI on a build machine`;
    const date = new Date("2026-11-27T00:00:00Z");
    const frozen = Object.freeze({ title: source.slice(41) });
    const shared = { section: source.slice(41), count: 3 };
    const record = {
      title: source.slice(41),
      toc: [{ depth: 2, text: source.slice(44), id: "installing" }],
      extra: { published: date, tags: ["cli", source.slice(41, 60)], none: null, flag: true },
      chunks: { human: [shared], agent: [shared] },
      frozen,
    };
    const expected = structuredClone({ ...record, frozen: { ...frozen } });
    expect(ownStrings(record)).toBe(record);
    expect({ ...record, frozen: { ...record.frozen } }).toEqual(expected);
    expect(record.extra.published).toBe(date);
    expect(record.chunks.human[0]).toBe(record.chunks.agent[0]);
    expect(record.frozen).toBe(frozen);
    expect(ownStrings("a cut of a string")).toBe("a cut of a string");
    expect(ownStrings(undefined)).toBeUndefined();
  });
});
