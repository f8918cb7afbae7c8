/**
 * A `.md` page written for Docusaurus, which compiles `.md` files as MDX (its default `markdown.format`): it imports
 * components or partials (a `_note.md` beside it, Docusaurus's `@theme/TOCInline`) and uses them as JSX. Read as
 * Markdown, its `import` lines would be paragraphs of the page and its components dropped, so such a page is read as
 * MDX. What marks it is an `import` or `export` statement starting a block at the top level: after a blank line or a
 * comment line, outside fenced code and outside a `<script>` block (VitePress's `<script setup>` imports are in one).
 */
import { linesOutsideFences } from "../markdown/outside-fences.ts";

/** A default, named or namespace import, an import for effect, or `import {` opening a longer statement. */
const IMPORT = /^import\s+(?:["'][^"'\n]+["']|[\w$*{][^\n]*?\bfrom\s*["'][^"'\n]+["']|\{\s*$)/;
/** `export const name =` or `export function name(`: prose that starts "export default …" is no statement. */
const EXPORT = /^export\s+(?:(?:const|let|var)\s+[\w$]+\s*=|function\s+[\w$]+\s*\()/;

/** The frontmatter block, which the body (where statements are) follows. */
const FRONTMATTER = /^---\r?\n(?:[\s\S]*?\r?\n)?---[ \t]*(?:\r?\n|$)/;

export function markdownIsMdx(source: string): boolean {
  if (!/^(?:import|export)\s/m.test(source)) return false;
  let afterBlank = true;
  let inScript = false;
  for (const line of linesOutsideFences(source.replace(FRONTMATTER, ""))) {
    if (inScript) {
      if (/<\/script>/i.test(line)) inScript = false;
    } else if (/^<script\b/i.test(line)) {
      inScript = !/<\/script>/i.test(line);
    } else if (afterBlank && (IMPORT.test(line) || EXPORT.test(line))) {
      return true;
    }
    // A comment alone on its line (`<!-- prettier-ignore -->`) ends there, in MDX as Docusaurus reads it.
    afterBlank = line.trim() === "" || /^<!--.*-->\s*$/.test(line);
  }
  return false;
}
