import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { EmulatedRegExp } from "oniguruma-to-es";
import { createHighlighter, createJavaScriptRegexEngine, defaultJavaScriptRegexConstructor } from "shiki";
import { describe, expect, it } from "vitest";
import { JAVASCRIPT_ENGINE_LANGUAGES } from "./regex-engine.ts";
import {
  enginePatterns,
  grammarPatterns,
  patternRegExps,
  shippedTranslations,
  translate,
  translationTable,
  translatorVersion,
} from "./regex-translations.ts";

/** What can be seen of a RegExp: its class, source, flags and, when emulated, the options that change its matches. */
const seen = (regexp: RegExp) => ({
  emulated: regexp instanceof EmulatedRegExp,
  source: regexp.source,
  flags: regexp.flags,
  options: (regexp as RegExp & { rawOptions?: object }).rawOptions,
});

describe("ahead-of-time pattern translations", async () => {
  const patterns = await grammarPatterns(JAVASCRIPT_ENGINE_LANGUAGES);

  it("hold every pattern of the engine's languages, as a shipped JSON file gives them back", () => {
    expect(patterns.length).toBeGreaterThan(1000);
    const shipped = JSON.parse(JSON.stringify(translationTable(patterns)));
    let emulated = 0;
    for (const pattern of patterns) {
      expect(shipped.translations[pattern], pattern).toEqual(translate(pattern));
      if (shipped.translations[pattern].options) emulated++;
    }
    // Patterns with emulation options (lookbehind strategies, hidden captures, lazy compilation) survive JSON too.
    expect(emulated).toBeGreaterThan(100);
  }, 60_000);

  it("hold every pattern the engine is handed while tokenizing the samples, but ends made from the text", async () => {
    const handed = new Set<string>();
    const translator = patternRegExps().anyWidth;
    const highlighter = await createHighlighter({
      themes: ["github-light"],
      langs: [...JAVASCRIPT_ENGINE_LANGUAGES],
      engine: createJavaScriptRegexEngine({
        regexConstructor: (pattern) => {
          handed.add(pattern);
          return translator(pattern);
        },
      }),
    });
    const samples = new URL("./regex-engine-samples/", import.meta.url);
    for (const file of readdirSync(samples)) {
      const code = readFileSync(new URL(file, samples), "utf8");
      highlighter.codeToTokensBase(code, { lang: file.replace(/\.txt$/, "") as never, theme: "github-light" });
    }
    highlighter.dispose();
    const table = new Set(patterns);
    const missing = [...handed].filter((pattern) => !table.has(pattern));
    // An `end` or `while` with back-references (`\1`) is completed with the text its `begin` matched (a heredoc's
    // word, a fence's backticks), escaped: each such template, a reference read as any escaped text, explains what
    // is missing.
    const special = "-\\\\{}*+?|^$.,\\[\\]()#\\s";
    const escapedText = `(?:\\\\[${special}]|[^${special}])*`;
    const templates = patterns
      .filter((pattern) => /\\\d/.test(pattern))
      .map(
        (pattern) =>
          new RegExp(
            `^${pattern
              .split(/\\\d+/)
              .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
              .join(escapedText)}$`,
          ),
      );
    expect(handed.size).toBeGreaterThan(1000);
    expect(missing.filter((pattern) => !templates.some((template) => template.test(pattern)))).toEqual([]);
  }, 60_000);

  it("spell patterns as the TextMate tokenizer hands them over", () => {
    expect(enginePatterns("a\\zb")).toEqual(["a$(?!\\n)(?<!\\n)b"]);
    expect(enginePatterns("\\\\z")).toEqual(["\\\\z"]);
    expect(enginePatterns("\\G(x)\\A")).toEqual([
      "\\\uFFFF(x)\\\uFFFF",
      "\\G(x)\\\uFFFF",
      "\\\uFFFF(x)\\A",
      "\\G(x)\\A",
    ]);
    expect(enginePatterns("\\\\G")).toEqual(["\\\\G"]);
  });

  it("make the RegExp Shiki's own engine makes, with its target fixed to ES2024", () => {
    const fromTable = patternRegExps(translationTable(patterns)).anyWidth;
    for (const pattern of patterns) {
      expect(seen(fromTable(pattern)), pattern).toEqual(
        seen(defaultJavaScriptRegexConstructor(pattern, { target: "ES2024" })),
      );
    }
  }, 60_000);

  it("are used for the patterns they hold; others are translated on the spot", () => {
    const table = { translator: translatorVersion(), translations: { a: { pattern: "b", flags: "dg" } } };
    const regExps = patternRegExps(table);
    expect(regExps.anyWidth("a").source).toBe("b");
    expect(regExps.anyWidth("c").source).toBe("c");
    expect(patternRegExps().anyWidth("a").source).toBe("a");
    // The same RegExp each time, and for one-byte lines when narrowing leaves the pattern as it is.
    expect(regExps.anyWidth("a")).toBe(regExps.anyWidth("a"));
    expect(regExps.oneByte("a")).toBe(regExps.anyWidth("a"));
  });

  it("narrow property classes for one-byte lines, with the classes shipped or worked out on the spot", () => {
    const table = translationTable(patterns);
    const classes = Object.keys(table.oneByteClasses ?? {});
    // `\w` and `\s` spelled as properties, with and without `i`, and the rarer ones.
    expect(classes.length).toBeGreaterThan(50);
    expect(classes).toContain("v:[\\p{L}\\p{M}\\p{N}\\p{Pc}]");
    const shipped = patternRegExps(JSON.parse(JSON.stringify(table)));
    const onTheSpot = patternRegExps();
    let narrowed = 0;
    for (const pattern of patterns) {
      const oneByte = seen(shipped.oneByte(pattern));
      expect(oneByte, pattern).toEqual(seen(onTheSpot.oneByte(pattern)));
      expect(oneByte.source.includes("\\p{"), pattern).toBe(false);
      if (oneByte.source !== seen(shipped.anyWidth(pattern)).source) narrowed++;
    }
    expect(narrowed).toBeGreaterThan(1000);
  }, 60_000);

  it("are read only when the installed translator made them", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "quire-regex-"));
    const file = (name: string, translator: string) => {
      writeFileSync(path.join(dir, name), JSON.stringify({ translator, translations: {} }));
      return pathToFileURL(path.join(dir, name));
    };
    expect(shippedTranslations(file("same.json", translatorVersion()))?.translator).toBe(translatorVersion());
    expect(shippedTranslations(file("other.json", "0.0.1"))).toBeUndefined();
    expect(shippedTranslations(pathToFileURL(path.join(dir, "missing.json")))).toBeUndefined();
    writeFileSync(path.join(dir, "cut.json"), '{"translator":"4.3');
    expect(shippedTranslations(pathToFileURL(path.join(dir, "cut.json")))).toBeUndefined();
    // A checkout has none beside the module: the package build writes it into lib/ (tools/build-package.mjs).
    expect(shippedTranslations()).toBeUndefined();
  });
});
