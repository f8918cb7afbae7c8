/**
 * SPEC 2.7: the one function that decides what each audience sees. Every output (HTML, search, .md, llms,
 * MCP) is built from a tree this module projected; nothing else interprets <Agent>, <Human> or <Audience>.
 */
import { cloneTree } from "./clone-tree.ts";
import type { Parent, Root, RootContent } from "mdast";
import type { MdxJsxFlowElement, MdxJsxTextElement } from "mdast-util-mdx-jsx";
import { walk } from "./walk.ts";
import { staticAttribute } from "./jsx-attributes.ts";

export type Audience = "human" | "agent";
type Scope = Audience | "shared";

export const AUDIENCE_COMPONENTS: ReadonlySet<string> = new Set(["Agent", "Human", "Audience"]);
const AUDIENCE_TAG = /<\/?(Agent|Human|Audience)\b/;

/**
 * True when some node needs the audience projection (MDX syntax, or audience tags as raw HTML). Without one, both
 * projections equal the tree itself, and callers may skip `projectAudience`'s copy.
 */
export function needsProjection(tree: Root): boolean {
  let needed = false;
  walk<Root | RootContent>(tree, (node) => {
    if (node.type.startsWith("mdx") || isAudienceHtml(node)) {
      needed = true;
      return false;
    }
  });
  return needed;
}

/** An `html` node (plain `.md`) that opens, closes or holds an audience block. */
export function isAudienceHtml(node: Root | RootContent): boolean {
  return node.type === "html" && AUDIENCE_TAG.test(node.value);
}

export interface ProjectionOptions {
  /**
   * Keep human-only content inside a `data-markdown-ignore` element (`<div>` for blocks, `<span>` inline) instead of
   * unwrapping it, so the HTML says which of its text is missing from the page's Markdown by design. Only the HTML
   * rendering asks for it; every other output reads the unwrapped tree.
   */
  markHumanOnly?: boolean;
  /** Project `tree` itself rather than a copy, for a caller that reads the tree no more (the build's agent tree). */
  consume?: boolean;
}

/** The attribute that marks human-only HTML (read by agent-readiness audits comparing a page's HTML and Markdown). */
export const HUMAN_ONLY_ATTRIBUTE = "data-markdown-ignore";

/** Returns a new tree (or, with `consume`, the tree) holding only what `audience` may see; wrappers are unwrapped. */
export function projectAudience(tree: Root, audience: Audience, options: ProjectionOptions = {}): Root {
  const mark = audience === "human" && options.markHumanOnly === true;
  return projectParent(options.consume ? tree : cloneTree(tree), audience, mark);
}

/** A human-only marker element that `projectAudience` kept with `markHumanOnly`. */
export function isHumanOnlyMarker(node: RootContent): node is MdxJsxFlowElement | MdxJsxTextElement {
  return (
    (node.type === "mdxJsxFlowElement" || node.type === "mdxJsxTextElement") &&
    node.attributes.some((a) => a.type === "mdxJsxAttribute" && a.name === HUMAN_ONLY_ATTRIBUTE)
  );
}

/** Which audience a wrapper restricts its content to; `shared` for invalid or missing `only` values. */
export function scopeOfElement(node: MdxJsxFlowElement | MdxJsxTextElement): Scope | undefined {
  if (!node.name || !AUDIENCE_COMPONENTS.has(node.name)) return undefined;
  if (node.name === "Agent") return "agent";
  if (node.name === "Human") return "human";
  const only = staticAttribute(node, "only");
  return only === "agent" || only === "human" ? only : "shared";
}

/** Containers whose children are phrasing content: a human-only wrapper inside them is a `<span>`. */
const PHRASING_PARENTS = new Set([
  "paragraph",
  "heading",
  "emphasis",
  "strong",
  "delete",
  "link",
  "linkReference",
  "tableCell",
]);

