/**
 * VitePress's Markdown file inclusion in `.md` pages: `<!--@include: ./parts/setup.md-->`, optionally with `#region`
 * (the lines between `<!-- #region name -->` and `<!-- #endregion -->`) and `{from,to}` (1-based lines, either end
 * open). `@/` is the content folder; other paths are relative to the including file. Read here from source text
 * (discovery, the incremental cache) and from parsed trees (partials.ts).
 */
import path from "node:path";
import { linesOutsideFences } from "./outside-fences.ts";

/** `<!--@include: path#region{from,to}-->`. */
export const INCLUDE = /^<!--\s*@include:\s*([^\s#{]+?)(?:#([\w.-]+))?(?:\{(\d*),(\d*)\})?\s*-->$/;

/** Somewhere in a source: the cheap test before a line-by-line scan. */
const INCLUDE_ANYWHERE = /<!--\s*@include:/;

export interface IncludeTarget {
  /** As written. */
  written: string;
  /** Absolute. */
  file: string;
  region?: string;
  /** 1-based, inclusive; undefined ends are open. */
  from?: number;
  to?: number;
}

/** The include a comment's text names, or undefined when it is none. `dir`: the including file's folder. */
export function includeTarget(comment: string, dir: string, contentDir: string): IncludeTarget | undefined {
  const found = INCLUDE.exec(comment.trim());
  if (!found) return undefined;
  const [, written, region, from, to] = found;
  const file = written.startsWith("@/") ? path.join(contentDir, written.slice(2)) : path.resolve(dir, written);
  return { written, file, region, from: from ? Number(from) : undefined, to: to ? Number(to) : undefined };
}

/** The include comments of a `.md` source, each on a line of its own outside code blocks. */
export function includeLines(source: string): string[] {
  if (!INCLUDE_ANYWHERE.test(source)) return [];
  const lines: string[] = [];
  for (const line of linesOutsideFences(source)) if (INCLUDE.test(line.trim())) lines.push(line.trim());
  return lines;
}

/** The absolute paths a `.md` source includes. `dir`: its folder. */
export function includedFiles(source: string, dir: string, contentDir: string): string[] {
  return includeLines(source).map((line) => includeTarget(line, dir, contentDir)!.file);
}
