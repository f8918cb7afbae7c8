/**
 * Which content files are pages, and which page each one is (SPEC 1.2): the one place that knows the two layouts.
 * `guides/install/page.md(x)`, `guides/install/index.md(x)`, `guides/install/README.md`, Hugo's
 * `guides/install/_index.md` and `guides/install.md(x)` are all the page `guides/install`. `agent.md` and
 * `<name>.agent.md` are agent siblings, never pages, and any other `_<name>.md(x)` is a partial that pages import
 * (the Docusaurus convention; `_` folders are skipped by discovery). Pure functions of paths, so link resolution
 * (compiler/links/) maps a linked file to its page the same way discovery does.
 */
import path from "node:path";

export interface PageFile {
  /** Content-relative path of the source file, posix. */
  file: string;
  /** The page's folder path as written, route groups included (`(guides)/install`); `""` for the root page. */
  key: string;
  /** The URL path below the docs route: the key without route-group segments. */
  slug: string;
  /** Which file wins the reference spot when two files are the same page (lower first). */
  rank: number;
  /** Content-relative path where this page's agent sibling would be. */
  agentFile: string;
}

const FOLDER_PAGE_RANK: Record<string, number> = {
  "page.md": 0,
  "page.mdx": 1,
  "index.md": 2,
  "index.mdx": 3,
  "README.md": 4,
  // Hugo's section page.
  "_index.md": 4,
};

/** The page a content-relative file is, or undefined when it is not a page. */
export function pageFileOf(file: string): PageFile | undefined {
  const name = path.posix.basename(file);
  const folder = path.posix.dirname(file) === "." ? "" : path.posix.dirname(file);
  const folderRank = FOLDER_PAGE_RANK[name];
  if (!/\.mdx?$/.test(name) || name === "agent.md" || name.endsWith(".agent.md")) return undefined;
  if (name.startsWith("_") && folderRank === undefined) return undefined;
  if (folderRank !== undefined) {
    return { file, key: folder, slug: slugOf(folder), rank: folderRank, agentFile: join(folder, "agent.md") };
  }
  const stem = name.replace(/\.mdx?$/, "");
  const key = join(folder, stem);
  return {
    file,
    key,
    slug: slugOf(key),
    rank: name.endsWith(".mdx") ? 6 : 5,
    agentFile: join(folder, `${stem}.agent.md`),
  };
}

/**
 * The page key a content-relative link target names: a page file (`guide.md`, `guide/index.md`, `guide/page.mdx`)
 * or a page's folder path (`guide`, `guide/`). Undefined for other files (`logo.png`).
 */
export function pageKeyOfTarget(target: string): string | undefined {
  const trimmed = target.replace(/\/+$/, "");
  if (/\.mdx?$/.test(trimmed)) return pageFileOf(trimmed)?.key;
  if (/\.[A-Za-z0-9]+$/.test(path.posix.basename(trimmed))) return undefined;
  return trimmed === "." ? "" : trimmed;
}

/** Route groups `(name)` do not add a URL segment (the Next.js convention). */
export function slugOf(key: string): string {
  return key
    .split("/")
    .filter((segment) => segment !== "" && !/^\(.*\)$/.test(segment))
    .join("/");
}

function join(folder: string, name: string): string {
  return folder ? `${folder}/${name}` : name;
}
