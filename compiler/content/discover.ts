/**
 * Finds every page under the content dir (SPEC 1.2, 2.7). Two layouts are detected, and may be mixed in one tree:
 * folder pages `guides/install/page.md(x)` and file-named pages `guides/install.md(x)`, with `index.md(x)` (or
 * `README.md`) as a folder's own page. A page's agent sibling is `agent.md` beside a folder page and
 * `<name>.agent.md` beside a file-named one. Two files for one page are a `content/duplicate-page` error. A `.md`
 * file another page includes (VitePress's `<!--@include:-->`, markdown/include-lines.ts) is part of that page, not
 * a page of its own.
 *
 * The folder is listed and read synchronously: sources are many small files, and one thread reading them in turn is
 * several times faster than a promise per file through libuv's pool (1,000 bench pages: 7–11 ms against 27–80 ms),
 * which `docs dev` pays on every save. Nothing else runs on the thread meanwhile. `docs dev` passes reads that
 * remember the last build's listings and texts (source-reads.ts).
 */
import path from "node:path";
import type { BuildMessage } from "../diagnostics.ts";
import { includedFiles } from "../markdown/include-lines.ts";
import { markdownIsMdx } from "./markdown-as-mdx.ts";
import { pageFileOf, type PageFile } from "./page-files.ts";
import { publicFolder } from "./public-folder.ts";
import { directReads, type SourceReads } from "./source-reads.ts";

export interface SourcePage {
  /** Relative to the site root, forward slashes. */
  sourcePath: string;
  /** Folder path below the content dir (`""` for the root page). */
  slug: string;
  syntax: "md" | "mdx";
  source: string;
  /** The sibling `agent.md`, when present (SPEC 2.7). */
  agentFile?: { sourcePath: string; text: string };
  /** Generated pages: the blocks the body ends with, joined by blank lines (api-reference/block-parse.ts). */
  blocks?: string[];
}

/**
 * What a `docs dev` session's discovery gave last time, by source path. A page whose file, texts and place are as
 * they were is given as the same object again, so what a build remembers per page object (whether it imports
 * modules, cache/imports-modules.ts) is not worked out again on every save. A one-shot build keeps nothing.
 */
const sessionPages = new WeakMap<SourceReads, Map<string, SourcePage>>();

export async function discoverPages(
  root: string,
  contentDir: string,
  reads: SourceReads = directReads,
): Promise<{ pages: SourcePage[]; messages: BuildMessage[] }> {
  reads.sweep();
  // Resolved once, so the paths below it can be made by joining strings (`inside`).
  return discover(root, path.resolve(contentDir), reads);
}

function discover(
  root: string,
  contentDir: string,
  reads: SourceReads,
): { pages: SourcePage[]; messages: BuildMessage[] } {
  const messages: BuildMessage[] = [];
  const relativeContent = toPosix(path.relative(root, contentDir)) || ".";
  const publicDir = publicFolder(root, contentDir);
  let entries: string[];
  try {
    entries = reads.walk(`pages\0${contentDir}\0${publicDir}`, () => listFiles(reads, contentDir, "", publicDir));
  } catch {
    return {
      pages: [],
      messages: [
        {
          severity: "error",
          rule: "content/missing-folder",
          file: relativeContent,
          reason: "content folder not found",
          hint: "create it or set `contentDir` in the config",
        },
      ],
    };
  }
  const { files, byKey } = pageFilesOf(entries);
  // `file` is a posix path below the content folder (listFiles): its path from the root is the folder's, then it.
  const contentPrefix = toPosix(path.relative(root, contentDir));
  const at = (file: string) => (contentPrefix ? `${contentPrefix}/${file}` : file);
  let pages: SourcePage[] = [];
  const last = reads === directReads ? undefined : sessionPages.get(reads);
  for (const [key, candidates] of byKey) {
    if (candidates.length > 1) {
      const [kept, ...others] = candidates;
      for (const other of others) {
        messages.push({
          severity: "error",
          rule: "content/duplicate-page",
          file: at(other.file),
          line: 1,
          column: 1,
          reason: `${path.posix.basename(other.file)} and ${at(kept.file)} are both the page "${key || "/"}"`,
          hint: "keep one of them: a page is either a folder holding page.md(x) or index.md(x), or a file named <name>.md(x)",
        });
      }
      continue;
    }
    const page = candidates[0];
    const agentFile = files.has(page.agentFile) ? page.agentFile : undefined;
    const sourcePath = at(page.file);
    pages.push(
      readPage(
        reads,
        contentDir,
        page,
        sourcePath,
        agentFile ? { file: agentFile, sourcePath: at(agentFile) } : undefined,
        last?.get(sourcePath),
      ),
    );
  }
  const included = new Set(pages.flatMap((page) => includesOf(page, root, contentDir)));
  if (included.size > 0) pages = pages.filter((page) => !included.has(path.join(root, page.sourcePath)));
  if (pages.length === 0 && messages.length === 0) {
    messages.push({
      severity: "error",
      rule: "content/no-pages",
      file: relativeContent,
      reason: "no pages found",
      hint: "a page is a <name>.md(x) file, or a folder holding page.md(x) or index.md(x)",
    });
  }
  if (reads !== directReads) sessionPages.set(reads, new Map(pages.map((page) => [page.sourcePath, page])));
  return { pages, messages };
}

