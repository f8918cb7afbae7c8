/**
 * The JavaScript regex engine's patterns, translated from Oniguruma ahead of time.
 *
 * The engine (regex-engine.ts) translates each grammar pattern it meets with oniguruma-to-es, in every thread that
 * highlights: on 100 real code-heavy pages that was ~0.6 s of a 6 s build (CPU profile: oniguruma-to-es and
 * oniguruma-parser). The package is shipped with those translations already made, for every pattern of the languages
 * that run on that engine: `tools/build-package.mjs` writes them to `regex-translations.json` beside the compiled
 * module, and a thread reads them once. A pattern missing from the table (a back-reference `end` pattern made from
 * the text it closes, or a checkout with no table) is translated as before, with the same options, so the table
 * changes how fast a regex is made, never which regex. The table is used only with the oniguruma-to-es version that
 * made it. It also holds the one-byte form of each Unicode property class those patterns use (one-byte-patterns.ts).
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { EmulatedRegExp, toRegExpDetails } from "oniguruma-to-es";
import { bundledLanguages } from "shiki";
import { type OneByteClasses, oneByteNarrowing } from "./one-byte-patterns.ts";

/** How a pattern is translated: Shiki's own settings for its JavaScript engine, with the target fixed. */
const TRANSLATION_OPTIONS = {
  global: true,
  hasIndices: true,
  lazyCompileLength: 3000,
  rules: {
    allowOrphanBackrefs: true,
    asciiWordBoundaries: true,
    captureGroup: true,
    recursionLimit: 5,
    singleline: true,
  },
  target: "ES2024",
} as const;

type Translation = ReturnType<typeof toRegExpDetails>;

/** A pattern's translation: the source, flags and emulation options of its RegExp. Throws when it has none. */
export function translate(pattern: string): Translation {
  return toRegExpDetails(pattern, TRANSLATION_OPTIONS);
}

export interface TranslationTable {
  /** The oniguruma-to-es version that made the translations. */
  translator: string;
  translations: Record<string, Translation>;
  /** The one-byte class of each property class or escape in those translations. */
  oneByteClasses?: OneByteClasses;
}

/** Written beside this module's compiled file by the package build. */
export const TRANSLATIONS_FILE = "regex-translations.json";

