import { describe, expect, it } from "vitest";
import { deepFreeze } from "./deep-freeze.ts";
import { oncePerRecord, perRecord } from "./per-record.ts";

describe("perRecord", () => {
  it("derives once per frozen record and options key, and every time for a record that could still change", () => {
    const calls: string[] = [];
    const render = perRecord(
      (page: { title: string }, options: { upper: boolean }) => {
        calls.push(page.title);
        return options.upper ? page.title.toUpperCase() : page.title;
      },
      (options) => String(options.upper),
    );
    const frozen = deepFreeze({ title: "Install" });
    expect(render(frozen, { upper: false })).toBe("Install");
    expect(render(frozen, { upper: false })).toBe("Install");
    expect(render(frozen, { upper: true })).toBe("INSTALL");
    expect(render(frozen, { upper: true })).toBe("INSTALL");
    expect(calls).toEqual(["Install", "Install"]);

    const open = { title: "Draft" };
    expect(render(open, { upper: false })).toBe("Draft");
    open.title = "Final";
    expect(render(open, { upper: false })).toBe("Final");
    expect(calls).toEqual(["Install", "Install", "Draft", "Final"]);
  });

  it("keeps the last `keys` options keys of a record, not every one it was ever asked for", () => {
    let calls = 0;
    const withSuffix = perRecord(
      (page: { title: string }, suffix: string) => {
        calls++;
        return page.title + suffix;
      },
      (suffix) => suffix,
      2,
    );
    const page = deepFreeze({ title: "Page" });
    for (const suffix of ["1", "2", "3"]) withSuffix(page, suffix);
    expect(calls).toBe(3);
    withSuffix(page, "3");
    withSuffix(page, "2");
    expect(calls, "3 and 2 are remembered").toBe(3);
    withSuffix(page, "1");
    expect(calls, "1 was dropped first").toBe(4);
  });

  it("oncePerRecord keys on the record alone", () => {
    let calls = 0;
    const length = oncePerRecord((chunk: { text: string }) => {
      calls++;
      return chunk.text.length;
    });
    const chunk = deepFreeze({ text: "four" });
    expect([length(chunk), length(chunk), length(deepFreeze({ text: "four" }))]).toEqual([4, 4, 4]);
    expect(calls).toBe(2);
  });
});

describe("deepFreeze", () => {
  it("freezes nested objects, arrays and the entries of Maps and Sets", () => {
    const record = deepFreeze({ toc: [{ id: "a" }], terms: new Map([["k", { n: 1 }]]), ids: new Set([{ id: "b" }]) });
    expect(Object.isFrozen(record.toc[0])).toBe(true);
    expect(Object.isFrozen(record.terms.get("k"))).toBe(true);
    expect(Object.isFrozen([...record.ids][0])).toBe(true);
    expect(() => record.toc.push({ id: "c" })).toThrow(TypeError);
  });
});
