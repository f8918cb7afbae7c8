/** The `#fragment` targets of a rendered page: heading ids, and `id`/`name` attributes written in HTML or JSX. */
import type { Heading, Root, RootContent } from "mdast";
import type { MdxJsxFlowElement, MdxJsxTextElement } from "mdast-util-mdx-jsx";
import { walk } from "../markdown/walk.ts";

const HTML_ID = /\s(?:id|name)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** Anchors of the human tree after heading ids were assigned (markdown/headings.ts), in document order. */
export function collectAnchors(tree: Root): string[] {
  const anchors: string[] = [];
  walk<Root | RootContent>(tree, (node) => {
    if (node.type === "heading") {
      const id = (node as Heading).data?.hProperties?.id;
      if (typeof id === "string") anchors.push(id);
    } else if (node.type === "html") {
      for (const match of (node as { value: string }).value.matchAll(HTML_ID)) anchors.push(match[1] ?? match[2]);
    } else if (node.type === "mdxJsxFlowElement" || node.type === "mdxJsxTextElement") {
      for (const attribute of (node as MdxJsxFlowElement | MdxJsxTextElement).attributes) {
        if (attribute.type === "mdxJsxAttribute" && attribute.name === "id" && typeof attribute.value === "string")
          anchors.push(attribute.value);
      }
    }
  });
  return anchors;
}
