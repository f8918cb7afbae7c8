/**
 * `docs diff` (issue 11): what changed between two built `dist/` trees, grouped by artifact family, with per-page
 * detail. Pure: read-dists.ts has already compared the bytes; this only interprets the result.
 */
import { ARTIFACT_GROUPS, artifactGroup, groupContext, htmlFileOf, htmlRoute } from "./artifact-groups.ts";
import {
  DIST_DIFF_FORMAT,
  type ArtifactGroupDiff,
  type ArtifactGroupId,
  type DistDiff,
  type DistPair,
  type DistSnapshot,
  type PageChange,
} from "./model.ts";
import type { PageEntry, SearchChunk } from "../../runtime/contract/index.ts";
import { pageDetails, pageText, showsInHtml, type PageSide } from "./page-changes.ts";

export function diffDists(pair: DistPair): DistDiff {
  const { old: before, new: after, changed } = pair;
  const renamed = new Set(pair.renamedAssets.flatMap((rename) => [rename.from, rename.to]));
  const context = groupContext([before.site, after.site], [...before.pages, ...after.pages]);
  const groups = new Map<ArtifactGroupId, ArtifactGroupDiff>(
    ARTIFACT_GROUPS.map(({ id, label }) => [id, { id, label, added: [], changed: [], removed: [], layoutOnly: [] }]),
  );
  const entryOf = (file: string) => {
    const id = artifactGroup(file, context);
    return { group: groups.get(id)!, name: nameIn(id, file) };
  };
  for (const file of after.files) {
    if (renamed.has(file)) continue;
    const { group, name } = entryOf(file);
    if (!before.files.has(file)) group.added.push(name);
    else if (changed.has(file)) group.changed.push(name);
  }
  for (const file of before.files) {
    if (renamed.has(file) || after.files.has(file)) continue;
    const { group, name } = entryOf(file);
    group.removed.push(name);
  }
  for (const rename of pair.renamedAssets) groups.get(artifactGroup(rename.to, context))!.changed.push(rename.logical);

  const pages = pageChanges(before, after, changed);
  const contentChanged = new Set(pages.filter((page) => page.details.some(showsInHtml)).map((page) => page.route));
  const human = groups.get("human-pages")!;
  // Without both search indexes a page's own text cannot be told from its layout, so nothing is called layout-only.
  const judged = before.chunks !== null && after.chunks !== null;
  human.layoutOnly = judged ? human.changed.filter((route) => !contentChanged.has(route)) : [];
  for (const group of groups.values())
    for (const list of [group.added, group.changed, group.removed, group.layoutOnly]) list.sort();

  const all = [...groups.values()];
  const count = (key: "added" | "changed" | "removed") => all.reduce((sum, group) => sum + group[key].length, 0);
  return {
    format: DIST_DIFF_FORMAT,
    old: summaryOf(before),
    new: summaryOf(after),
    totals: { added: count("added"), changed: count("changed"), removed: count("removed") },
    groups: all,
    pages,
    renamedAssets: pair.renamedAssets,
  };
}

/** Page groups list routes, the others dist-relative files. */
function nameIn(group: ArtifactGroupId, file: string): string {
  if (group === "human-pages") return htmlRoute(file);
  if (group === "agent-markdown") return `/${file}`;
  return file;
}

function summaryOf(tree: DistSnapshot) {
  return { label: tree.label, title: tree.site.title, pages: tree.pages.length, files: tree.files.size };
}

/** Pages added, removed, or changed in what they say; a page whose HTML alone changed is left to the group. */
function pageChanges(before: DistSnapshot, after: DistSnapshot, changed: Set<string>): PageChange[] {
  const oldPages = new Map(before.pages.map((entry) => [entry.route, entry]));
  const newPages = new Map(after.pages.map((entry) => [entry.route, entry]));
  const [oldChunks, newChunks] = [indexChunks(before), indexChunks(after)];
  const result: PageChange[] = [];
  for (const [route, entry] of newPages) {
    const previous = oldPages.get(route);
    const base = { path: entry.path, route, title: entry.title };
    if (!previous) {
      result.push({ ...base, status: "added", details: [] });
      continue;
    }
    const markdownChanged = changed.has(entry.markdownRoute.slice(1));
    // A page's text reaches its HTML (human) or its .md (agent); when neither file changed, neither did the text.
    const textMayDiffer = markdownChanged || changed.has(htmlFileOf(route));
    const details = pageDetails(
      sideOf(textMayDiffer ? oldChunks : null, previous),
      sideOf(textMayDiffer ? newChunks : null, entry),
    );
    if (details.length === 0 && markdownChanged) details.push({ kind: "markdown" });
    if (details.length > 0) result.push({ ...base, status: "changed", details });
  }
  for (const [route, entry] of oldPages) {
    if (!newPages.has(route))
      result.push({ path: entry.path, route, title: entry.title, status: "removed", details: [] });
  }
  return result.sort((a, b) => (a.route < b.route ? -1 : a.route > b.route ? 1 : 0));
}

type ChunkIndex = { human: Map<string, SearchChunk[]>; agent: Map<string, SearchChunk[]> } | null;

/** Each audience's chunks by page path, built once per tree: a scan per page would be quadratic in the site. */
function indexChunks(tree: DistSnapshot): ChunkIndex {
  if (!tree.chunks) return null;
  const byPath = (chunks: SearchChunk[]) => {
    const index = new Map<string, SearchChunk[]>();
    for (const chunk of chunks) {
      const list = index.get(chunk.path);
      if (list) list.push(chunk);
      else index.set(chunk.path, [chunk]);
    }
    return index;
  };
  return { human: byPath(tree.chunks.human), agent: byPath(tree.chunks.agent) };
}

function sideOf(index: ChunkIndex, entry: PageEntry): PageSide {
  return {
    entry,
    text: index
      ? {
          human: pageText(entry, index.human.get(entry.path) ?? []),
          agent: pageText(entry, index.agent.get(entry.path) ?? []),
        }
      : null,
  };
}
