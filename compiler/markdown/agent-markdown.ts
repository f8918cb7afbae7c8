/**
 * Serializes an agent-projected tree to plain Markdown. Agents do not run JSX, so built-in components
 * become their Markdown equivalents and any other component is unwrapped to its content.
 *
 * Issue 10: the `.md` keeps every link and inline code the HTML shows. `<a>` becomes a link, `<code>` inline code
 * (a link inside it becomes a link around code), a component with an `href` becomes a link (its `title` is the text
 * when it has no children), a string expression (`{"Guide 01"}`) is text, and code keeps its fence meta
 * (`title="…"`, `{1,3}`) with Shiki notation comments (`// [!code ++]`) removed.
 */
import type { BlockContent, Link, Paragraph, PhrasingContent, Root, RootContent } from "mdast";
import type { MdxJsxFlowElement, MdxJsxTextElement } from "mdast-util-mdx-jsx";
import remarkGfm from "remark-gfm";
import remarkStringify from "remark-stringify";
import { unified } from "unified";
import { CALLOUT_TYPES } from "./components/callout.tsx";
import { stripCodeNotation } from "./code-fences.ts";
import { codeOf, linkOf, paragraph, phrasing, unknownElement } from "./agent-inline.ts";
import { THEMED_IMAGE_CLASSES } from "./foreign-components.ts";
import { inlineHtmlToMarkdown } from "./inline-html.ts";
import { literalAttribute } from "./jsx-attributes.ts";
import { SECTION_CARDS_ELEMENT, SECTION_CARDS_MARKDOWN } from "./section-cards-marker.ts";
import { staticScope, staticText, type StaticScope } from "./static-value.ts";
import { textWithFewerPatterns } from "./text-handler.ts";
import { trimBlankLines, type WrittenBlocks } from "./written-blocks.ts";

const stringifier = unified()
  .use(remarkStringify, {
    bullet: "-",
    emphasis: "_",
    rule: "-",
    fences: true,
    listItemIndent: "one",
    handlers: { text: textWithFewerPatterns },
  })
  .use(remarkGfm);

/**
 * The agent Markdown body of a projected tree (`imports`: the data the page imports). The tree is consumed. With
 * `written` (written-blocks.ts), the blocks it knows are taken as the author wrote them and only the rest is
 * serialized; without, the whole tree is.
 */
export function toAgentMarkdown(tree: Root, imports: Record<string, unknown> = {}, written?: WrittenBlocks): string {
  // Set for the duration of this synchronous call only: the page's literal exports, imports and frontmatter.
  scope = staticScope(tree, imports);
  try {
    if (!written) return serializeBlocks(lowered(tree.children));
    return joinPieces(piecesOf(tree.children, written), written);
  } finally {
    scope = new Map();
  }
}

/** Agents do not run JSX: the blocks with components, notation and inline HTML lowered to plain Markdown. */
function lowered(children: RootContent[]): RootContent[] {
  const root: Root = { type: "root", children };
  stripCodeNotation(root);
  inlineHtmlToMarkdown(root);
  return lowerChildren(root.children);
}

/** Blocks as the agent Markdown writes them. */
export function serializeBlocks(blocks: RootContent[]): string {
  return stringifier.stringify({ type: "root", children: blocks }).trim();
}

/** A top-level block: its text as written, or the blocks it lowers to (none for an `import`). */
type Piece = { node: RootContent; text: string } | { node: RootContent; blocks: RootContent[] };

/**
 * Each block as written where it may be. A block as written that touches a serialized one where Markdown would read
 * the two as one (two lists, or indented text after any block) is serialized too, until no such pair is left: the
 * serializer knows how to keep two of its own lists apart.
 */
