import { spawnSync } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { EmulatedRegExp } from "oniguruma-to-es";
import { describe, expect, it } from "vitest";
import { compiledNatively } from "./native-regexp.ts";
import { translate } from "./regex-translations.ts";

/** A fresh copy of a regex, emulated ones included, never searched. */
function copy(regexp: RegExp): RegExp {
  const options = (regexp as RegExp & { rawOptions?: object }).rawOptions;
  return options ? new EmulatedRegExp(regexp.source, regexp.flags, options) : new RegExp(regexp.source, regexp.flags);
}

/** Every search of `regexp` over `line`, from each position, as the tokenizer makes them. */
function searches(regexp: RegExp, line: string) {
  const found = [];
  for (let from = 0; from <= line.length; from++) {
    regexp.lastIndex = from;
    const match = regexp.exec(line);
    found.push(match && { index: match.index, groups: [...match], indices: match.indices && [...match.indices] });
  }
  return found;
}

/** Grammar-like patterns, the Oniguruma ones translated as a build translates them. */
const regexps = (): RegExp[] => [
  new RegExp(String.raw`(?<![\p{Alpha}\p{Nd}])(const|let)\s+([\p{Alpha}_$][\p{Alpha}\p{Nd}_$]*)`, "dgv"),
  /\s*(=)/dy,
  /^\s*(#).*$/d,
  ...["(?<=\\.)\\s*(\\w+)(?=\\()", "\\b(?:if|else|for|while)\\b", "(?>a+)b|\\h+", "(\\w+)\\s*\\1"].map((pattern) => {
    const { pattern: source, flags, options } = translate(pattern);
    return options ? new EmulatedRegExp(source, flags, options) : new RegExp(source, flags);
  }),
];

const LINES = ["const total = item.count(3) + a.b(x) aab x x", "if (ready) { let café = «value» — done } # note"];

describe("compiledNatively", () => {
  it("hands back the same regex, at lastIndex 0, finding exactly what it found before", () => {
    for (const regexp of regexps()) {
      const before = copy(regexp);
      expect(compiledNatively(regexp)).toBe(regexp);
      expect(regexp.lastIndex).toBe(0);
      for (const line of LINES) expect(searches(regexp, line), regexp.source).toEqual(searches(before, line));
    }
  });

  it("compiles to machine code for one-byte and two-byte lines, with no bytecode", () => {
    // V8's test hooks, in a Node of their own: they need --allow-natives-syntax, and Function keeps them from tsx.
    const module = pathToFileURL(path.join(import.meta.dirname, "native-regexp.ts")).href;
    const script = `const { compiledNatively } = await import(${JSON.stringify(module)});
      const tiers = new Function("re", "return [%RegexpHasNativeCode(re, true), %RegexpHasBytecode(re, true), " +
        "%RegexpHasNativeCode(re, false), %RegexpHasBytecode(re, false)]");
      const after = (re, line) => { re.lastIndex = 0; re.exec(line); return tiers(re); };
      const pattern = ${JSON.stringify(regexps()[0].source)};
      // V8 shares a compiled regex between RegExps of the same source and flags, so the plain one differs.
      const made = compiledNatively(new RegExp(pattern, "dgv")), plain = new RegExp(pattern + "|;", "dgv");
      console.log(JSON.stringify({
        made: tiers(made),
        oneByte: after(made, ${JSON.stringify(LINES[0])}),
        twoByte: after(made, ${JSON.stringify(LINES[1])}),
        asV8Would: after(plain, ${JSON.stringify(LINES[0])}),
      }));`;
    const child = spawnSync(
      process.execPath,
      ["--allow-natives-syntax", "--import", "tsx", "--input-type=module", "-e", script],
      { encoding: "utf8" },
    );
    expect(child.status, child.stderr).toBe(0);
    // [machine code, bytecode] for one-byte subjects, then for two-byte ones.
    const { made, oneByte, twoByte, asV8Would } = JSON.parse(child.stdout);
    expect(made.slice(0, 2)).toEqual([true, false]);
    expect(oneByte.slice(0, 2)).toEqual([true, false]);
    expect(twoByte).toEqual([true, false, true, false]);
    // Left to V8, a regex's first search makes bytecode too, so the checks above can tell the two apart.
    expect(asV8Would.slice(0, 2)).toEqual([true, true]);
  });
});
