/** Heading ids (GitHub-style slugs) and the table of contents, taken from the human projection. */
import GithubSlugger from "github-slugger";
import type { Heading, Root } from "mdast";
import type { MdxJsxTextElement } from "mdast-util-mdx-jsx";
import { toString } from "mdast-util-to-string";
import { walk } from "./walk.ts";
import { staticAttribute } from "./jsx-attributes.ts";
import type { TocEntry } from "../model/types.ts";

/** Gives every heading an `id` (kept on `data.hProperties`) and returns the TOC from depth 2 to `maxDepth`. */
export function assignHeadingIds(tree: Root, maxDepth: number): TocEntry[] {
  const slugger = new GithubSlugger();
  const toc: TocEntry[] = [];
  // `{#custom-id}` ids (links/custom-heading-ids.ts) are kept, and reserved so no generated slug repeats one.
  const presetOf = (node: Heading) =>
    typeof node.data?.hProperties?.id === "string" ? node.data.hProperties.id : undefined;
  walk(tree, "heading", (node: Heading) => {
    const preset = presetOf(node);
    if (preset) slugger.slug(preset);
  });
  walk(tree, "heading", (node: Heading) => {
    const text = headingText(node);
    const id = presetOf(node) ?? slugger.slug(text || "section");
    node.data = { ...node.data, hProperties: { ...(node.data?.hProperties ?? {}), id } };
    if (node.depth >= 2 && node.depth <= maxDepth) toc.push({ depth: node.depth, text, id });
  });
  return toc;
}

/**
 * The heading's text, without raw HTML (`## Retry <Badge …/>`, `<small>`), as GitHub makes its ids; a heading made only of components (`### <LinkCard title="Setup" href="…" />`) takes their
 * `title` or `label`, as the agent Markdown does (issue 10), so its id and TOC entry are not empty.
 */
function headingText(node: Heading): string {
  const text = toString(node, { includeHtml: false }).trim();
  if (text) return text;
  const labels: string[] = [];
  walk(node, (child) => {
    if (child.type !== "mdxJsxTextElement") return;
    const element = child as MdxJsxTextElement;
    const label = staticAttribute(element, "title") ?? staticAttribute(element, "label");
    if (label) labels.push(label);
  });
  return labels.join(" ").trim();
}