function piecesOf(children: RootContent[], written: WrittenBlocks): Piece[] {
  const pieces: Piece[] = children.map((node) => {
    const text = written.text(node);
    return text === undefined ? { node, blocks: lowered([node]) } : { node, text };
  });
  for (let changed = true; changed; ) {
    changed = false;
    const shown = pieces.filter((p) => !("blocks" in p) || p.blocks.length > 0);
    for (let i = 0; i < shown.length; i++) {
      const piece = shown[i];
      if (!("text" in piece)) continue;
      const before = shown[i - 1];
      const after = shown[i + 1];
      const mergesBefore =
        before && "blocks" in before && (/^[ \t]/.test(piece.text) || lists(before.blocks.at(-1), piece.node));
      const mergesAfter = after && "blocks" in after && lists(piece.node, after.blocks[0]);
      if (!mergesBefore && !mergesAfter) continue;
      const at = pieces.indexOf(piece);
      pieces[at] = { node: piece.node, blocks: lowered([piece.node]) };
      changed = true;
      break;
    }
  }
  return pieces;
}

const lists = (left: RootContent | undefined, right: RootContent | undefined) =>
  left?.type === "list" && right?.type === "list";

/** Blocks as written keep the white space between them; everything else is a blank line apart. */
function joinPieces(pieces: Piece[], written: WrittenBlocks): string {
  let out = "";
  let last: Piece | undefined;
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i];
    let text: string;
    if ("text" in piece) text = piece.text;
    else {
      const run: RootContent[] = [...piece.blocks];
      while (i + 1 < pieces.length && "blocks" in pieces[i + 1])
        run.push(...(pieces[++i] as { blocks: RootContent[] }).blocks);
      if (run.length === 0) continue;
      text = serializeBlocks(run);
      if (text === "") continue;
    }
    if (last) {
      const gap =
        "text" in last && "text" in piece && i > 0 && pieces[i - 1] === last
          ? written.between(last.node, piece.node)
          : undefined;
      out += gap ?? "\n\n";
    }
    out += text;
    last = pieces[i];
  }
  return trimBlankLines(out);
}

type Jsx = MdxJsxFlowElement | MdxJsxTextElement;

let scope: StaticScope = new Map();

/** Components that produce blocks even when written inline (`<Callout>text</Callout>` on one line). */
const BLOCK_COMPONENTS = new Set(["Callout", "Tabs", "Tab", "Steps", "Step", "Cards", "Prompt"]);

