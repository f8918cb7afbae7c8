/**
 * Inline raw HTML links in `.md` pages, for the agent Markdown (issue 10: "the `.md` keeps every link and inline code
 * the HTML shows"). Markdown parses `and <a href="/x">text</a>.` as text, an `html` node for each tag, and text: left
 * as is, the serializer writes the tags as separate blocks and a reader sees no link. Pairs of `<a …>` … `</a>` and
 * `<code>` … `</code>` inside one paragraph become a Markdown link and inline code — as tree nodes for pages the
 * agent projection re-serializes, and as text edits for plain pages whose `.md` is the source as written.
 */
import type { Html, Link, Paragraph, Parent, PhrasingContent, Root } from "mdast";
import { walk } from "./walk.ts";
import type { TextEdit } from "../content/text-edits.ts";
import { htmlUrls } from "../links/html-urls.ts";
import { codeOf } from "./agent-inline.ts";

interface InlinePair {
  name: "a" | "code";
  /** Indices of the opening and closing tag among the parent's children. */
  open: number;
  close: number;
  href?: string;
  title?: string;
}

const OPEN_TAG = /^<(a|code)(\s(?:[^>"']|"[^"]*"|'[^']*')*)?>$/i;
const TITLE = /\stitle\s*=\s*(?:"([^"]*)"|'([^']*)')/i;
/** Parents whose children are phrasing content. */
const PHRASING_PARENTS = new Set(["paragraph", "heading", "tableCell", "emphasis", "strong", "delete"]);

/** Replaces each inline `<a>`/`<code>` pair in the tree's phrasing with a link or inline code (mutates `tree`). */
export function inlineHtmlToMarkdown(tree: Root | Parent): void {
  walk(tree, (node) => {
    if (!PHRASING_PARENTS.has(node.type)) return;
    const parent = node as Parent;
    const children = parent.children as PhrasingContent[];
    const pairs = inlinePairs(children);
    for (const pair of pairs.reverse()) {
      const inner = children.slice(pair.open + 1, pair.close);
      children.splice(pair.open, pair.close - pair.open + 1, ...lowered(pair, inner));
    }
  });
}

/** The same change as text edits of `source`, the text the tree was parsed from (plain pages). */
export function inlineHtmlEdits(tree: Root, source: string): TextEdit[] {
  const edits: TextEdit[] = [];
  walk(tree, (node) => {
    if (!PHRASING_PARENTS.has(node.type)) return;
    const children = (node as Parent).children as PhrasingContent[];
    for (const pair of inlinePairs(children)) {
      const open = children[pair.open].position;
      const close = children[pair.close].position;
      if (open?.start.offset === undefined || open.end.offset === undefined) continue;
      if (close?.start.offset === undefined || close.end.offset === undefined) continue;
      const inner = source.slice(open.end.offset, close.start.offset);
      if (pair.name === "code") {
        // Only plain text becomes inline code as written; anything inside (a link, emphasis) stays HTML.
        if (pair.close !== pair.open + 2 || children[pair.open + 1].type !== "text" || inner.includes("`")) continue;
        edits.push({ start: open.start.offset, end: close.end.offset, text: `\`${inner}\`` });
        continue;
      }
      edits.push({ start: open.start.offset, end: open.end.offset, text: "[" });
      edits.push({ start: close.start.offset, end: close.end.offset, text: `](${destination(pair)})` });
    }
  });
  return edits;
}

function inlinePairs(children: readonly PhrasingContent[]): InlinePair[] {
  const pairs: InlinePair[] = [];
  for (let i = 0; i < children.length; i++) {
    const child = children[i];
    if (child.type !== "html") continue;
    const tag = OPEN_TAG.exec(child.value.trim());
    if (!tag) continue;
    const name = tag[1].toLowerCase() as InlinePair["name"];
    const close = children.findIndex((c, j) => j > i && c.type === "html" && isTag(c, name));
    if (close === -1) continue;
    const inner = children.slice(i + 1, close);
    // A second opening tag or a Markdown link inside would nest links; leave such HTML as written.
    if (inner.some((c) => c.type === "link" || (c.type === "html" && OPEN_TAG.exec(c.value.trim())?.[1] === tag[1])))
      continue;
    const value = htmlOf(child);
    const href = name === "a" ? htmlUrls(value).find((u) => u.kind === "link")?.url : undefined;
    if (name === "a" && href === undefined) continue;
    const title = TITLE.exec(value);
    pairs.push({ name, open: i, close, href, title: title ? (title[1] ?? title[2]) : undefined });
    i = close;
  }
  return pairs;
}

function isTag(node: Html, name: string): boolean {
  return new RegExp(`^</${name}\\s*>$`, "i").test(node.value.trim());
}

/** The agent's version of the tag: relative page links already point at `.md` URLs (links/page-links.ts). */
function htmlOf(node: Html): string {
  return (node.data as { markdownHtml?: string } | undefined)?.markdownHtml ?? node.value;
}

function lowered(pair: InlinePair, inner: PhrasingContent[]): PhrasingContent[] {
  if (pair.name === "code") {
    // `<code><a href="…">name</a></code>`: the link inside is lowered first, then wraps the code.
    const holder: Paragraph = { type: "paragraph", children: inner };
    inlineHtmlToMarkdown(holder);
    return codeOf(holder.children) as PhrasingContent[];
  }
  const link: Link = {
    type: "link",
    url: pair.href ?? "",
    title: pair.title ?? null,
    children: inner.length > 0 ? inner : [{ type: "text", value: pair.href ?? "" }],
  };
  return [link];
}

function destination(pair: InlinePair): string {
  const url = /[\s()<>]/.test(pair.href ?? "") ? `<${pair.href}>` : (pair.href ?? "");
  return pair.title ? `${url} "${pair.title.replaceAll('"', '\\"')}"` : url;
}
