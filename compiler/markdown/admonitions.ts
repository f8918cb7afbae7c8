/**
 * Issue 10: admonitions as Docusaurus, Starlight and VitePress write them (`:::tip[Title]`, `::: warning Title`,
 * `:::note{title="…"}`) and GitHub alerts (`> [!NOTE]`) become the built-in `Callout` (SPEC 2.1 `components`),
 * as a JSX element node in the tree: MDX evaluates it, plain Markdown renders it through `markdown/callout-html.ts`,
 * and the agent projection lowers it to a labelled blockquote (`markdown/agent-markdown.ts`).
 *
 * The directive syntax also reads `:name` in prose (`10:30`, `Note:this`) and `::name` lines; those were never
 * meant as directives, so they go back to the text they were written as.
 */
import type { BlockContent, Blockquote, Parent, Root, RootContent, Text } from "mdast";
import type { ContainerDirective } from "mdast-util-directive";
import type { MdxJsxAttribute, MdxJsxFlowElement } from "mdast-util-mdx-jsx";
import { toString } from "mdast-util-to-string";
import { closestName, type BuildMessage } from "../diagnostics.ts";
import { CODE_GROUP, codeGroupTabs } from "./code-group.ts";

/** Admonition names other tools use → the `Callout` type they become. */
export const ADMONITION_TYPES: Record<string, string> = {
  note: "note",
  info: "info",
  tip: "tip",
  hint: "tip",
  important: "important",
  success: "success",
  warning: "warning",
  warn: "warning",
  caution: "caution",
  danger: "danger",
  error: "error",
  details: "details",
};

export interface LoweredAdmonitions {
  /** True when at least one admonition became a `Callout` (the page then needs the JSX-aware projections). */
  changed: boolean;
  messages: BuildMessage[];
}

/** Rewrites `tree` in place. `source` is the text the tree was parsed from (node offsets index into it). */
export function lowerAdmonitions(tree: Root, source: string, file: string): LoweredAdmonitions {
  const state: LoweredAdmonitions = { changed: false, messages: [] };
  lowerParent(tree, source, file, state);
  return state;
}

function lowerParent(parent: Parent, source: string, file: string, state: LoweredAdmonitions): void {
  const out: RootContent[] = [];
  for (const child of parent.children as RootContent[]) {
    if ("children" in child) lowerParent(child as Parent, source, file, state);
    switch (child.type) {
      case "containerDirective": {
        const type = ADMONITION_TYPES[child.name.toLowerCase()];
        if (child.name.toLowerCase() === CODE_GROUP) {
          out.push(codeGroupTabs(child));
          state.changed = true;
        } else if (type) {
          out.push(calloutFromDirective(child, type));
          state.changed = true;
        } else {
          const suggestion = closestName(child.name, Object.keys(ADMONITION_TYPES));
          state.messages.push({
            severity: "warning",
            rule: "markdown/unknown-admonition",
            file,
            line: child.position?.start.line,
            column: child.position?.start.column,
            reason: `unknown admonition type \`${child.name}\`${suggestion ? ` — did you mean \`${suggestion}\`?` : ""}; its content is shown without a box`,
            hint: `admonition types are ${Object.keys(ADMONITION_TYPES).join(", ")}; \`code-group\` shows its code blocks as tabs`,
          });
          out.push(...(child.children.filter((c) => !isLabel(c)) as RootContent[]));
        }
        continue;
      }
      case "leafDirective":
        out.push({ type: "paragraph", children: [literal(child, source)], position: child.position });
        continue;
      case "textDirective":
        out.push(literal(child, source));
        continue;
      case "blockquote": {
        const alert = calloutFromAlert(child);
        if (alert) {
          out.push(alert);
          state.changed = true;
          continue;
        }
      }
    }
    out.push(child);
  }
  parent.children = mergeTexts(out) as Parent["children"];
}

function calloutFromDirective(node: ContainerDirective, type: string): MdxJsxFlowElement {
  const label = node.children[0] && isLabel(node.children[0]) ? toString(node.children[0]).trim() : "";
  const title = label || node.attributes?.title || undefined;
  const children = node.children.filter((c) => !isLabel(c)) as BlockContent[];
  return callout(type, title ?? undefined, children, node);
}

/** The paragraph remark-directive makes of `[Title]`. */
function isLabel(node: RootContent): boolean {
  return (node.data as { directiveLabel?: boolean } | undefined)?.directiveLabel === true;
}

/** `> [!TIP]` on the first line of a blockquote; text after the marker on that line is a title. */
const ALERT = /^\[!([A-Za-z]+)\][ \t]*([^\n]*)(?:\n|$)/;

function calloutFromAlert(node: Blockquote): MdxJsxFlowElement | undefined {
  const first = node.children[0];
  const text = first?.type === "paragraph" ? first.children[0] : undefined;
  const match = text?.type === "text" ? ALERT.exec(text.value) : null;
  const type = match && ADMONITION_TYPES[match[1].toLowerCase()];
  if (!match || !type || text?.type !== "text" || first?.type !== "paragraph") return undefined;
  const rest = text.value.slice(match[0].length);
  const paragraph = rest ? [{ ...text, value: rest }, ...first.children.slice(1)] : first.children.slice(1);
  const children =
    paragraph.length > 0 ? [{ ...first, children: paragraph }, ...node.children.slice(1)] : node.children.slice(1);
  return callout(type, match[2].trim() || undefined, children as BlockContent[], node);
}

function callout(
  type: string,
  title: string | undefined,
  children: BlockContent[],
  from: RootContent,
): MdxJsxFlowElement {
  const attributes: MdxJsxAttribute[] = [{ type: "mdxJsxAttribute", name: "type", value: type }];
  if (title) attributes.push({ type: "mdxJsxAttribute", name: "title", value: title });
  return {
    type: "mdxJsxFlowElement",
    name: "Callout",
    attributes,
    children,
    position: from.position,
    data: { admonition: true } as never,
  };
}

/** The directive as it was written, taken from the parsed source. */
function literal(node: RootContent, source: string): Text {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  const value = start !== undefined && end !== undefined ? source.slice(start, end) : toString(node);
  return { type: "text", value, position: node.position };
}

function mergeTexts(children: RootContent[]): RootContent[] {
  const out: RootContent[] = [];
  for (const child of children) {
    const last = out[out.length - 1];
    if (child.type === "text" && last?.type === "text") {
      out[out.length - 1] = {
        ...last,
        value: last.value + child.value,
        position: last.position && child.position ? { start: last.position.start, end: child.position.end } : undefined,
      };
    } else out.push(child);
  }
  return out;
}
