/** Which pages the incremental cache cannot key (issue 10 imports): their output depends on files outside the key. */
import type { SourcePage } from "../content/discover.ts";
import { SNIPPET_LINE } from "../markdown/code-snippets.ts";
import { includeLines } from "../markdown/include-lines.ts";
import { linesOutsideFences } from "../markdown/outside-fences.ts";

/** A line MDX reads as an import statement. */
const IMPORT_LINE = /^import[\s{*"']/m;

/**
 * An MDX page whose ESM imports a module (issue 10: local components, JSON, packages, partials), or a `.md` page
 * with a VitePress snippet import or file inclusion (markdown/code-snippets.ts, include-lines.ts). MDX takes `import`
 * only at the start of a line outside code; lines inside fenced code blocks are examples, not imports.
 */
export function importsModules(source: SourcePage): boolean {
  let imports = answered.get(source);
  if (imports === undefined) answered.set(source, (imports = scanImports(source)));
  return imports;
}

/** One scan per source object: a build asks about every page several times (keys, cache, fingerprint). */
const answered = new WeakMap<SourcePage, boolean>();

function scanImports(source: SourcePage): boolean {
  if (source.syntax === "md" && includeLines(source.source).length > 0) return true;
  const statement = source.syntax === "mdx" ? IMPORT_LINE : SNIPPET_LINE;
  if (!statement.test(source.source)) return false;
  for (const line of linesOutsideFences(source.source)) if (statement.test(line)) return true;
  return false;
}