/** The installed oniguruma-to-es's version (its package.json is not among its exports, so it is read from disk). */
export function translatorVersion(): string {
  const entry = createRequire(import.meta.url).resolve("oniguruma-to-es");
  let dir = path.dirname(entry);
  while (path.basename(dir) !== "oniguruma-to-es" && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return (JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as { version: string }).version;
}

/**
 * Every pattern the engine can be handed for these languages' grammars and the grammars they embed: each `match`,
 * `begin`, `end` and `while`, as the TextMate tokenizer rewrites it (`enginePatterns`), and the one that stands for
 * a missing `end`. Only an `end` made from the text it closes (`\1`) is left to be translated when it occurs.
 */
export async function grammarPatterns(languages: Iterable<string>): Promise<string[]> {
  const patterns = new Set<string>([NO_END]);
  const collect = (value: unknown): void => {
    if (!value || typeof value !== "object") return;
    if (Array.isArray(value)) {
      for (const item of value) collect(item);
      return;
    }
    const rule = value as Record<string, unknown>;
    for (const key of ["match", "begin", "end", "while"]) {
      const pattern = rule[key];
      if (typeof pattern === "string") for (const variant of enginePatterns(pattern)) patterns.add(variant);
    }
    for (const child of Object.values(rule)) if (child && typeof child === "object") collect(child);
  };
  for (const language of languages) {
    const load = bundledLanguages[language as keyof typeof bundledLanguages];
    if (load) collect((await load()).default);
  }
  return [...patterns].sort();
}

/** The character the TextMate tokenizer puts where an anchor may not match, and alone for a rule with no `end`. */
const NO_END = "\uFFFF";

/**
 * A grammar pattern as the TextMate tokenizer (vscode-textmate's RegExpSource) hands it to the engine: `\z` spelled
 * out as `$(?!\n)(?<!\n)`, and, when it holds `\A` or `\G`, one variant for each of those anchors allowed or not,
 * a disallowed one replaced by U+FFFF. `regex-translations.test.ts` checks the result against what the engine is
 * handed while tokenizing the samples.
 */
export function enginePatterns(pattern: string): string[] {
  const source = pattern.replace(/\\(.)/gs, (escape, next: string) => (next === "z" ? "$(?!\\n)(?<!\\n)" : escape));
  const hasAnchor = [...source.matchAll(/\\(.)/gs)].some(([, next]) => next === "A" || next === "G");
  if (!hasAnchor) return [source];
  const variant = (allowA: boolean, allowG: boolean) =>
    source.replace(/\\(.)/gs, (escape, next: string) =>
      (next === "A" && !allowA) || (next === "G" && !allowG) ? `\\${NO_END}` : escape,
    );
  return [variant(false, false), variant(false, true), variant(true, false), source];
}

/** The table for these patterns; a pattern that does not translate is left out (the engine reports it as before). */
export function translationTable(patterns: Iterable<string>): TranslationTable {
  const translations: Record<string, Translation> = {};
  const narrowing = oneByteNarrowing();
  for (const pattern of patterns) {
    try {
      translations[pattern] = translate(pattern);
    } catch {
      // Translated, and thrown, again when a grammar uses it.
      continue;
    }
    narrowing.narrow(translations[pattern].pattern, translations[pattern].flags);
  }
  return { translator: translatorVersion(), translations, oneByteClasses: narrowing.classes() };
}

/** The table shipped beside this module (or at `file`), if there is one and the installed translator made it. */
export function shippedTranslations(
  file: URL = new URL(`./${TRANSLATIONS_FILE}`, import.meta.url),
): TranslationTable | undefined {
  try {
    const table = JSON.parse(readFileSync(file, "utf8")) as TranslationTable;
    return table.translator === translatorVersion() ? table : undefined;
  } catch {
    // No table, a damaged one, or a translator whose version cannot be read: every pattern is translated as met.
    return undefined;
  }
}

/** The engine's `regexConstructor`s: a grammar pattern's RegExp for lines of any characters, and for one-byte lines. */
export interface PatternRegExps {
  anyWidth(pattern: string): RegExp;
  oneByte(pattern: string): RegExp;
}

/**
 * The RegExps of grammar patterns, translated with `table` when it holds the pattern, and handed to `made` (which
 * may compile them, native-regexp.ts). A pattern whose one-byte form is the pattern itself gets one RegExp for both
 * widths.
 */
export function patternRegExps(table?: TranslationTable, made: (regexp: RegExp) => RegExp = (r) => r): PatternRegExps {
  const known = new Map(Object.entries(table?.translations ?? {}));
  const narrowing = oneByteNarrowing(table?.oneByteClasses);
  const anyWidthRegExps = new Map<string, RegExp>();
  const translation = (pattern: string) => known.get(pattern) ?? translate(pattern);
  const regExp = ({ pattern: source, flags, options }: Translation) =>
    made(options ? new EmulatedRegExp(source, flags, options) : new RegExp(source, flags));
  const anyWidth = (pattern: string) => {
    let regexp = anyWidthRegExps.get(pattern);
    if (!regexp) {
      regexp = regExp(translation(pattern));
      anyWidthRegExps.set(pattern, regexp);
    }
    return regexp;
  };
  const oneByte = (pattern: string) => {
    const translated = translation(pattern);
    const narrowed = narrowing.narrow(translated.pattern, translated.flags);
    return narrowed === translated.pattern ? anyWidth(pattern) : regExp({ ...translated, pattern: narrowed });
  };
  return { anyWidth, oneByte };
}
