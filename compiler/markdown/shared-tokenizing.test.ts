/**
 * Highlighting a block for two themes with one tokenizing pass gives Shiki's own HTML, byte for byte: every sample
 * language (regex-engine-samples/, which covers embedded CSS and JavaScript in HTML, Vue and Svelte, and comments
 * and strings across lines) under three theme pairs, on the JavaScript engine, and a language outside that list on
 * Oniguruma.
 */
import { readdirSync, readFileSync } from "node:fs";
import { createHighlighter, type Highlighter } from "shiki";
import { beforeAll, describe, expect, it } from "vitest";
import { createRegexEngine } from "./regex-engine.ts";
import { shareTokenizing, tokenizingOnce } from "./shared-tokenizing.ts";

const SAMPLES = new URL("./regex-engine-samples/", import.meta.url);
const languages = readdirSync(SAMPLES)
  .map((file) => file.replace(/\.txt$/, ""))
  .sort();
const sample = (lang: string) => readFileSync(new URL(`${lang}.txt`, SAMPLES), "utf8");

/** Pairs that differ in colours, in italics and bold, and in their default foreground. */
const THEME_PAIRS = [
  ["github-light", "github-dark"],
  ["min-light", "one-dark-pro"],
  ["solarized-light", "dracula"],
] as const;
const THEMES = [...new Set(THEME_PAIRS.flat())];

/**
 * A language's first block compiles its grammar's regexes in both highlighters. For C++ in a source checkout (no
 * shipped translations) that was 5.6 s on this machine alone, and more beside other suites.
 */
const FIRST_BLOCK_TIMEOUT = 60_000;

let shared: Highlighter;
let own: Highlighter;

beforeAll(async () => {
  [shared, own] = await Promise.all(
    [0, 1].map(() => createHighlighter({ themes: THEMES, langs: languages, engine: createRegexEngine("javascript") })),
  );
  for (const lang of shared.getLoadedLanguages()) expect(shareTokenizing(shared.getLanguage(lang))).toBe(true);
}, 60_000);

describe("tokenizingOnce", () => {
  for (const [light, dark] of THEME_PAIRS) {
    it.each(languages)(
      `%s under ${light} / ${dark}`,
      (lang) => {
        const options = { lang, themes: { light, dark }, tokenizeTimeLimit: 0 };
        const code = sample(lang);
        expect(tokenizingOnce(() => shared.codeToHtml(code, options))).toBe(own.codeToHtml(code, options));
      },
      FIRST_BLOCK_TIMEOUT,
    );
  }

  it.each(["typescript", "html", "markdown", "python"])("%s with one theme", (lang) => {
    const options = { lang, theme: "one-dark-pro", tokenizeTimeLimit: 0 };
    expect(tokenizingOnce(() => shared.codeToHtml(sample(lang), options))).toBe(own.codeToHtml(sample(lang), options));
  });

  it("runs the grammar once per line for both themes", () => {
    const grammar = shared.getLanguage("typescript");
    const tokenizeLine = grammar.tokenizeLine.bind(grammar);
    let calls = 0;
    grammar.tokenizeLine = (...args) => {
      calls++;
      return tokenizeLine(...args);
    };
    try {
      const code = "const a = 1;\n\n/* two\n lines */ let b = `${a}`;\n";
      tokenizingOnce(() =>
        shared.codeToHast(code, { lang: "typescript", themes: { light: "min-light", dark: "dracula" } }),
      );
      expect(calls).toBe(3);
    } finally {
      grammar.tokenizeLine = tokenizeLine;
    }
  });

  it("leaves a grammar on Oniguruma as exact", async () => {
    const [onigShared, onigOwn] = await Promise.all(
      [0, 1].map(() => createHighlighter({ themes: THEMES, langs: ["nix"], engine: createRegexEngine("oniguruma") })),
    );
    expect(shareTokenizing(onigShared!.getLanguage("nix"))).toBe(true);
    const code = '{ pkgs ? import <nixpkgs> {} }:\npkgs.mkShell {\n  # a comment\n  name = "x-${pkgs.hello}";\n}\n';
    const options = { lang: "nix", themes: { light: "github-light", dark: "one-dark-pro" } };
    expect(tokenizingOnce(() => onigShared!.codeToHtml(code, options))).toBe(onigOwn!.codeToHtml(code, options));
  });
});
