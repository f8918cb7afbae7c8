/**
 * Serializes an agent-projected tree to plain Markdown. Agents do not run JSX, so built-in components
 * become their Markdown equivalents and any other component is unwrapped to its content.
 */
import type { BlockContent, Link, Paragraph, PhrasingContent, Root, RootContent } from "mdast";
import type { MdxJsxFlowElement, MdxJsxTextElement } from "mdast-util-mdx-jsx";
import remarkGfm from "remark-gfm";
import remarkStringify from "remark-stringify";
import { unified } from "unified";
import { literalAttribute } from "./jsx-attributes.ts";

const stringifier = unified()
  .use(remarkStringify, { bullet: "-", emphasis: "_", rule: "-", fences: true, listItemIndent: "one" })
  .use(remarkGfm);

/** The agent Markdown body of a projected tree. The tree is consumed. */
export function toAgentMarkdown(tree: Root): string {
  tree.children = lowerChildren(tree.children);
  return stringifier.stringify(tree).trim();
}

type Jsx = MdxJsxFlowElement | MdxJsxTextElement;

/** Components that produce blocks even when written inline (`<Callout>text</Callout>` on one line). */
const BLOCK_COMPONENTS = new Set(["Callout", "Tabs", "Tab", "Steps", "Step", "Cards", "Prompt"]);

const CALLOUT_LABELS: Record<string, string> = {
  note: "Note", info: "Info", tip: "Tip", success: "Success",
  warn: "Warning", warning: "Warning", error: "Error", danger: "Danger",
};

function lowerChildren(children: RootContent[]): RootContent[] {
  const out: RootContent[] = [];
  for (const child of children) {
    switch (child.type) {
      case "mdxjsEsm":
        continue;
      case "mdxFlowExpression":
      case "mdxTextExpression": {
        // `{/* comments */}` vanish; a computed value cannot be known without running the page.
        const text = child.value.trim();
        if (!/^\/\*[\s\S]*\*\/$/.test(text) && text) out.push({ type: "inlineCode", value: `{${text}}` } as RootContent);
        continue;
      }
      case "mdxJsxFlowElement":
      case "mdxJsxTextElement":
        out.push(...lowerElement(child));
        continue;
    }
    if ("children" in child) (child as { children: RootContent[] }).children = lowerChildren(child.children as RootContent[]);
    // A paragraph holding a block component becomes that block, with any text around it kept as paragraphs.
    if (child.type === "paragraph" && child.children.some((c) => BLOCK_TYPES.has(c.type))) out.push(...asBlocks(child.children as RootContent[]));
    else out.push(child);
  }
  return out;
}

function lowerElement(node: Jsx): RootContent[] {
  // Tabs read their Tab children before lowering replaces them.
  if (node.name === "Tabs") {
    const labelled = lowerTabs(node);
    if (labelled) return labelled;
  }
  const lowered = lowerChildren(node.children as RootContent[]);
  const block = node.type === "mdxJsxFlowElement" || BLOCK_COMPONENTS.has(node.name ?? "");
  const inner = block ? asBlocks(lowered) : lowered;
  const text = (name: string) => {
    const value = literalAttribute(node, name);
    return typeof value === "string" || typeof value === "number" ? String(value) : undefined;
  };
  const flow = node.type === "mdxJsxFlowElement";
  switch (node.name) {
    case "Callout": {
      const label = CALLOUT_LABELS[text("type") ?? "note"] ?? "Note";
      const title = text("title");
      return [{ type: "blockquote", children: prependLabel(inner, `${label}${title ? ` — ${title}` : ""}:`) as BlockContent[] }];
    }
    case "Tab": {
      const label = text("title") ?? text("value");
      return label ? prependLabel(inner, `${label}:`) : inner;
    }
    case "Step": {
      const title = text("title");
      return title ? [{ type: "heading", depth: 3, children: [{ type: "text", value: title }] }, ...inner] : inner;
    }
    case "Card": {
      const link = cardLink(node, inner);
      return flow ? [{ type: "list", ordered: false, spread: false, children: [{ type: "listItem", spread: false, children: [paragraph(link)] }] }] : link;
    }
    case "Cards":
      return [mergeLists(inner)];
    case "HoverLink": {
      const href = text("href") ?? "";
      const link: Link = { type: "link", url: href, title: text("description") ?? text("title") ?? null, children: phrasing(inner) };
      return flow ? [paragraph([link])] : [link];
    }
    case "Prompt": {
      const title = text("title");
      return [{ type: "blockquote", children: prependLabel(inner, `Prompt${title ? ` — ${title}` : ""}:`) as BlockContent[] }];
    }
    case "img": {
      const src = text("src");
      return src ? [{ type: "image", url: src, alt: text("alt") ?? null }] : [];
    }
    default:
      return inner;
  }
}

