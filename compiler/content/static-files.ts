/**
 * Files a site ships as-is: the `public/` folder (public-folder.ts), the images and documents beside the pages
 * (content-assets.ts) and root AGENTS.md / AGENT.md / skill.md beside the config.
 */
import { readdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { isContentAsset } from "./content-assets.ts";
import { publicFolder } from "./public-folder.ts";
import { directReads, type FolderEntry, type SourceReads } from "./source-reads.ts";

export interface StaticFiles {
  /** `public/`-relative path → bytes; copied to dist/ last, so they win over generated files. */
  public: Map<string, Uint8Array>;
  /** Content-relative path → bytes of each image, media file or document in the content folder. */
  content: Map<string, Uint8Array>;
  /** SPEC 4.2: a root AGENTS.md (or AGENT.md) is served byte-for-byte instead of the generated one. */
  agentsMd?: { file: string; bytes: Uint8Array };
  /** A root skill.md, served byte-for-byte. */
  skillMd?: { file: string; bytes: Uint8Array };
}

/**
 * `contentDir` defaults to none; `outDir` is never read as content, should the content folder hold it. `reads`: how
 * the content folder's folders are listed (`docs dev` passes the session's, which lists again only a folder whose
 * status changed: at 5,000 pages every save listed 5,000 folders); by default each is listed afresh. Folders are
 * listed synchronously, as discovery lists them (discover.ts): 1,000 page folders take ~10 ms so, ~60 ms through
 * the promise API.
 */
export async function readStaticFiles(
  root: string,
  contentDir?: string,
  outDir?: string,
  reads?: SourceReads,
): Promise<StaticFiles> {
  const publicDir = publicFolder(root, contentDir);
  const excluded = [publicDir, outDir].flatMap((dir) => (dir === undefined ? [] : [path.resolve(dir)]));
  const contentFolderPath = contentDir === undefined ? undefined : path.resolve(contentDir);
  const contentReads = reads ?? directReads;
  const [publicFiles, content, agents, agent, skill] = await Promise.all([
    readAll(publicDir, filesBelow(directReads.list, publicDir)),
    contentFolderPath
      ? readAll(
          contentFolderPath,
          // Resolved as discovery resolves it: a session's folders are then listed once a build (source-reads.ts).
          contentReads.walk(`assets\0${contentFolderPath}\0${excluded.join("\0")}`, () =>
            filesBelow(
              contentReads.list,
              contentFolderPath,
              "",
              (relative, dir) => contentFolder(relative, dir, excluded),
              isContentAsset,
            ),
          ),
        )
      : new Map<string, Uint8Array>(),
    readOptional(root, "AGENTS.md"),
    readOptional(root, "AGENT.md"),
    readOptional(root, "skill.md"),
  ]);
  return { public: publicFiles, content, agentsMd: agents ?? agent, skillMd: skill };
}

/**
 * The folders page discovery reads (no node_modules, dot or `_private` folders), less `excluded`. `dir` is resolved
 * (joined to the resolved content folder), as `excluded` is.
 */
function contentFolder(name: string, dir: string, excluded: readonly string[]): boolean {
  if (name === "node_modules" || name.startsWith(".") || name.startsWith("_")) return false;
  return !excluded.includes(dir);
}

type ListFolder = (dir: string) => FolderEntry[];

async function readOptional(root: string, file: string): Promise<{ file: string; bytes: Uint8Array } | undefined> {
  try {
    // Exact-case match: a case-insensitive filesystem must not make AGENT.md stand in for AGENTS.md.
    if (!readdirSync(root).includes(file)) return undefined;
    return { file, bytes: await readFile(path.join(root, file)) };
  } catch {
    return undefined;
  }
}

/**
 * Every file below `dir` as posix paths, each folder's entries by name, or those in the folders and of the names the
 * filters keep. A folder that cannot be listed holds nothing.
 */
function filesBelow(
  list: ListFolder,
  dir: string,
  prefix = "",
  enter: (name: string, dir: string) => boolean = () => true,
  keep: (relative: string) => boolean = () => true,
  found: string[] = [],
): string[] {
  let entries: FolderEntry[];
  try {
    entries = list(dir);
  } catch {
    return found;
  }
  for (const entry of [...entries].sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.kind === "folder") {
      const child = path.join(dir, entry.name);
      if (enter(entry.name, child)) filesBelow(list, child, relative, enter, keep, found);
    } else if (entry.kind === "file" && keep(relative)) found.push(relative);
  }
  return found;
}

/** The bytes of each of `files` (posix paths below `dir`), in their order. */
async function readAll(dir: string, files: readonly string[]): Promise<Map<string, Uint8Array>> {
  const bytes = await Promise.all(files.map((file) => readFile(path.join(dir, file))));
  return new Map(files.map((file, i) => [file, bytes[i]!]));
}
