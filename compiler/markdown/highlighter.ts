/**
 * One Shiki highlighter per set of site languages, with every language the site's code uses loaded up front.
 *
 * Why: grammars that inject into others (`es-tag-css` into TypeScript, the Vue and Angular injections, …) change
 * how already-loaded languages tokenize. Loaded lazily, page by page, with concurrent grammar imports, a page's
 * colours depended on which pages came before it and on the order the imports resolved: three builds of the same
 * site gave three different `index.html` files. Loading the site's languages once, sorted, before any page is
 * highlighted makes a page's output depend on the site alone.
 *
 * rehype-pretty-code keeps one highlighter per theme for the whole process; it is handed a stable facade that
 * forwards to the highlighter of the build in progress. Two builds can be in progress in one process (tests, an
 * embedding tool, `docs dev` beside a `build()` call): each runs its pages inside `withHighlighter`, so the facade
 * finds that build's highlighter in the async context rather than in a module variable the other build may have
 * replaced meanwhile (which once wrote another site's token colours into the page cache). Worker threads hold one
 * build each and use the thread's default. The themes are loaded under their own names with token
 * colours raised to WCAG AA on the code background and the tinted lines of their scheme
 * (compiler/theme/highlighter-theme.ts). The regex engine follows from the languages too (regex-engine.ts).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { createHighlighter, type Highlighter, isSpecialLang } from "shiki";
import type { ResolvedConfig } from "../config/types.ts";
import { accessibleHighlighterTheme, lineTints } from "../theme/highlighter-theme.ts";
import { schemePalettes } from "../theme/scheme-palettes.ts";
import { skeletonFits, skeletonHtml } from "./code-skeleton.ts";
import { oneByteLines } from "./one-byte-lines.ts";
import { createRegexEngine, regexEngineName } from "./regex-engine.ts";
import { shareTokenizing, tokenizingOnce } from "./shared-tokenizing.ts";

export { siteLanguages } from "./site-languages.ts";

const KEPT_HIGHLIGHTERS = 4;
const highlighters = new Map<string, Promise<Highlighter>>();
/** The highlighter of the build whose pages run in this async context (`withHighlighter`). */
const inBuild = new AsyncLocalStorage<Highlighter>();
/** The thread's default: the last one prepared (a page worker's only build, or a single test's). */
let current: Highlighter | undefined;

/**
 * Loads the highlighter for these themes and languages, makes it this thread's default and returns it; a build that
 * may share its thread with another runs its pages in `withHighlighter(highlighter, …)`.
 */
export async function prepareHighlighter(
  theme: ResolvedConfig["theme"],
  languages: readonly string[],
): Promise<Highlighter> {
  const langs = ["plaintext", ...languages];
  const { light, dark } = { light: theme.codeBlock.theme, dark: theme.codeBlock.darkTheme };
  // Code lines can be tinted with the brand and diff colours of each scheme; tokens stay readable on those too.
  const palettes = schemePalettes(theme);
  const tints = { light: lineTints(palettes.light), dark: lineTints(palettes.dark) };
  const key = JSON.stringify([light, dark, tints, langs]);
  let highlighter = highlighters.get(key);
  if (!highlighter) {
    highlighter = Promise.all([
      accessibleHighlighterTheme(light, tints.light),
      accessibleHighlighterTheme(dark, tints.dark),
    ])
      .then((readable) =>
        createHighlighter({ themes: readable, langs, engine: createRegexEngine(regexEngineName(langs)) }),
      )
      .then((loaded) => {
        for (const lang of loaded.getLoadedLanguages()) {
          if (isSpecialLang(lang)) continue;
          const grammar = loaded.getLanguage(lang);
          oneByteLines(grammar);
          shareTokenizing(grammar);
        }
        return loaded;
      });
    highlighters.set(key, highlighter);
    // A long-running process (docs dev, tests) keeps the few most recent sets, not every one it saw.
    for (const old of [...highlighters.keys()].slice(0, -KEPT_HIGHLIGHTERS)) highlighters.delete(old);
  }
  current = await highlighter;
  return current;
}

/** Runs `work` (a build's pages) with `highlighter` as the one the facade forwards to, whatever else runs meanwhile. */
export function withHighlighter<T>(highlighter: Highlighter, work: () => Promise<T>): Promise<T> {
  return inBuild.run(highlighter, work);
}

/** What rehype-pretty-code passes with each block: its meta (without `title`/`caption`) and our transformers. */
interface HighlighterOptions {
  meta?: { __raw?: string };
  transformers?: { postprocess?: unknown }[];
}

/**
 * rehype-pretty-code's `getHighlighter`: a facade over the prepared highlighter of the current build, whose
 * `codeToHtml` gives it skeletons that `rehypeRestoreTokens` completes (code-skeleton.ts). It also
 * lifts Shiki's per-line tokenizing time limit (500 ms by default): a line that hit it under load kept the rest of
 * the line in the colour of the token before, so the same page came out differently from one build to the next.
 */
export async function currentHighlighter(): Promise<Highlighter> {
  return new Proxy({} as Highlighter, {
    get(_, property) {
      const highlighter = inBuild.getStore() ?? current;
      if (!highlighter) throw new Error("prepareHighlighter() must run before pages are rendered");
      if (property === "codeToHast") {
        return (code: string, options: object) =>
          tokenizingOnce(() => highlighter.codeToHast(code, { ...options, tokenizeTimeLimit: 0 } as never));
      }
      if (property === "codeToHtml") {
        // The plugin parses this HTML back into a tree: a skeleton spares it the tokens (code-skeleton.ts).
        return (code: string, options: HighlighterOptions) => {
          const unlimited = { ...options, tokenizeTimeLimit: 0 } as never;
          return tokenizingOnce(() =>
            skeletonFits(options.meta?.__raw, options.transformers)
              ? skeletonHtml(highlighter.codeToHast(code, unlimited))
              : highlighter.codeToHtml(code, unlimited),
          );
        };
      }
      const value = highlighter[property as keyof Highlighter];
      return typeof value === "function" ? value.bind(highlighter) : value;
    },
  });
}
