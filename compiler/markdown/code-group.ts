/**
 * VitePress code groups: a `::: code-group` container of fences, each labelled in its info string
 * (```` ```sh [npm] ````), shown as tabs. The group becomes the built-in `Tabs` with one `Tab` per block, as a JSX
 * element node like the admonitions' `Callout`: MDX pages evaluate it, plain `.md` pages render it through
 * `callout-html.ts`, and the agent Markdown labels each block (`**npm:**` before its fence).
 *
 * A block's label is its `[label]`, else its `title="…"`, else its language, else "Tab n". Other content in the
 * group (a paragraph between fences) joins the tab of the fence before it, or the first tab.
 */
import type { BlockContent, Code, RootContent } from "mdast";
import type { ContainerDirective } from "mdast-util-directive";
import type { MdxJsxFlowElement } from "mdast-util-mdx-jsx";

export const CODE_GROUP = "code-group";

/** `[label]` at the start of a fence's meta, as VitePress writes it. */
const BRACKET_LABEL = /^\[([^\]\n]*)\]\s*/;
const TITLE = /(?:^|\s)title=(?:"([^"]*)"|'([^']*)')/;

export function codeGroupTabs(group: ContainerDirective): MdxJsxFlowElement {
  const tabs: { label: string; children: BlockContent[] }[] = [];
  for (const child of group.children as RootContent[]) {
    if ((child.data as { directiveLabel?: boolean } | undefined)?.directiveLabel) continue;
    if (child.type === "code") {
      tabs.push({ label: labelOf(child, tabs.length), children: [child] });
    } else if (tabs.length > 0) {
      tabs[tabs.length - 1].children.push(child as BlockContent);
    } else {
      tabs.push({ label: `Tab ${tabs.length + 1}`, children: [child as BlockContent] });
    }
  }
  return {
    type: "mdxJsxFlowElement",
    name: "Tabs",
    attributes: [],
    children: tabs.map(
      ({ label, children }): MdxJsxFlowElement => ({
        type: "mdxJsxFlowElement",
        name: "Tab",
        attributes: [{ type: "mdxJsxAttribute", name: "title", value: label }],
        children,
      }),
    ),
    position: group.position,
    data: { codeGroup: true } as never,
  };
}

/** The tab label of a fence; a `[label]` is taken out of the meta so no later pass reads it. */
function labelOf(code: Code, index: number): string {
  const bracket = code.meta ? BRACKET_LABEL.exec(code.meta) : null;
  if (bracket) {
    code.meta = code.meta!.slice(bracket[0].length) || null;
    if (bracket[1].trim()) return bracket[1].trim();
  }
  const title = code.meta ? TITLE.exec(code.meta) : null;
  return title?.[1] ?? title?.[2] ?? code.lang ?? `Tab ${index + 1}`;
}