function lowerTabs(node: Jsx): RootContent[] | undefined {
  const items = literalAttribute(node, "items");
  if (!Array.isArray(items)) return undefined;
  // Tabs without their own label take the matching entry of `items`, in order. Tabs written on
  // consecutive lines parse as inline elements inside one paragraph.
  const tabs = (node.children as RootContent[])
    .flatMap((c) => (c.type === "paragraph" ? c.children : [c]))
    .filter((c): c is Jsx => (c.type === "mdxJsxFlowElement" || c.type === "mdxJsxTextElement") && c.name === "Tab");
  return tabs.flatMap((tab, i) => {
    const own = literalAttribute(tab, "title") ?? literalAttribute(tab, "value");
    const label = typeof own === "string" ? own : typeof items[i] === "string" ? items[i] : undefined;
    const content = asBlocks(lowerChildren(tab.children as RootContent[]));
    return label ? prependLabel(content, `${label}:`) : content;
  });
}

function cardLink(node: Jsx, inner: RootContent[]): PhrasingContent[] {
  const title = String(literalAttribute(node, "title") ?? "");
  const href = literalAttribute(node, "href");
  const description = phrasing(inner);
  const head: PhrasingContent = typeof href === "string" ? { type: "link", url: href, children: [{ type: "text", value: title || href }] } : { type: "strong", children: [{ type: "text", value: title }] };
  return description.length > 0 ? [head, { type: "text", value: ": " }, ...description] : [head];
}

function mergeLists(children: RootContent[]): RootContent {
  const items = children.flatMap((c) => (c.type === "list" ? c.children : c.type === "paragraph" ? [{ type: "listItem" as const, spread: false, children: [c] }] : []));
  return { type: "list", ordered: false, spread: false, children: items };
}

/** Bold label in front of the first paragraph (or as its own paragraph when content starts otherwise). */
function prependLabel(children: RootContent[], label: string): RootContent[] {
  const strong: PhrasingContent = { type: "strong", children: [{ type: "text", value: label }] };
  const [first, ...rest] = children;
  if (first?.type === "paragraph") return [{ ...first, children: [strong, { type: "text", value: " " }, ...first.children] }, ...rest];
  return [paragraph([strong]), ...children];
}

const BLOCK_TYPES = new Set(["paragraph", "heading", "thematicBreak", "blockquote", "list", "listItem", "table", "code", "html", "definition", "footnoteDefinition"]);

/** One-line flow elements hold inline nodes directly; wrap runs of them in paragraphs. */
function asBlocks(children: RootContent[]): RootContent[] {
  const out: RootContent[] = [];
  let run: PhrasingContent[] = [];
  const flush = () => {
    if (run.some((n) => n.type !== "text" || n.value.trim() !== "")) out.push(paragraph(run));
    run = [];
  };
  for (const child of children) {
    if (BLOCK_TYPES.has(child.type)) { flush(); out.push(child); }
    else run.push(child as PhrasingContent);
  }
  flush();
  return out;
}

function paragraph(children: PhrasingContent[]): Paragraph {
  return { type: "paragraph", children };
}

/** Inline content of lowered children: paragraphs are flattened with spaces between them. */
function phrasing(children: RootContent[]): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  for (const child of children) {
    if (child.type === "paragraph") {
      if (out.length > 0) out.push({ type: "text", value: " " });
      out.push(...child.children);
    } else if (!("children" in child) || child.type === "link" || child.type === "strong" || child.type === "emphasis" || child.type === "delete") {
      out.push(child as PhrasingContent);
    } else {
      out.push(...phrasing(child.children as RootContent[]));
    }
  }
  return out;
}
