/**
 * Which open tabs a rebuild affects (issue 11, `docs dev`): the output of the previous and the new build are
 * compared file by file. A changed stylesheet is swapped in place; an HTML page whose only change is the new
 * stylesheet URL (fingerprinted names change with their bytes) is not reloaded for it; any other change to a page's
 * HTML, or its removal, reloads the tabs showing that route, and so does a changed image or document (`public/` or
 * beside the pages) that the route's HTML links.
 */
import { isContentAsset, urlOfOutputFile } from "../../compiler/content/content-assets.ts";
import { sameContents, type OutputFiles } from "../../compiler/write/write-dist.ts";

export interface StylesheetSwap {
  /** Path of the stylesheet the page links now, with a leading slash. */
  from: string;
  /** Path to link instead (equal to `from` when the file kept its name). */
  to: string;
}

export interface LiveUpdate {
  /** Routes (`/docs/install`, `/`) whose tabs must reload, sorted. */
  reload: string[];
  css: StylesheetSwap[];
}

export function liveUpdateOf(previous: OutputFiles, next: OutputFiles): LiveUpdate {
  const changed = [...new Set([...previous.keys(), ...next.keys()])]
    .filter((name) => !sameContents(previous.get(name), next.get(name)))
    .sort();
  const css = stylesheetSwaps(
    changed.filter((name) => name.endsWith(".css")),
    previous,
    next,
  );
  const reload: string[] = [];
  for (const name of changed) {
    if (!name.endsWith(".html")) continue;
    const before = previous.get(name);
    const after = next.get(name);
    if (before !== undefined && after !== undefined && renamed(text(before), css) === text(after)) continue;
    reload.push(routeOfHtml(name));
  }
  // An image or document edited in place leaves the HTML as it was: the tabs of the pages that show or link it.
  const media = changed.filter((name) => next.has(name) && isContentAsset(name)).map(urlOfOutputFile);
  for (const [name, contents] of media.length > 0 ? next : []) {
    if (!name.endsWith(".html")) continue;
    const html = text(contents);
    if (media.some((url) => html.includes(url))) reload.push(routeOfHtml(name));
  }
  return { reload: [...new Set(reload)].sort(), css };
}

/** `docs/install/index.html` → `/docs/install`; `index.html` → `/`; `404.html` → `/404.html`. */
export function routeOfHtml(file: string): string {
  if (file === "index.html") return "/";
  return file.endsWith("/index.html") ? `/${file.slice(0, -"/index.html".length)}` : `/${file}`;
}

/** Pairs a removed `name.<hash>.css` with the added one of the same name; other changed CSS keeps its path. */
function stylesheetSwaps(changed: string[], previous: OutputFiles, next: OutputFiles): StylesheetSwap[] {
  const stem = (name: string) => name.replace(/\.[0-9a-f]{8,}\.css$/i, ".css");
  const removed = changed.filter((name) => previous.has(name) && !next.has(name));
  const added = changed.filter((name) => next.has(name) && !previous.has(name));
  const swaps: StylesheetSwap[] = [];
  for (const name of removed) {
    const match = added.find((candidate) => stem(candidate) === stem(name));
    if (match) swaps.push({ from: `/${name}`, to: `/${match}` });
  }
  for (const name of changed)
    if (previous.has(name) && next.has(name)) swaps.push({ from: `/${name}`, to: `/${name}` });
  return swaps;
}

function renamed(html: string, swaps: StylesheetSwap[]): string {
  let out = html;
  for (const swap of swaps) if (swap.from !== swap.to) out = out.split(swap.from).join(swap.to);
  return out;
}

function text(contents: string | Uint8Array): string {
  return typeof contents === "string" ? contents : Buffer.from(contents).toString("utf8");
}
