import { readdirSync, readFileSync } from "node:fs";
import { createHighlighter, type Highlighter } from "shiki";
import { beforeAll, describe, expect, it } from "vitest";
import { createRegexEngine, JAVASCRIPT_ENGINE_LANGUAGES, regexEngineName } from "./regex-engine.ts";

const SAMPLES = new URL("./regex-engine-samples/", import.meta.url);
const sampleLanguages = readdirSync(SAMPLES)
  .map((file) => file.replace(/\.txt$/, ""))
  .sort();

describe("the JavaScript regex engine's languages", () => {
  it("are exactly the languages with a sample", () => {
    expect(sampleLanguages).toEqual([...JAVASCRIPT_ENGINE_LANGUAGES].sort());
  });

  describe("tokenize their sample as Oniguruma does", () => {
    const highlighters: { javascript?: Highlighter; oniguruma?: Highlighter } = {};
    beforeAll(async () => {
      const langs = [...JAVASCRIPT_ENGINE_LANGUAGES];
      for (const name of ["javascript", "oniguruma"] as const) {
        highlighters[name] = await createHighlighter({
          themes: ["github-light"],
          langs,
          engine: createRegexEngine(name),
        });
      }
    }, 60_000);

    /** Every token's text, position and TextMate scopes, line by line: a different match changes one of them. */
    const tokens = (highlighter: Highlighter | undefined, code: string, lang: string) =>
      highlighter?.codeToTokensBase(code, {
        lang: lang as never,
        theme: "github-light",
        includeExplanation: "scopeName",
        tokenizeTimeLimit: 0,
      });

    // Each sample compiles its grammar cold on both engines: C++ alone took 4.1 s here beside the other suites.
    it.each(sampleLanguages)(
      "%s",
      (lang) => {
        const code = readFileSync(new URL(`${lang}.txt`, SAMPLES), "utf8");
        const onJavaScript = tokens(highlighters.javascript, code, lang);
        // The grammar ran: tokens carry scopes below the language's root scope.
        const deepest = Math.max(
          ...(onJavaScript ?? []).flat().flatMap((token) => token.explanation?.map((part) => part.scopes.length) ?? []),
        );
        expect(deepest).toBeGreaterThan(2);
        expect(onJavaScript).toEqual(tokens(highlighters.oniguruma, code, lang));
      },
      60_000,
    );
  });
});

describe("regexEngineName", () => {
  it("takes the JavaScript engine when every language is listed, by fence name or alias", () => {
    expect(regexEngineName(["plaintext", "bash", "ts", "dockerfile", "yml", "console"])).toBe("javascript");
    expect(regexEngineName(["plaintext", "text"])).toBe("javascript");
  });

  it("keeps Oniguruma for the whole site when one language is not listed", () => {
    expect(regexEngineName(["plaintext", "ts", "nix"])).toBe("oniguruma");
    expect(regexEngineName(["proto"])).toBe("oniguruma");
    expect(regexEngineName(["ahk2"])).toBe("oniguruma");
  });
});
