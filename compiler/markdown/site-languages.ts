/**
 * The code languages a site uses, found by scanning sources without parsing them. Its own module, over Shiki's
 * language table alone (`shiki/langs`), so the no-change check of `docs build` (compiler/build-inputs.ts) can list
 * them without loading the highlighter.
 */
import { bundledLanguages } from "shiki/langs";

/** Fence languages (```lang) and inline `code{:lang}` languages Shiki knows, sorted and without repeats. */
export function siteLanguages(sources: readonly string[]): string[] {
  const found = new Set<string>();
  for (const source of sources) {
    for (const match of source.matchAll(/^[ \t]*(?:`{3,}|~{3,})[ \t]*([^\s`{]+)/gm)) found.add(match[1]);
    for (const match of source.matchAll(/\{:([A-Za-z][\w+#-]*)\}`/g)) found.add(match[1]);
  }
  return [...found].filter((lang) => lang in bundledLanguages).sort();
}
