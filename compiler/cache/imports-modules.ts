/** Which pages the incremental cache cannot key (issue 10 imports): their output depends on files outside the key. */
import type { SourcePage } from "../content/discover.ts";
import { SNIPPET_LINE } from "../markdown/code-snippets.ts";
import { includeLines } from "../markdown/include-lines.ts";
import { REPLACED_MODULES } from "../markdown/foreign-components.ts";
import { linesOutsideFences } from "../markdown/outside-fences.ts";

/** A line MDX reads as an import statement. */
const IMPORT_LINE = /^import[\s{*"']/m;

/**
 * An MDX page whose ESM imports a module (issue 10: local components, JSON, packages, partials), or a `.md` page
 * with a VitePress snippet import or file inclusion (markdown/code-snippets.ts, include-lines.ts). MDX takes `import`
 * only at the start of a line outside code; lines inside fenced code blocks are examples, not imports. Imports of
 * modules the compiler replaces (`replacedModule`) read no file, and leave a page keyed.
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
  const lines = [...linesOutsideFences(source.source)];
  for (let index = 0; index < lines.length; index++) {
    if (!statement.test(lines[index])) continue;
    if (source.syntax === "md" || !replacedModule(lines, index)) return true;
  }
  return false;
}

/** The first quoted string of a statement, on its line or the next few: the module an `import` names. */
const MODULE_NAME = /["']([^"'\n]*)["']/;

/**
 * True when the import at `lines[index]` is of a module the compiler replaces without reading a file: a docs tool's
 * components (`@theme/Tabs`, `@astrojs/starlight/components`) or an Astro component, whose content is shown without
 * it (foreign-components.ts). A name the compiler does not know from such a module is an error, which no cache keeps.
 */
function replacedModule(lines: string[], index: number): boolean {
  const statement = lines.slice(index, index + STATEMENT_LINES).join("\n");
  const name = MODULE_NAME.exec(statement)?.[1];
  return name !== undefined && (REPLACED_MODULES.has(name) || name.endsWith(".astro"));
}

/** How far an import statement's module name is looked for (one specifier a line, then `} from "…"`). */
const STATEMENT_LINES = 40;