function projectParent<T extends Parent>(parent: T, audience: Audience, mark: boolean): T {
  const kept: RootContent[] = [];
  const children = parent.children as RootContent[];
  for (let i = 0; i < children.length; i++) {
    const child = children[i];
    if (child.type === "mdxJsxFlowElement" || child.type === "mdxJsxTextElement") {
      const scope = scopeOfElement(child);
      if (scope !== undefined) {
        if (scope === "human" && mark) kept.push(markerElement(child, projectParent(child, audience, mark).children));
        else if (scope === "shared" || scope === audience)
          kept.push(...(projectParent(child, audience, mark).children as RootContent[]));
        continue;
      }
    }
    if (child.type === "html") {
      const block = htmlWrapper(children, i);
      if (block) {
        // The inner nodes are siblings, so nested raw-HTML wrappers among them need the same pass.
        if (block.scope === "shared" || block.scope === audience) {
          const inner = projectParent({ type: "root", children: block.inner } as Root, audience, mark).children;
          if (block.scope === "human" && mark) kept.push(...htmlMarker(PHRASING_PARENTS.has(parent.type), inner));
          else kept.push(...inner);
        }
        i = block.end;
        continue;
      }
    }
    const projected = projectNode(child, audience, mark);
    // A paragraph that only held a removed inline block would render as an empty <p>.
    if (projected.type === "paragraph" && projected.children.every((c) => c.type === "text" && c.value.trim() === ""))
      continue;
    kept.push(projected);
  }
  parent.children = kept as T["children"];
  return parent;
}

function projectNode(node: RootContent, audience: Audience, mark: boolean): RootContent {
  return "children" in node ? projectParent(node as Parent & RootContent, audience, mark) : node;
}

/** MDX: the wrapper becomes a plain `<div>`/`<span>` element carrying the marker attribute. */
function markerElement(wrapper: MdxJsxFlowElement | MdxJsxTextElement, children: unknown[]): RootContent {
  return {
    type: wrapper.type,
    name: wrapper.type === "mdxJsxFlowElement" ? "div" : "span",
    attributes: [{ type: "mdxJsxAttribute", name: HUMAN_ONLY_ATTRIBUTE, value: "" }],
    children,
    position: wrapper.position,
  } as RootContent;
}

/** Plain Markdown has no JSX: raw HTML open and close tags around the projected content, as siblings. */
function htmlMarker(inline: boolean, inner: RootContent[]): RootContent[] {
  const tag = inline ? "span" : "div";
  return [{ type: "html", value: `<${tag} ${HUMAN_ONLY_ATTRIBUTE}>` }, ...inner, { type: "html", value: `</${tag}>` }];
}

const OPEN_TAG = /^<(Agent|Human|Audience)((?:\s+[^>]*)?)>$/;
const WHOLE_BLOCK = /^<(Agent|Human|Audience)((?:\s+[^>]*)?)>([\s\S]*)<\/\1>$/;

/**
 * Plain `.md` has no JSX: `<Agent>` arrives as raw HTML, either one node holding the whole block or an
 * opening and a closing node with Markdown between them. Both forms get the same rules as MDX.
 */
function htmlWrapper(
  children: RootContent[],
  start: number,
): { scope: Scope; inner: RootContent[]; end: number } | undefined {
  const value = (children[start] as { value: string }).value.trim();
  const whole = WHOLE_BLOCK.exec(value);
  if (whole) {
    const inner = whole[3].trim();
    return { scope: scopeOfTag(whole[1], whole[2]), inner: inner ? [{ type: "html", value: inner }] : [], end: start };
  }
  const open = OPEN_TAG.exec(value);
  if (!open) return undefined;
  let depth = 0;
  for (let j = start + 1; j < children.length; j++) {
    const node = children[j];
    if (node.type !== "html") continue;
    const text = node.value.trim();
    if (new RegExp(`^<${open[1]}(\\s[^>]*)?>$`).test(text)) depth++;
    else if (text === `</${open[1]}>`) {
      if (depth === 0) return { scope: scopeOfTag(open[1], open[2]), inner: children.slice(start + 1, j), end: j };
      depth--;
    }
  }
  return undefined;
}

function scopeOfTag(name: string, attributes: string): Scope {
  if (name === "Agent") return "agent";
  if (name === "Human") return "human";
  const only = /\bonly\s*=\s*["']?(\w+)["']?/.exec(attributes)?.[1];
  return only === "agent" || only === "human" ? only : "shared";
}
