/**
 * `docs agent compact` page selection (SPEC 1.5, 2.7 rule 4): one page named by slug, route, `.md` route or source
 * file; `--all`; `--changed` (git working tree: staged, unstaged, untracked); `--stale` (a generated agent.md whose
 * page source changed since, or any agent.md over its budget); `--include-missing` (pages with `agent.tokenBudget`
 * and no agent.md). Unknown pages and paths outside the root are errors with the closest page named.
 */
import { execFileSync } from "node:child_process";
import path from "node:path";
import { closestName } from "../diagnostics.ts";
import type { SourcePage } from "../content/discover.ts";
import { pageRoutes } from "../model/routes.ts";

export class SelectionError extends Error {}

export function selectPage(
  pages: SourcePage[],
  target: string,
  context: { root: string; docsPath: string },
): SourcePage {
  const root = path.resolve(context.root);
  const absolute = path.resolve(target);
  const looksLikeFile = /\.(mdx?)$/.test(target) && !target.startsWith("/");
  if (
    looksLikeFile &&
    absolute !== root &&
    !absolute.startsWith(root + path.sep) &&
    !path.resolve(root, target).startsWith(root + path.sep)
  ) {
    throw new SelectionError(`${target} is outside the site root ${root}`);
  }
  const asFile = path.relative(root, absolute).split(path.sep).join("/");
  const wanted = target.replace(/\/+$/, "");
  for (const page of pages) {
    const routes = pageRoutes(context, page.slug);
    const names = [page.slug, routes.route, routes.markdownRoute, page.sourcePath, page.agentFile?.sourcePath];
    if (names.includes(wanted) || names.includes(asFile) || names.includes(target)) return page;
  }
  const suggestion = closestName(
    wanted,
    pages.map((page) => page.slug || "/"),
  );
  throw new SelectionError(
    `no page "${target}"${suggestion !== undefined ? ` — did you mean "${suggestion}"?` : ""}; name a page by its path (guides/install), route or source file`,
  );
}

/** Source files changed in the git working tree under `dir` (staged, unstaged, untracked), relative to `root`. */
export function changedFiles(root: string, dir: string): Set<string> {
  let output: string;
  try {
    output = execFileSync("git", ["status", "--porcelain=v1", "-z", "--untracked-files=all", "--", dir], {
      cwd: root,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
  } catch (error) {
    throw new SelectionError(`--changed needs a git working tree: ${(error as Error).message.split("\n")[0]}`);
  }
  const top = execFileSync("git", ["rev-parse", "--show-toplevel"], { cwd: root, encoding: "utf8" }).trim();
  const files = new Set<string>();
  const entries = output.split("\0").filter(Boolean);
  for (let i = 0; i < entries.length; i++) {
    const status = entries[i].slice(0, 2);
    const file = entries[i].slice(3);
    if (status.startsWith("R") || status.startsWith("C")) i++;
    files.add(path.relative(root, path.join(top, file)).split(path.sep).join("/"));
  }
  return files;
}
