/**
 * Grammar patterns narrowed to one-byte lines.
 *
 * A translated grammar pattern spells Oniguruma's word and space classes with Unicode properties
 * (`[\p{L}\p{M}\p{N}\p{Pc}]`, `\p{space}`), and V8 builds each such class from the whole of Unicode every time a
 * regex holding it is compiled: one `(?<![\-\p{L}\p{M}\p{N}\p{Pc}])` made a regex 0.6 ms to compile instead of
 * 0.01 ms. The highlighter hands its grammars one-byte lines wherever it can (one-byte-lines.ts), and on such a line
 * a class can only ever meet characters U+0000–U+00FF. So each class or property escape that names a Unicode
 * property is replaced by the characters of that range it matches, found by testing each of the 256 against it with
 * the pattern's own flags: on a line of one-byte characters the two patterns find the same matches, captures and
 * all. With the `i` flag too: whether a character matches depends only on its case-folded form, so a character of
 * the range that folds like one of the list is itself in the list.
 *
 * A line with a wider character is searched with the pattern as translated (regex-engine.ts picks per line).
 */

/** A class or escape of `source` that names a Unicode property: where it starts and ends. */
interface PropertyUnit {
  start: number;
  end: number;
}

/**
 * Each property class or escape met so far, by the flags it is read with and its text, to its one-byte class. The
 * package ships the classes of every pattern its languages have (regex-translations.ts): working one out compiles
 * the property class it was made to avoid.
 */
export type OneByteClasses = Record<string, string>;

/** Narrows patterns with the classes `known`, working out and keeping any other it meets. */
export function oneByteNarrowing(known: OneByteClasses = {}) {
  const classes = new Map(Object.entries(known));
  return {
    /** `source` with every property class and escape narrowed to one-byte characters; itself when it has none. */
    narrow(source: string, flags: string): string {
      // Without `u` or `v`, `\p{L}` is the text "p{L}".
      if (!/[uv]/.test(flags)) return source;
      const units = propertyUnits(source, flags.includes("v"));
      if (units.length === 0) return source;
      // Only `i`, `u` and `v` change what a class matches.
      const classFlags = flags.replace(/[^iuv]/g, "");
      let narrowed = "";
      let at = 0;
      for (const { start, end } of units) {
        const unit = source.slice(start, end);
        const key = `${classFlags}:${unit}`;
        let replacement = classes.get(key);
        if (replacement === undefined) {
          replacement = oneByteClass(unit, classFlags);
          if (replacement === undefined) return source;
          classes.set(key, replacement);
        }
        narrowed += source.slice(at, start) + replacement;
        at = end;
      }
      return narrowed + source.slice(at);
    },
    /** Every class known now, shipped and met. */
    classes(): OneByteClasses {
      return Object.fromEntries([...classes].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    },
  };
}

/**
 * The outermost character classes holding `\p{…}` or `\P{…}`, and such escapes outside any class. A class with a
 * string in it (`\q{…}`, in `v` mode) matches more than one character at a time and is left alone.
 */
function propertyUnits(source: string, nestedClasses: boolean): PropertyUnit[] {
  const units: PropertyUnit[] = [];
  let index = 0;
  while (index < source.length) {
    const char = source[index];
    if (char === "\\") {
      const end = propertyEscapeEnd(source, index);
      if (end !== undefined) units.push({ start: index, end });
      index = end ?? index + 2;
    } else if (char === "[") {
      const { end, property, strings } = classExtent(source, index, nestedClasses);
      if (property && !strings) units.push({ start: index, end });
      index = end;
    } else {
      index++;
    }
  }
  return units;
}

/** The end of the `\p{…}` or `\P{…}` escape at `index`, or undefined when the escape there is another one. */
function propertyEscapeEnd(source: string, index: number): number | undefined {
  const letter = source[index + 1];
  if ((letter !== "p" && letter !== "P") || source[index + 2] !== "{") return undefined;
  const close = source.indexOf("}", index + 3);
  return close === -1 ? undefined : close + 1;
}

/** Where the class opening at `start` ends (after its `]`), and whether it names a property or holds a string. */
function classExtent(source: string, start: number, nestedClasses: boolean) {
  let depth = 0;
  let property = false;
  let strings = false;
  let index = start;
  while (index < source.length) {
    const char = source[index];
    if (char === "\\") {
      const next = source[index + 1];
      if (next === "p" || next === "P") property = true;
      if (next === "q") strings = true;
      index += 2;
      continue;
    }
    if (char === "[" && (depth === 0 || nestedClasses)) depth++;
    else if (char === "]" && --depth === 0) return { end: index + 1, property, strings };
    index++;
  }
  return { end: source.length, property, strings };
}

/**
 * The class of U+0000–U+00FF characters that `unit` matches under `flags`, as `\x` escapes and ranges; undefined
 * when `unit` is no class on its own (the pattern is then searched as it is).
 */
function oneByteClass(unit: string, flags: string): string | undefined {
  let test: RegExp;
  try {
    test = new RegExp(`^(?:${unit})$`, flags);
  } catch {
    return undefined;
  }
  let list = "";
  let code = 0;
  while (code < 256) {
    if (!test.test(String.fromCharCode(code))) {
      code++;
      continue;
    }
    const first = code;
    while (code + 1 < 256 && test.test(String.fromCharCode(code + 1))) code++;
    list += code === first ? hex(first) : code === first + 1 ? hex(first) + hex(code) : `${hex(first)}-${hex(code)}`;
    code++;
  }
  return `[${list}]`;
}

const hex = (code: number) => `\\x${code.toString(16).padStart(2, "0")}`;
