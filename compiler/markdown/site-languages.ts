/**
 * The code languages a site uses, found by scanning sources without parsing them. Its own module, over Shiki's
 * language table alone (`shiki/langs`), so the no-change check of `docs build` (compiler/build-inputs.ts) can list
 * them without loading the highlighter.
 */
import { bundledLanguages } from "shiki/langs";
import { perSourcePath } from "../cache/per-source-path.ts";

/** A page's text and where it comes from (SourcePage has both). */
export interface SourceText {
  sourcePath: string;
  source: string;
}

/** Fence languages (```lang) and inline `code{:lang}` languages Shiki knows, sorted and without repeats. */
export function siteLanguages(pages: readonly SourceText[]): string[] {
  const found = new Set<string>();
  for (const page of pages) for (const language of languagesOf(page)) found.add(language);
  return [...found].filter((lang) => lang in bundledLanguages).sort();
}

/** Scanned again only when a path's text changed (per-source-path.ts). */
const languagesOf = (page: SourceText) => scannedLanguages(page.sourcePath, page.source);

const scannedLanguages = perSourcePath(
  (source: string): readonly string[] => {
    const languages = new Set<string>();
    for (const match of source.matchAll(/^[ \t]*(?:`{3,}|~{3,})[ \t]*([^\s`{]+)/gm)) languages.add(match[1]);
    for (const match of source.matchAll(/\{:([A-Za-z][\w+#-]*)\}`/g)) languages.add(match[1]);
    return [...languages];
  },
  (a, b) => a === b,
);
