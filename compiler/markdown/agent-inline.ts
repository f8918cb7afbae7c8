/**
 * Issue 10: the inline parts of the agent Markdown that the HTML shows as links or code — `<a>`, `<code>` (with links
 * inside), components carrying an `href` or a `title` — lowered to Markdown phrasing.
 */
import type { Link, Paragraph, PhrasingContent, RootContent } from "mdast";
import type { MdxJsxFlowElement, MdxJsxTextElement } from "mdast-util-mdx-jsx";

type Jsx = MdxJsxFlowElement | MdxJsxTextElement;
type TextAttribute = (name: string) => string | undefined;

/** An element the agent cannot render: its content, as a link when it carries an `href`, else its `title` text. */
export function unknownElement(node: Jsx, inner: RootContent[], text: TextAttribute): RootContent[] {
  const flow = node.type === "mdxJsxFlowElement";
  if (text("href")) {
    const link = linkOf(node, inner, text);
    return flow ? [paragraph([link])] : [link];
  }
  const title = text("title") ?? text("label");
  if (inner.length === 0 && title && /^[A-Z]/.test(node.name ?? "")) {
    const strong: PhrasingContent = { type: "strong", children: [{ type: "text", value: title }] };
    return flow ? [paragraph([strong])] : [strong];
  }
  return inner;
}

export function linkOf(node: Jsx, inner: RootContent[], text: TextAttribute): Link {
  const content = phrasing(inner);
  const label = text("title") ?? text("label");
  const children = content.length > 0 ? content : [{ type: "text" as const, value: label ?? text("href") ?? "" }];
  return {
    type: "link",
    url: text("href") ?? "",
    title: node.name === "a" || content.length > 0 ? (text("title") ?? null) : null,
    children,
  };
}

/** `<code>` as inline code; a link inside becomes a link whose text is code, so the URL survives. */
export function codeOf(inner: RootContent[]): RootContent[] {
  return phrasing(inner).map((child): RootContent => {
    if (child.type === "link")
      return { ...child, children: [{ type: "inlineCode", value: toPlainText(child.children) }] };
    return { type: "inlineCode", value: toPlainText([child]) };
  });
}

function toPlainText(children: PhrasingContent[]): string {
  return children
    .map((c) => ("value" in c ? c.value : "children" in c ? toPlainText(c.children as PhrasingContent[]) : ""))
    .join("");
}

export function paragraph(children: PhrasingContent[]): Paragraph {
  return { type: "paragraph", children };
}

export /** Inline content of lowered children: paragraphs are flattened with spaces between them. */
function phrasing(children: RootContent[]): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  for (const child of children) {
    if (child.type === "paragraph") {
      if (out.length > 0) out.push({ type: "text", value: " " });
      out.push(...child.children);
    } else if (
      !("children" in child) ||
      child.type === "link" ||
      child.type === "strong" ||
      child.type === "emphasis" ||
      child.type === "delete"
    ) {
      out.push(child as PhrasingContent);
    } else {
      out.push(...phrasing(child.children as RootContent[]));
    }
  }
  return out;
}
