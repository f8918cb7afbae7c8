/**
 * A Docusaurus partial's links to files, read from the partial's own folder.
 *
 * Docusaurus compiles each MDX file on its own, so a relative link to a file (`[setup](./setup.md)`,
 * `[sheet](../files/limits.pdf)`) or image (`![](./shot.png)`) in `_partial.mdx` is the file next to the partial,
 * whichever page imports it. Quire inlines the partial into the page (partials.ts) and resolves the page's links from
 * the page's folder, so such URLs are rebased from the partial's folder to the page's first. A relative URL without
 * a file extension (`./other`) is a URL, which the browser reads from the page's address in Docusaurus too, and is
 * left as written, as are absolute paths, anchors and URLs with a scheme.
 */
import path from "node:path";
import type { Definition, Image, Link, Root } from "mdast";
import { walk } from "./walk.ts";

/** Absolute: a scheme (`https:`, `mailto:`), `//host`, a site path, or only an anchor or query. */
const NOT_RELATIVE = /^(?:[a-z][a-z\d+.-]*:|[/#?])/i;
/** A last path segment with an extension: `setup.md`, `shot.png` (not `.`, `..` or `v1.2/`). */
const FILE_NAME = /(?:^|\/)[^/]*[^/.]\.[a-z\d]+$/i;

/** Rebases, in place, `tree`'s relative file links and images from the folder `from` to the folder `to`. */
export function rebaseFileLinks(tree: Root, from: string, to: string): void {
  if (path.resolve(from) === path.resolve(to)) return;
  walk<Link | Image | Definition>(tree, (node) => {
    if (node.type === "link" || node.type === "image" || node.type === "definition")
      node.url = rebasedUrl(node.url, from, to);
  });
}

/** `url` read from `from`, written from `to`; unchanged unless it is a relative file path. */
export function rebasedUrl(url: string, from: string, to: string): string {
  if (NOT_RELATIVE.test(url)) return url;
  const end = url.search(/[?#]/);
  const file = end < 0 ? url : url.slice(0, end);
  if (!FILE_NAME.test(file)) return url;
  const moved = path.relative(to, path.resolve(from, file)).split(path.sep).join("/");
  return `${moved.startsWith(".") ? "" : "./"}${moved}${end < 0 ? "" : url.slice(end)}`;
}