interface PageFiles {
  files: ReadonlySet<string>;
  /** Each page's key and its files (more than one is a duplicate), the best first; by key. */
  byKey: readonly (readonly [string, PageFile[]])[];
}

/** Worked out once per listing: a dev session's walk gives the same array while no folder changed (source-reads.ts). */
const pageFilesMemo = new WeakMap<readonly string[], PageFiles>();

function pageFilesOf(entries: readonly string[]): PageFiles {
  let known = pageFilesMemo.get(entries);
  if (!known) {
    const byKey = new Map<string, PageFile[]>();
    for (const file of entries) {
      const page = pageFileOf(file);
      if (!page) continue;
      const found = byKey.get(page.key);
      if (found) found.push(page);
      else byKey.set(page.key, [page]);
    }
    for (const found of byKey.values()) found.sort((a, b) => a.rank - b.rank || (a.file < b.file ? -1 : 1));
    known = { files: new Set(entries), byKey: [...byKey].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)) };
    pageFilesMemo.set(entries, known);
  }
  return known;
}

/** The files a page includes, worked out once per page object (a dev session's unchanged pages are the same). */
const pageIncludes = new WeakMap<SourcePage, string[]>();

function includesOf(page: SourcePage, root: string, contentDir: string): string[] {
  let files = pageIncludes.get(page);
  if (!files) {
    files =
      page.syntax === "md"
        ? includedFiles(page.source, path.dirname(path.join(root, page.sourcePath)), contentDir)
        : [];
    pageIncludes.set(page, files);
  }
  return files;
}

function readPage(
  reads: SourceReads,
  contentDir: string,
  page: PageFile,
  sourcePath: string,
  agent: { file: string; sourcePath: string } | undefined,
  last: SourcePage | undefined,
): SourcePage {
  const source = reads.read(inside(contentDir, page.file));
  const agentText = agent ? reads.read(inside(contentDir, agent.file)) : undefined;
  if (
    last?.source === source &&
    last.slug === page.slug &&
    last.agentFile?.sourcePath === agent?.sourcePath &&
    last.agentFile?.text === agentText
  )
    return last;
  return {
    sourcePath,
    slug: page.slug,
    // A `.md` page written for Docusaurus, which compiles `.md` as MDX, is read as MDX (markdown-as-mdx.ts).
    syntax: page.file.endsWith(".mdx") || markdownIsMdx(source) ? "mdx" : "md",
    source,
    agentFile: agent && agentText !== undefined ? { sourcePath: agent.sourcePath, text: agentText } : undefined,
  };
}

/** Files below `dir` as posix paths; skips node_modules, dot folders, `_private` folders and the public folder. */
function listFiles(reads: SourceReads, dir: string, prefix: string, publicDir: string): string[] {
  return reads.list(dir).flatMap((entry) => {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.kind === "folder") {
      if (entry.name === "node_modules" || entry.name.startsWith(".") || entry.name.startsWith("_")) return [];
      const folder = inside(dir, entry.name);
      return folder === publicDir ? [] : listFiles(reads, folder, relative, publicDir);
    }
    return entry.kind === "file" ? [relative] : [];
  });
}

/**
 * `path.join(folder, relative)` for a resolved folder and a posix path below it, without normalizing again: discovery
 * makes two of these per page, and at 5,000 pages `path.join` alone was ~30 ms of each `docs dev` save.
 */
function inside(folder: string, relative: string): string {
  const local = path.sep === "/" ? relative : relative.split("/").join(path.sep);
  return folder.endsWith(path.sep) ? folder + local : folder + path.sep + local;
}

export function toPosix(value: string): string {
  return value.split(path.sep).join("/");
}
