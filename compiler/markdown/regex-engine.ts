/**
 * The regex engine a site's highlighter runs its grammars on.
 *
 * TextMate grammars are written for Oniguruma. Shiki runs them either on Oniguruma compiled to WebAssembly or on
 * JavaScript's own RegExp, through patterns translated by oniguruma-to-es. The WebAssembly engine keeps a memory of
 * its own in every thread that highlights, and that memory only grows. On 1,000 generated pages, 4 alternating pairs
 * of whole `docs build` processes, the JavaScript engine took the peak from 456 to 391 MiB, at 1.02× the wall time;
 * on 100 real code-heavy pages (5 pairs), 302 to 261 MiB at 1.02×.
 *
 * A translated pattern can still match differently from the original, and a difference would change a site's colours
 * without a word. So the JavaScript engine is used only when every language a site highlights is one whose tokens
 * are known to be the same on both engines: `regex-engine.test.ts` tokenizes a sample of each listed language
 * (regex-engine-samples/, written for it) on both and compares every token's text and scopes. A site with any other
 * language highlights on Oniguruma, as before, for all of its languages: grammars inject into one another, so they
 * share one engine.
 *
 * The choice depends on the site's languages alone, so every thread of a build and every build of a site agree.
 * Patterns are translated for a fixed target (ES2024, the RegExp `v` flag of Node 20) rather than a detected one, so
 * a newer Node translates the same way, and most come translated already (regex-translations.ts).
 */
import {
  bundledLanguagesInfo,
  createJavaScriptRegexEngine,
  createOnigurumaEngine,
  isPlainLang,
  type RegexEngine,
} from "shiki";
import { byLineWidth } from "./line-width-engine.ts";
import { compiledNatively } from "./native-regexp.ts";
import { patternRegExps, shippedTranslations, type TranslationTable } from "./regex-translations.ts";

/** Languages (Shiki ids) whose tokens match on both engines, each checked against its sample by the test. */
export const JAVASCRIPT_ENGINE_LANGUAGES: ReadonlySet<string> = new Set([
  "c",
  "cpp",
  "csharp",
  "css",
  "dart",
  "diff",
  "docker",
  "elixir",
  "go",
  "graphql",
  "haskell",
  "hcl",
  "html",
  "http",
  "ini",
  "java",
  "javascript",
  "json",
  "jsonc",
  "jsx",
  "kotlin",
  "lua",
  "make",
  "markdown",
  "nginx",
  "php",
  "powershell",
  "prisma",
  "python",
  "r",
  "ruby",
  "rust",
  "scala",
  "scss",
  "shellscript",
  "shellsession",
  "sql",
  "svelte",
  "swift",
  "terraform",
  "toml",
  "tsx",
  "typescript",
  "vue",
  "xml",
  "yaml",
  "zig",
]);

export type RegexEngineName = "javascript" | "oniguruma";

/** Each fence name and alias Shiki knows (`sh`, `ts`, `dockerfile`, …), to its language id. */
const languageIds = new Map(
  bundledLanguagesInfo.flatMap((info) => [info.id, ...(info.aliases ?? [])].map((name) => [name, info.id] as const)),
);

/** The engine for a highlighter that loads these languages (fence names or ids; plain text needs no grammar). */
export function regexEngineName(languages: readonly string[]): RegexEngineName {
  const known = languages.every((language) => {
    if (isPlainLang(language)) return true;
    const id = languageIds.get(language);
    return id !== undefined && JAVASCRIPT_ENGINE_LANGUAGES.has(id);
  });
  return known ? "javascript" : "oniguruma";
}

/** The shipped translations (regex-translations.ts), read once per thread; null when there are none. */
let shipped: TranslationTable | null | undefined;

/**
 * An engine whose RegExps for grammar patterns are translated with the shipped translations, narrowed for one-byte
 * lines (one-byte-patterns.ts) and compiled to machine code as they are made (native-regexp.ts). Each engine keeps
 * its own, so a highlighter dropped by a long-running process takes its RegExps with it.
 */
export function createRegexEngine(name: RegexEngineName): RegexEngine | Promise<RegexEngine> {
  if (name === "oniguruma") return createOnigurumaEngine(import("shiki/wasm"));
  if (shipped === undefined) shipped = shippedTranslations() ?? null;
  const regExps = patternRegExps(shipped ?? undefined, compiledNatively);
  return byLineWidth(
    createJavaScriptRegexEngine({ regexConstructor: regExps.oneByte }),
    createJavaScriptRegexEngine({ regexConstructor: regExps.anyWidth }),
  );
}
