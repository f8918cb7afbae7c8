/**
 * Content-changes feed, `GET /api/docs?audience=agent&response=changes[&since=<generation>]` (SPEC 2.4, 3).
 *
 * - no `since`: `snapshot` (every current document listed under `added`);
 * - `since` = the current generation: `delta` with empty arrays;
 * - `since` = a generation still in the build's history: `delta` (added / modified / removed since then);
 * - anything else (garbage, negative, future, too old, empty): `reset` with `resetRequired: true`, listing every
 *   current document like a snapshot so the client can rebuild its copy.
 * No bodies, only paths and URLs. Strong ETag per generation and answer; `If-None-Match` gives 304.
 */
import { fingerprint, matchesIfNoneMatch, notModified } from "../http/etag.ts";
import { errorResponse, jsonResponse } from "../http/responses.ts";
import { CONTENT_CHANGES_FORMAT, runtimeFile, type ChangesLog, type PageEntry } from "../contract/index.ts";
import type { RouteContext } from "./context.ts";

export interface ChangedDocument {
  path: string;
  url?: string;
  markdownUrl?: string;
  digest?: string;
}

export interface ContentChanges {
  format: typeof CONTENT_CHANGES_FORMAT;
  indexGeneration: number;
  since: number | null;
  mode: "snapshot" | "delta" | "reset";
  resetRequired: boolean;
  documentCount: number;
  added: ChangedDocument[];
  modified: ChangedDocument[];
  removed: ChangedDocument[];
}

const CACHE = { "cache-control": "no-cache" };

export async function changesMode(context: RouteContext): Promise<Response> {
  const { settings, pagesByPath } = context.site.data;
  if (!settings.contentChanges || settings.staticExport) {
    return errorResponse(
      404,
      "changes_unavailable",
      "The content-changes feed is turned off for this site (agent.contentChanges is false or staticExport is on).",
    );
  }
  const log = await context.site.data.changes();
  if (!log)
    return errorResponse(
      404,
      "changes_unavailable",
      `This build has no content-changes log (${runtimeFile("changes.json")}); rebuild with \`docs build\`.`,
    );

  const feed = contentChanges(log, context.url.searchParams.get("since"), (path) => pagesByPath.get(path));
  const key = feed.mode === "delta" ? `since-${feed.since}` : feed.mode;
  const etag = `"changes-${log.generation}-${key}-${logFingerprint(log)}"`;
  if (matchesIfNoneMatch(context.request, etag)) return notModified(etag, CACHE);
  return jsonResponse(feed, 200, { etag, ...CACHE });
}

export function contentChanges(
  log: ChangesLog,
  sinceParam: string | null,
  pageOf: (path: string) => PageEntry | undefined,
): ContentChanges {
  const current = log.documents;
  const describe = (path: string): ChangedDocument => {
    const page = pageOf(path);
    return page
      ? { path, url: page.route, markdownUrl: page.markdownRoute, digest: current[path] }
      : { path, digest: current[path] };
  };
  const all = Object.keys(current).sort().map(describe);
  const base = { format: CONTENT_CHANGES_FORMAT, indexGeneration: log.generation, documentCount: all.length } as const;
  if (sinceParam === null)
    return { ...base, since: null, mode: "snapshot", resetRequired: false, added: all, modified: [], removed: [] };

  const since = /^\d{1,15}$/.test(sinceParam.trim()) ? Number(sinceParam.trim()) : NaN;
  const previous =
    since === log.generation ? current : log.history.find((entry) => entry.generation === since)?.documents;
  if (!previous)
    return { ...base, since: null, mode: "reset", resetRequired: true, added: all, modified: [], removed: [] };

  const added: ChangedDocument[] = [];
  const modified: ChangedDocument[] = [];
  for (const document of all) {
    if (!(document.path in previous)) added.push(document);
    else if (previous[document.path] !== current[document.path]) modified.push(document);
  }
  const removed = Object.keys(previous)
    .filter((path) => !(path in current))
    .sort()
    .map((path) => ({ path }));
  return { ...base, since, mode: "delta", resetRequired: false, added, modified, removed };
}

/** Generations restart at 1 when dist/ is deleted; the fingerprint keeps ETags of two such builds apart. */
const fingerprints = new WeakMap<ChangesLog, string>();
function logFingerprint(log: ChangesLog): string {
  let value = fingerprints.get(log);
  if (!value) fingerprints.set(log, (value = fingerprint(JSON.stringify(log.documents))));
  return value;
}
