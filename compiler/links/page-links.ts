/**
 * The links of one page (issue 10 "Links"): relative links are resolved against the page's source file, as links
 * between Markdown files in a repository are, and those naming a page (`./guide.md`, `../ref/index.md#x`, `./setup`)
 * are rewritten to the page's route in HTML and to its `.md` URL in the agent Markdown (JSX `href` and `src` attributes
 * and raw HTML `<a href>`/`<img src>` too). Those naming an image or document of the content folder are rewritten to
 * its published URL (content/content-assets.ts) for both.
 * Every internal link is returned, positioned, for `check-links.ts`.
 */
import path from "node:path";
import type { Definition, Html, Image, Link, Root, RootContent } from "mdast";
import type { MdxJsxFlowElement, MdxJsxTextElement } from "mdast-util-mdx-jsx";
import { walk } from "../markdown/walk.ts";
import { writtenIn } from "../markdown/written-in.ts";
import { isContentAsset } from "../content/content-assets.ts";
import { pageKeyOfTarget, slugOf } from "../content/page-files.ts";
import type { TextEdit } from "../content/text-edits.ts";
import { htmlUrls, positionIn } from "./html-urls.ts";

export interface PageLink {
  /** The URL as the HTML page serves it (relative page links already rewritten to routes). */
  href: string;
  /** The URL as the author wrote it. */
  written: string;
  kind: "link" | "image";
  /** The partial the link is written in, when it is not the page's own text (markdown/written-in.ts). */
  file?: string;
  line?: number;
  column?: number;
}

export interface LinkRewriteOptions {
  /** Content-relative path of the page's source file, posix (`guides/install.md`). */
  contentFile: string;
  /**
   * The content folder's path from the root of the site's repository, posix (`docs/docs`; `""` at the root), when the
   * config says where the site sits there (`github.directory`). A link written for GitHub's view of the repository,
   * `/docs/docs/api/pool.md`, then names the page file `api/pool.md`, as it does on GitHub.
   */
  repositoryContentDir?: string;
  /** Public routes of the page at a slug (model/routes.ts `pageRoutes` bound to the config). */
  routesOf(slug: string): { route: string; markdownRoute: string };
  /**
   * The URL of an image or document in the content folder (content/content-assets.ts), by its content-relative path.
   * Without it, links to such files stay as written.
   */
  assetUrl?(contentPath: string): string;
  /** The text the tree was parsed from, for the edits of a plain page's `.md`. */
  source: string;
}

type UrlNode = Link | Image | Definition;
type Jsx = MdxJsxFlowElement | MdxJsxTextElement;

/** Rewrites relative page links in `tree` (mutated) and lists every internal link, with `.md` edits for the text. */
export function rewriteRelativeLinks(
  tree: Root,
  options: LinkRewriteOptions,
): { links: PageLink[]; edits: TextEdit[] } {
  const links: PageLink[] = [];
  const edits: TextEdit[] = [];
  walk<Root | RootContent>(tree, (node) => {
    if (node.type === "link" || node.type === "image" || node.type === "definition") {
      const urlNode = node as UrlNode;
      const written = urlNode.url;
      if (isExternal(written)) return;
      const target = resolveLinkTarget(written, options);
      if (target) {
        urlNode.url = target.route;
        const data: Record<string, unknown> = { ...urlNode.data, markdownUrl: target.markdownRoute };
        urlNode.data = data;
        const edit = urlEdit(urlNode, written, target.markdownRoute, options.source);
        if (edit) edits.push(edit);
      }
      links.push({ href: urlNode.url, written, kind: node.type === "image" ? "image" : "link", ...placeOf(node) });
      return;
    }
    if (node.type === "html") {
      rawHtmlLinks(node, options, links, edits);
      return;
    }
    if (node.type !== "mdxJsxFlowElement" && node.type !== "mdxJsxTextElement") return;
    for (const attribute of (node as Jsx).attributes) {
      if (
        attribute.type !== "mdxJsxAttribute" ||
        (attribute.name !== "href" && attribute.name !== "src") ||
        typeof attribute.value !== "string"
      )
        continue;
      const written = attribute.value;
      if (isExternal(written)) continue;
      const target = resolveLinkTarget(written, options);
      if (target) {
        attribute.value = target.route;
        // A `src` (an image or video) is the same file for both readers; an `href` to a page is its `.md` for agents.
        if (attribute.name === "href") {
          const data: Record<string, unknown> = { ...node.data, markdownHref: target.markdownRoute };
          node.data = data;
        }
      }
      links.push({
        href: attribute.value,
        written,
        kind: attribute.name === "src" ? "image" : "link",
        ...placeOf(node),
      });
    }
  });
  return { links, edits };
}

/** Agent trees: page links point at the target's `.md` (call on a tree no human projection shares). */
export function withMarkdownUrls(tree: Root): Root {
  walk<Root | RootContent>(tree, (node) => {
    const data = node.data as { markdownUrl?: string; markdownHref?: string; markdownHtml?: string } | undefined;
    if (data?.markdownUrl && (node.type === "link" || node.type === "definition"))
      (node as UrlNode).url = data.markdownUrl;
    if (data?.markdownHtml !== undefined && node.type === "html") node.value = data.markdownHtml;
    if (data?.markdownHref && (node.type === "mdxJsxFlowElement" || node.type === "mdxJsxTextElement")) {
      for (const attribute of (node as Jsx).attributes) {
        if (attribute.type === "mdxJsxAttribute" && attribute.name === "href") attribute.value = data.markdownHref;
      }
    }
  });
  return tree;
}

