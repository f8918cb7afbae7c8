/**
 * VitePress's `[[toc]]`, a line that VitePress replaces with the page's table of contents. Quire shows that table
 * beside the page (or the site turns it off), so the line is dropped rather than shown as text, from the HTML and
 * the `.md` alike.
 */
import type { Root } from "mdast";

const MARKER = /^\[\[toc\]\]$/i;

/** Removes the top-level paragraphs that are only `[[toc]]` from `tree`; true when it removed any. */
export function dropTocMarkers(tree: Root): boolean {
  const kept = tree.children.filter((node) => {
    if (node.type !== "paragraph" || node.children.length !== 1) return true;
    const [only] = node.children;
    return !(only.type === "text" && MARKER.test(only.value.trim()));
  });
  const dropped = kept.length < tree.children.length;
  if (dropped) tree.children = kept;
  return dropped;
}
