/** Which pages the incremental cache cannot key (issue 10 imports): their output depends on files outside the key. */
import type { SourcePage } from "../content/discover.ts";
import { SNIPPET_LINE } from "../markdown/code-snippets.ts";

/** A line MDX reads as an import statement. */
const IMPORT_LINE = /^import[\s{*"']/m;

/**
 * An MDX page whose ESM imports a module (issue 10: local components, JSON, packages), or a `.md` page with a
 * VitePress snippet import (markdown/code-snippets.ts). MDX takes `import` only at the start of a line outside code;
 * lines inside fenced code blocks are examples, not imports.
 */
export function importsModules(source: SourcePage): boolean {
  let imports = answered.get(source);
  if (imports === undefined) answered.set(source, (imports = scanImports(source)));
  return imports;
}

/** One scan per source object: a build asks about every page several times (keys, cache, fingerprint). */
const answered = new WeakMap<SourcePage, boolean>();

function scanImports(source: SourcePage): boolean {
  const statement = source.syntax === "mdx" ? IMPORT_LINE : SNIPPET_LINE;
  if (!statement.test(source.source)) return false;
  let fence: string | undefined;
  for (const line of source.source.split("\n")) {
    const marker = /^[ \t]{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker)
        fence = undefined;
    } else if (marker) {
      fence = marker;
    } else if (statement.test(line)) {
      return true;
    }
  }
  return false;
}
