/**
 * Issue 10: admonitions in plain `.md` pages render through the site's `Callout` (built in, or the config's
 * `components.Callout`, SPEC 2.1) without the MDX evaluator. The component is rendered once per admonition around
 * a marker child; the HTML before and after the marker wraps the admonition's content, which rehype renders as
 * usual Markdown.
 */
import type { Parent, Root, RootContent } from "mdast";
import type { MdxJsxFlowElement } from "mdast-util-mdx-jsx";
import { h, type ComponentType } from "preact";
import { renderToString } from "preact-render-to-string";
import { staticAttribute } from "./jsx-attributes.ts";

const SLOT = "quire-callout-content";

/** A copy of `tree` where each `Callout` element is raw HTML around its Markdown children. */
export function calloutsToHtml(tree: Root, components: Record<string, unknown>): Root {
  const Callout = components.Callout as ComponentType<Record<string, unknown>>;
  return { ...tree, children: replaceIn(tree.children, Callout) };
}

function replaceIn(children: RootContent[], Callout: ComponentType<Record<string, unknown>>): RootContent[] {
  return children.flatMap((child): RootContent[] => {
    if (child.type === "mdxJsxFlowElement" && child.name === "Callout") {
      const [open, close] = wrapperOf(child, Callout);
      return [
        { type: "html", value: open },
        ...replaceIn(child.children as RootContent[], Callout),
        { type: "html", value: close },
      ];
    }
    return "children" in child
      ? [{ ...child, children: replaceIn((child as Parent).children as RootContent[], Callout) } as RootContent]
      : [child];
  });
}

function wrapperOf(node: MdxJsxFlowElement, Callout: ComponentType<Record<string, unknown>>): [string, string] {
  const props = { type: staticAttribute(node, "type"), title: staticAttribute(node, "title") };
  const html = renderToString(h(Callout, props, h(SLOT, null)));
  const marker = `<${SLOT}></${SLOT}>`;
  const at = html.indexOf(marker);
  // A replacement Callout that drops its children still shows its box; the content follows it.
  return at === -1 ? [html, ""] : [html.slice(0, at), html.slice(at + marker.length)];
}