function lowerChildren(children: RootContent[]): RootContent[] {
  const out: RootContent[] = [];
  for (const child of children) {
    switch (child.type) {
      case "mdxjsEsm":
        continue;
      case "mdxFlowExpression":
      case "mdxTextExpression": {
        // `{/* comments */}` vanish; a string is its text; a computed value cannot be known without running the page.
        const text = child.value.trim();
        const literal = staticText(child, scope);
        if (literal !== undefined) out.push({ type: "text", value: literal } as RootContent);
        else if (!/^\/\*[\s\S]*\*\/$/.test(text) && text)
          out.push({ type: "inlineCode", value: `{${text}}` } as RootContent);
        continue;
      }
      case "mdxJsxFlowElement":
      case "mdxJsxTextElement":
        out.push(...lowerElement(child));
        continue;
    }
    if ("children" in child)
      (child as { children: RootContent[] }).children = lowerChildren(child.children as RootContent[]);
    // A paragraph holding a block component becomes that block, with any text around it kept as paragraphs.
    // (A paragraph's `html` children are inline tags such as `<kbd>`, not blocks.)
    if (child.type === "paragraph" && child.children.some((c) => c.type !== "html" && BLOCK_TYPES.has(c.type)))
      out.push(...asBlocks(child.children as RootContent[], true));
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
      const type = text("type") ?? "note";
      const label = Object.hasOwn(CALLOUT_TYPES, type) ? CALLOUT_TYPES[type]!.label : "Note";
      const title = text("title");
      return [
        {
          type: "blockquote",
          children: prependLabel(inner, `${label}${title ? ` — ${title}` : ""}:`) as BlockContent[],
        },
      ];
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
      return flow
        ? [
            {
              type: "list",
              ordered: false,
              spread: false,
              children: [{ type: "listItem", spread: false, children: [paragraph(link)] }],
            },
          ]
        : link;
    }
    case "Cards":
      return [mergeLists(inner)];
    case "HoverLink": {
      const href = text("href") ?? "";
      const link: Link = {
        type: "link",
        url: href,
        title: text("description") ?? text("title") ?? null,
        children: phrasing(inner),
      };
      return flow ? [paragraph([link])] : [link];
    }
    case "Prompt": {
      const title = text("title");
      return [
        { type: "blockquote", children: prependLabel(inner, `Prompt${title ? ` — ${title}` : ""}:`) as BlockContent[] },
      ];
    }
    case SECTION_CARDS_ELEMENT.name:
      // The section's cards, which the emitters put in (render/section-cards.ts).
      if (text(SECTION_CARDS_ELEMENT.attribute) === SECTION_CARDS_ELEMENT.value)
        return [{ type: "html", value: SECTION_CARDS_MARKDOWN }];
      return unknownElement(node, inner, text);
    case "img": {
      // A themed image's dark twin (foreign-components.ts): the agent reads the light one.
      if (text("className") === THEMED_IMAGE_CLASSES.dark) return [];
      const src = text("src");
      const image: PhrasingContent = { type: "image", url: src ?? "", alt: text("alt") ?? null };
      return !src ? [] : flow ? [paragraph([image])] : [image];
    }
    case "a":
    case "code": {
      // On its own line (a flow element) the inline result is a paragraph, so it does not run into the next block.
      const inline = node.name === "a" ? [linkOf(node, inner, text)] : (codeOf(inner) as PhrasingContent[]);
      return flow && inline.length > 0 ? [paragraph(inline)] : inline;
    }
    default:
      return unknownElement(node, inner, text);
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
  const head: PhrasingContent =
    typeof href === "string"
      ? { type: "link", url: href, children: [{ type: "text", value: title || href }] }
      : { type: "strong", children: [{ type: "text", value: title }] };
  return description.length > 0 ? [head, { type: "text", value: ": " }, ...description] : [head];
}

function mergeLists(children: RootContent[]): RootContent {
  const items = children.flatMap((c) =>
    c.type === "list"
      ? c.children
      : c.type === "paragraph"
        ? [{ type: "listItem" as const, spread: false, children: [c] }]
        : [],
  );
  return { type: "list", ordered: false, spread: false, children: items };
}

/** Bold label in front of the first paragraph (or as its own paragraph when content starts otherwise). */
function prependLabel(children: RootContent[], label: string): RootContent[] {
  const strong: PhrasingContent = { type: "strong", children: [{ type: "text", value: label }] };
  const [first, ...rest] = children;
  if (first?.type === "paragraph")
    return [{ ...first, children: [strong, { type: "text", value: " " }, ...first.children] }, ...rest];
  return [paragraph([strong]), ...children];
}

const BLOCK_TYPES = new Set([
  "paragraph",
  "heading",
  "thematicBreak",
  "blockquote",
  "list",
  "listItem",
  "table",
  "code",
  "html",
  "definition",
  "footnoteDefinition",
]);

/** One-line flow elements hold inline nodes directly; wrap runs of them in paragraphs. */
function asBlocks(children: RootContent[], inlineHtml = false): RootContent[] {
  const out: RootContent[] = [];
  let run: PhrasingContent[] = [];
  const flush = () => {
    if (run.some((n) => n.type !== "text" || n.value.trim() !== "")) out.push(paragraph(run));
    run = [];
  };
  for (const child of children) {
    if (BLOCK_TYPES.has(child.type) && !(inlineHtml && child.type === "html")) {
      flush();
      out.push(child);
    } else run.push(child as PhrasingContent);
  }
  flush();
  return out;
}
