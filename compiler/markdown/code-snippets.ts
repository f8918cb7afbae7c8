/**
 * VitePress's code snippet imports in `.md` pages: a line `<<< @/snippets/retry.ts` becomes a fenced code block
 * holding that file, as VitePress shows it. `@` is the content folder; other paths are relative to the page. After
 * the path, as VitePress writes them: `#name` for the lines between `#region name` and `#endregion` (their common
 * indentation taken off), `{1,3-5 lang}` for highlighted lines and a language (else the file's extension names it),
 * and ` [title]` for the block's title.
 *
 * The file is read when the page is built, and only inside the site's folder: a path outside it, or a file or region
 * that is missing, leaves the line as written, with a `markdown/missing-snippet` warning at it. A page with such a
 * line is never kept in the incremental cache (cache/imports-modules.ts), as its output depends on another file.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Code, Root, RootContent } from "mdast";
import type { BuildMessage } from "../diagnostics.ts";

/** `<<< path#region{lines lang} [title]`. */
const SNIPPET = /^<<<[ \t]+([^\s#{[]+)(?:#([\w.-]+))?(?:\{([^}]*)\})?(?:[ \t]+\[([^\]]*)\])?[ \t]*$/;

/** A line that starts a snippet import, for scans of the source text. */
export const SNIPPET_LINE = /^<<<[ \t]+\S/m;

export interface SnippetFolders {
  /** The site's folder: no snippet is read from outside it. */
  root: string;
  /** Where `@/` points. */
  contentDir: string;
  /** The page's own folder, for relative paths. */
  pageDir: string;
}

/** Replaces each snippet line of `tree` with its code block, in place. */
export function importCodeSnippets(
  tree: Root,
  folders: SnippetFolders,
  sourcePath: string,
): { changed: boolean; messages: BuildMessage[] } {
  const messages: BuildMessage[] = [];
  let changed = false;
  tree.children = tree.children.map((node): RootContent => {
    const line = snippetLine(node);
    if (!line) return node;
    const snippet = readSnippet(line, folders);
    if (typeof snippet === "string") {
      const at = node.position?.start;
      messages.push({
        severity: "warning",
        rule: "markdown/missing-snippet",
        file: sourcePath,
        line: at?.line,
        column: at?.column,
        reason: snippet,
        hint: "`@/` is the content folder; a path without it is relative to the page",
      });
      return node;
    }
    changed = true;
    return { ...snippet, position: node.position };
  });
  return { changed, messages };
}

function snippetLine(node: RootContent): RegExpExecArray | undefined {
  if (node.type !== "paragraph" || node.children.length !== 1) return undefined;
  const [only] = node.children;
  return only.type === "text" ? (SNIPPET.exec(only.value.trim()) ?? undefined) : undefined;
}

/** The code block, or why there is none. */
function readSnippet(line: RegExpExecArray, folders: SnippetFolders): Code | string {
  const [, written, region, braces, title] = line;
  const file = written.startsWith("@/")
    ? path.join(folders.contentDir, written.slice(2))
    : path.resolve(folders.pageDir, written);
  const inSite = path.relative(folders.root, file);
  if (inSite.startsWith("..") || path.isAbsolute(inSite)) return `snippet ${written} is outside the site's folder`;
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return `snippet ${written} names no readable file`;
  }
  const lines = region === undefined ? text : regionOf(text, region);
  if (lines === undefined) return `snippet ${written} has no region "${region}"`;
  const tokens = (braces ?? "").trim().split(/\s+/).filter(Boolean);
  const highlights = tokens.filter((token) => /^[\d,-]+$/.test(token)).join(",");
  const lang = tokens.find((token) => !/^[\d,-]+$/.test(token)) ?? path.extname(file).slice(1);
  const meta = [highlights && `{${highlights}}`, title && `title=${JSON.stringify(title)}`].filter(Boolean).join(" ");
  return {
    type: "code",
    lang: lang || null,
    meta: meta || null,
    value: lines.replace(/\r\n?/g, "\n").replace(/\n+$/, ""),
  };
}

/** The lines between `#region name` and its `#endregion`, without nested markers and their common indentation. */
function regionOf(text: string, name: string): string | undefined {
  const lines = text.split(/\r?\n/);
  const range = regionRange(lines, name);
  if (!range) return undefined;
  const body = lines.slice(range.first, range.last + 1).filter((line) => !REGION_MARKER.test(line));
  const indent = Math.min(...body.filter((l) => l.trim()).map((l) => /^[ \t]*/.exec(l)![0].length));
  return body.map((l) => l.slice(Number.isFinite(indent) ? indent : 0)).join("\n");
}

/** A `#region name` / `#endregion` marker, in any language's comment (`// #region`, `<!-- #region -->`, `#pragma`). */
const REGION_MARKER = /#(?:pragma\s+)?(end)?region\b\s*([\w.-]*)/;

/**
 * The indexes of the first and last line inside region `name` (markers of regions nested in it included), or
 * undefined when `lines` has no such region. An unclosed region runs to the end. Shared with partials.ts.
 */
export function regionRange(lines: readonly string[], name: string): { first: number; last: number } | undefined {
  const start = lines.findIndex((line) => {
    const found = REGION_MARKER.exec(line);
    return found !== null && found[1] === undefined && found[2] === name;
  });
  if (start < 0) return undefined;
  let depth = 0;
  for (let index = start + 1; index < lines.length; index++) {
    const found = REGION_MARKER.exec(lines[index]);
    if (!found) continue;
    if (found[1] !== undefined && depth === 0) return { first: start + 1, last: index - 1 };
    depth += found[1] === undefined ? 1 : -1;
  }
  return { first: start + 1, last: lines.length - 1 };
}
