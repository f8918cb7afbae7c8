/**
 * A regex engine that searches each line with the regexes made for its width: one-byte lines (every character
 * U+0000–U+00FF, as the highlighter hands most lines to its grammars, one-byte-lines.ts) with one engine's, any
 * other line with the other's. The one-byte engine's patterns are narrowed to those characters
 * (one-byte-patterns.ts), which V8 compiles much faster; a scanner makes each engine's regexes only when a line of
 * that width first reaches it.
 */
import type { PatternScanner, RegexEngine, RegexEngineString } from "shiki";
import { fitsOneByte } from "./one-byte-lines.ts";

export function byLineWidth(oneByte: RegexEngine, anyWidth: RegexEngine): RegexEngine {
  // A line is searched by every scanner of the rules it meets, many times over: its width is read once.
  let lastLine: string | RegexEngineString | undefined;
  let lastFits = false;
  const fits = (line: string | RegexEngineString) => {
    if (line !== lastLine) {
      lastLine = line;
      lastFits = fitsOneByte(typeof line === "string" ? line : line.content);
    }
    return lastFits;
  };
  return {
    // Both engines' strings are Shiki's own (a text and an id), so either engine's scanners can search them.
    createString: (text) => anyWidth.createString(text),
    createScanner(patterns): PatternScanner {
      let narrow: PatternScanner | undefined;
      let wide: PatternScanner | undefined;
      return {
        findNextMatchSync(line, startPosition, options) {
          const scanner = fits(line)
            ? (narrow ??= oneByte.createScanner(patterns))
            : (wide ??= anyWidth.createScanner(patterns));
          return scanner.findNextMatchSync(line, startPosition, options);
        },
        dispose() {
          narrow?.dispose?.();
          wide?.dispose?.();
        },
      };
    },
  };
}
