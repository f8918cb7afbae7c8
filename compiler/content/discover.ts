/** Finds every page under the content dir: `**​/page.mdx` or `page.md`, plus sibling `agent.md` files. */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { BuildMessage } from "../diagnostics.ts";

export interface SourcePage {
  /** Relative to the site root, forward slashes. */
  sourcePath: string;
  /** Folder path below the content dir (`""` for the root page). */
  slug: string;
  syntax: "md" | "mdx";
  source: string;
  /** The sibling `agent.md`, when present (SPEC 2.7). */
  agentFile?: { sourcePath: string; text: string };
}

const PAGE_FILES = new Set(["page.mdx", "page.md"]);

export async function discoverPages(root: string, contentDir: string): Promise<{ pages: SourcePage[]; messages: BuildMessage[] }> {
  const messages: BuildMessage[] = [];
  const relativeContent = toPosix(path.relative(root, contentDir)) || ".";
  let entries: string[];
  try {
    entries = await listFiles(contentDir);
  } catch {
    return { pages: [], messages: [{ severity: "error", rule: "content/missing-folder", file: relativeContent, reason: "content folder not found", hint: "create it or set `contentDir` in the config" }] };
  }
  const byFolder = new Map<string, string[]>();
  for (const file of entries) {
    const folder = path.posix.dirname(file);
    byFolder.set(folder, [...(byFolder.get(folder) ?? []), path.posix.basename(file)]);
  }
  const pages: Promise<SourcePage>[] = [];
  for (const [folder, names] of [...byFolder].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const pageNames = names.filter((n) => PAGE_FILES.has(n)).sort();
    if (pageNames.length === 0) continue;
    const at = (name: string) => toPosix(path.relative(root, path.join(contentDir, folder, name)));
    if (pageNames.length > 1) {
      messages.push({ severity: "error", rule: "content/duplicate-page", file: at("page.mdx"), reason: `both page.md and page.mdx define the route of "${folder}"`, hint: "keep one of them" });
      continue;
    }
    const name = pageNames[0];
    pages.push(readPage(contentDir, folder, name, at(name), names.includes("agent.md") ? at("agent.md") : undefined));
  }
  if (pages.length === 0 && messages.length === 0) {
    messages.push({ severity: "error", rule: "content/no-pages", file: relativeContent, reason: "no pages found", hint: "a page is a folder holding page.mdx or page.md" });
  }
  return { pages: await Promise.all(pages), messages };
}

async function readPage(contentDir: string, folder: string, name: string, sourcePath: string, agentPath: string | undefined): Promise<SourcePage> {
  const [source, agentText] = await Promise.all([
    readFile(path.join(contentDir, folder, name), "utf8"),
    agentPath ? readFile(path.join(contentDir, folder, "agent.md"), "utf8") : undefined,
  ]);
  return {
    sourcePath,
    slug: slugOf(folder),
    syntax: name.endsWith(".mdx") ? "mdx" : "md",
    source,
    agentFile: agentPath && agentText !== undefined ? { sourcePath: agentPath, text: agentText } : undefined,
  };
}

/** Route groups `(name)` do not add a URL segment (the Next.js convention). */
function slugOf(folder: string): string {
  if (folder === ".") return "";
  return folder.split("/").filter((segment) => !/^\(.*\)$/.test(segment)).join("/");
}

/** Files below `dir` as posix paths; skips node_modules, dot folders and `_private` folders. */
async function listFiles(dir: string, prefix = ""): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(entries.map(async (entry) => {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (entry.name === "node_modules" || entry.name.startsWith(".") || entry.name.startsWith("_")) return [];
      return listFiles(path.join(dir, entry.name), relative);
    }
    return entry.isFile() ? [relative] : [];
  }));
  return nested.flat();
}

export function toPosix(value: string): string {
  return value.split(path.sep).join("/");
}