/** `<a href>` and `<img src>` in raw HTML (a `.md` page): rewritten in the node's value, checked like Markdown links. */
function rawHtmlLinks(node: Html, options: LinkRewriteOptions, links: PageLink[], edits: TextEdit[]): void {
  const start = node.position?.start;
  const partial = writtenIn(node);
  let human = "";
  let agent = "";
  let at = 0;
  for (const found of htmlUrls(node.value)) {
    if (isExternal(found.url)) continue;
    const target = resolveLinkTarget(found.url, options);
    const where = start
      ? positionIn(node.value, found.tagStart, start)
      : partial && { file: partial.file, ...positionIn(node.value, found.tagStart, partial) };
    links.push({ href: target?.route ?? found.url, written: found.value, kind: found.kind, ...where });
    if (!target) continue;
    const before = node.value.slice(at, found.start);
    human += before + target.route;
    agent += before + target.markdownRoute;
    at = found.end;
    if (start?.offset !== undefined)
      edits.push({ start: start.offset + found.start, end: start.offset + found.end, text: target.markdownRoute });
  }
  if (at === 0) return;
  const data: Record<string, unknown> = { ...node.data, markdownHtml: agent + node.value.slice(at) };
  node.value = human + node.value.slice(at);
  node.data = data;
}

/** Where a link's node was written: its place in the page, or in the partial it came from. */
function placeOf(node: RootContent): Pick<PageLink, "file" | "line" | "column"> {
  const start = node.position?.start;
  if (start) return { line: start.line, column: start.column };
  const partial = writtenIn(node);
  return partial ? { file: partial.file, line: partial.line, column: partial.column } : {};
}

/** Scheme (`https:`, `mailto:`) or protocol-relative: not ours to check. */
export function isExternal(url: string): boolean {
  return url === "" || /^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith("//");
}

/**
 * The route (with query and fragment) and `.md` URL (with fragment) of a link naming a page file (relative, or from
 * the repository's root), or the URL of an image or document of the content folder for both.
 */
function resolveLinkTarget(
  url: string,
  options: LinkRewriteOptions,
): { route: string; markdownRoute: string } | undefined {
  const match = /^([^?#]*)(\?[^#]*)?(#.*)?$/.exec(url);
  const pathPart = match?.[1] ?? "";
  if (pathPart === "") return undefined;
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathPart);
  } catch {
    return undefined;
  }
  const resolved = pathPart.startsWith("/")
    ? repositoryTarget(decoded, options.repositoryContentDir)
    : path.posix.normalize(path.posix.join(path.posix.dirname(options.contentFile), decoded));
  if (resolved === undefined || resolved === ".." || resolved.startsWith("../")) return undefined;
  const fragment = match?.[3] ?? "";
  const key = pageKeyOfTarget(resolved === "." ? "" : resolved);
  if (key === undefined) {
    if (!options.assetUrl || !isContentAsset(resolved)) return undefined;
    const url = options.assetUrl(resolved);
    return { route: `${url}${match?.[2] ?? ""}${fragment}`, markdownRoute: `${url}${match?.[2] ?? ""}${fragment}` };
  }
  const routes = options.routesOf(slugOf(key));
  return {
    route: `${routes.route}${match?.[2] ?? ""}${fragment}`,
    markdownRoute: `${routes.markdownRoute}${fragment}`,
  };
}

/**
 * The content-relative file a root-absolute link names when read as GitHub reads it, from the repository's root: only
 * a `.md` or `.mdx` page file, image or document inside the content folder. Any other root-absolute link is a URL of
 * the site.
 */
function repositoryTarget(decoded: string, repositoryContentDir: string | undefined): string | undefined {
  if (repositoryContentDir === undefined || !(/\.mdx?$/.test(decoded) || isContentAsset(decoded))) return undefined;
  const prefix = repositoryContentDir === "" ? "/" : `/${repositoryContentDir}/`;
  return decoded.startsWith(prefix) ? path.posix.normalize(decoded.slice(prefix.length)) : undefined;
}

/** Where the destination is written inside the node's source (`](url`, `](<url>`, `]: url`), as a replacement. */
function urlEdit(node: UrlNode, written: string, replacement: string, source: string): TextEdit | undefined {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  if (start === undefined || end === undefined) return undefined;
  const slice = source.slice(start, end);
  const opener = node.type === "definition" ? "]:" : "](";
  for (let at = slice.lastIndexOf(opener); at >= 0; at = slice.lastIndexOf(opener, at - 1)) {
    const rest = /^\s*<?/.exec(slice.slice(at + 2))![0].length;
    const from = at + 2 + rest;
    if (slice.startsWith(written, from))
      return { start: start + from, end: start + from + written.length, text: replacement };
    if (at === 0) break;
  }
  return undefined;
}
