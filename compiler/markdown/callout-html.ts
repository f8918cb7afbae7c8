/**
 * Issue 10: admonitions and code groups in plain `.md` pages render through the site's `Callout` and `Tabs`/`Tab`
 * (built in, or the config's `components`, SPEC 2.1) without the MDX evaluator. Each component is rendered once
 * around marker children, one per slot of Markdown content; the HTML between the markers wraps that content, which
 * rehype renders as usual Markdown.
 */
import type { Parent, Root, RootContent } from "mdast";
import type { MdxJsxFlowElement } from "mdast-util-mdx-jsx";
import { h, type ComponentType, type VNode } from "preact";
import { renderToString } from "preact-render-to-string";
import { staticAttribute } from "./jsx-attributes.ts";

const SLOT = "quire-slot";
const MARKER = `<${SLOT}></${SLOT}>`;

type Components = Record<string, ComponentType<Record<string, unknown>>>;

/** A copy of `tree` where each `Callout` and `Tabs` element is raw HTML around its Markdown children. */
export function calloutsToHtml(tree: Root, components: Record<string, unknown>): Root {
  const page: Page = { components: components as Components, groups: 0 };
  return { ...tree, children: replaceIn(tree.children, page) };
}

/** What one page's replacement shares: the components and a count of tab groups (their id prefixes). */
interface Page {
  components: Components;
  groups: number;
}

function replaceIn(children: RootContent[], page: Page): RootContent[] {
  return children.flatMap((child): RootContent[] => {
    if (child.type === "mdxJsxFlowElement" && (child.name === "Callout" || child.name === "Tabs")) {
      const slots = child.name === "Callout" ? [child.children as RootContent[]] : tabSlots(child);
      const pieces = renderToString(element(child, page, slots.length)).split(MARKER);
      const out: RootContent[] = [];
      pieces.forEach((piece, index) => {
        if (piece) out.push({ type: "html", value: piece });
        if (index < pieces.length - 1) out.push(...replaceIn(slots[index] ?? [], page));
      });
      // A replacement component that drops its children still shows its frame; their content follows it.
      for (const slot of slots.slice(pieces.length - 1)) out.push(...replaceIn(slot, page));
      return out;
    }
    return "children" in child
      ? [{ ...child, children: replaceIn((child as Parent).children as RootContent[], page) } as RootContent]
      : [child];
  });
}

/** The Markdown content of each `Tab` of a `Tabs` element, in order. */
function tabSlots(tabs: MdxJsxFlowElement): RootContent[][] {
  return (tabs.children as RootContent[])
    .filter((c): c is MdxJsxFlowElement => c.type === "mdxJsxFlowElement" && c.name === "Tab")
    .map((tab) => tab.children as RootContent[]);
}

/** The component tree with one marker per slot. */
function element(node: MdxJsxFlowElement, page: Page, slots: number): VNode {
  const { components } = page;
  if (node.name === "Callout") {
    const props = { type: staticAttribute(node, "type"), title: staticAttribute(node, "title") };
    return h(components.Callout, props, h(SLOT, null));
  }
  const tabs = (node.children as RootContent[]).filter(
    (c): c is MdxJsxFlowElement => c.type === "mdxJsxFlowElement" && c.name === "Tab",
  );
  return h(
    components.Tabs,
    { idPrefix: `q-tabs-${++page.groups}` },
    tabs.slice(0, slots).map((tab) => h(components.Tab, { title: staticAttribute(tab, "title") }, h(SLOT, null))),
  );
}
