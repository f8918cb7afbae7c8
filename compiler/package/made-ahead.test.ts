import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { madeAhead } from "./made-ahead.ts";

const dir = mkdtempSync(path.join(tmpdir(), "quire-made-ahead-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const at = (name: string) => pathToFileURL(path.join(dir, name));
const sha = (text: string) => createHash("sha256").update(text).digest("hex");

/** Upper-cases its input, counting the calls, with tool "upper" at `version`. */
function upper(name: string, version = "1.0.0", keep = 8) {
  const calls: string[] = [];
  const made = madeAhead<string>({
    file: at(name),
    tools: () => ({ upper: version }),
    keyText: (input) => input,
    make: (input) => {
      calls.push(input);
      return input.toUpperCase();
    },
    keep,
  });
  return { made, calls };
}

describe("madeAhead", () => {
  it("makes what no table holds once per process, and makes the table the package build writes", () => {
    const { made, calls } = upper("none.json");
    expect([made.get("a"), made.get("a"), made.get("b")]).toEqual(["A", "A", "B"]);
    expect(calls).toEqual(["a", "b"]);
    expect(made.table(["a", "b"])).toEqual({
      tools: { upper: "1.0.0" },
      outputs: { [sha("a")]: "A", [sha("b")]: "B" },
    });
  });

  it("reads its outputs from a table the same tools made, and makes only what the table lacks", () => {
    writeFileSync(
      at("same.json"),
      JSON.stringify({ tools: { upper: "1.0.0" }, outputs: { [sha("a")]: "from table" } }),
    );
    const { made, calls } = upper("same.json");
    expect([made.get("a"), made.get("b")]).toEqual(["from table", "B"]);
    expect(calls).toEqual(["b"]);
  });

  it("ignores a table other tools made, a damaged one and a missing one", () => {
    writeFileSync(at("other.json"), JSON.stringify({ tools: { upper: "2.0.0" }, outputs: { [sha("a")]: "stale" } }));
    writeFileSync(at("cut.json"), JSON.stringify({ tools: { upper: "1.0.0" }, outputs: {} }).slice(0, 12));
    writeFileSync(at("odd.json"), JSON.stringify({ tools: { upper: "1.0.0" }, outputs: { [sha("a")]: 42 } }));
    for (const name of ["other.json", "cut.json", "missing.json", "odd.json"]) {
      const { made } = upper(name);
      expect(made.get("a"), name).toBe("A");
    }
    expect(upper("other.json").made.read()).toBeUndefined();
    expect(upper("cut.json").made.read()).toBeUndefined();
    expect(upper("missing.json").made.read()).toBeUndefined();
    expect(upper("x.json").made.read(at("same.json"))?.outputs).toEqual({ [sha("a")]: "from table" });
  });

  it("keeps at most `keep` outputs", () => {
    const { made, calls } = upper("none.json", "1.0.0", 2);
    for (const input of ["a", "b", "c", "a"]) made.get(input);
    expect(calls).toEqual(["a", "b", "c", "a"]);
  });
});
