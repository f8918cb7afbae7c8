/**
 * The data of `docs diff` (issue 11): two built `dist/` trees as read from disk, and what changed between them,
 * grouped for a reviewer. Renderers (text, Markdown, JSON) only format a `DistDiff`; nothing here reads files.
 */
import type { PageEntry, SearchChunk, SiteSettings } from "../../runtime/contract/index.ts";

/** The JSON output's format id (`docs diff --format json`). */
export const DIST_DIFF_FORMAT = "quire-dist-diff.v1";

/** One built tree: what the page-level report reads from it, plus its file list. */
export interface DistSnapshot {
  /** The folder as the user named it, for headings. */
  label: string;
  site: SiteSettings;
  pages: PageEntry[];
  /**
   * `_docs/search-human.json` and `search-agent.json`; null when a tree lacks them or they do not parse, and empty
   * on both sides when both trees' indexes are byte-identical (no page's text changed, so none is compared).
   */
  chunks: { human: SearchChunk[]; agent: SearchChunk[] } | null;
  /** Every file, dist-relative with forward slashes, except the build manifest itself. */
  files: Set<string>;
}

/** A fingerprinted asset (`_quire/quire.<hash>.css`) whose hash moved: one logical file, two names. */
export interface AssetRename {
  /** The name without its hash: `_quire/quire.css`. */
  logical: string;
  from: string;
  to: string;
}

/** Two trees and how their shared files compare (read-dists.ts decides; the model only reads the result). */
export interface DistPair {
  old: DistSnapshot;
  new: DistSnapshot;
  /** Paths present in both trees whose bytes differ once asset fingerprints are set aside. */
  changed: Set<string>;
  renamedAssets: AssetRename[];
}

export type ArtifactGroupId =
  | "human-pages"
  | "agent-markdown"
  | "llms"
  | "sitemaps"
  | "search"
  | "discovery"
  | "runtime-data"
  | "assets";

export interface ArtifactGroupDiff {
  id: ArtifactGroupId;
  label: string;
  /** Routes for the two page groups, dist-relative paths otherwise; sorted. */
  added: string[];
  changed: string[];
  removed: string[];
  /** Changed entries whose only change is shared layout (human pages: navigation, prev/next, asset links). */
  layoutOnly: string[];
}

export type PageDetail =
  | { kind: "title"; from: string; to: string }
  | { kind: "description"; from: string | null; to: string | null }
  | { kind: "headings"; added: string[]; removed: string[] }
  | { kind: "text"; audience: "agent-only" | "human-only" | "both"; added: string[]; removed: string[] }
  | { kind: "contract"; change: "added" | "removed" | "changed"; fields: string[] }
  | { kind: "agent-file"; change: "added" | "removed" }
  | { kind: "related"; added: string[]; removed: string[] }
  | { kind: "hidden"; to: boolean }
  | { kind: "last-modified"; from: string | null; to: string | null }
  /** The page's `.md` changed and nothing above explains it (links, formatting). */
  | { kind: "markdown" };

export interface PageChange {
  /** Page path (slug); "" for the root page. */
  path: string;
  route: string;
  title: string;
  status: "added" | "removed" | "changed";
  details: PageDetail[];
}

export interface DistDiff {
  format: typeof DIST_DIFF_FORMAT;
  old: { label: string; title: string; pages: number; files: number };
  new: { label: string; title: string; pages: number; files: number };
  /** Files added, changed and removed over all groups (a renamed asset counts once, as changed). */
  totals: { added: number; changed: number; removed: number };
  groups: ArtifactGroupDiff[];
  /** Pages added, removed, or changed in what they say (layout-only changes are in the human-pages group). */
  pages: PageChange[];
  renamedAssets: AssetRename[];
}

/** Whether anything at all differs (`--fail-on-change`). */
export function hasChanges(diff: DistDiff): boolean {
  return diff.totals.added + diff.totals.changed + diff.totals.removed > 0;
}
