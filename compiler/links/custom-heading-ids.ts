/**
 * `## Title {#custom-id}` heading ids (the VitePress / Docusaurus / kramdown syntax). The `{#…}` is removed from the
 * heading text, so HTML, table of contents, search and `.md` show the title alone, and the id is kept on
 * `data.hProperties.id`, which `markdown/headings.ts` keeps instead of a generated slug.
 */
import type { Heading, Root, Text } from "mdast";
import { walk } from "../markdown/walk.ts";
import type { TextEdit } from "../content/text-edits.ts";

/** `{` of a heading's `{#id}` in MDX source, where `{` would open a JavaScript expression (same length: offsets hold). */
export const PROTECTED_BRACE = "\uE000";
const CUSTOM_ID = /\s*[{\uE000]#([A-Za-z0-9_][\w.:-]*)\}\s*$/;
const HEADING_ID_LINE = /^( {0,3}#{1,6}[ \t].*?)\{(#[A-Za-z0-9_][\w.:-]*\}\s*)$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/**
 * MDX reads `{#id}` as an expression (a syntax error). Before an MDX page is parsed, the `{` of a heading's `{#id}`
 * outside code fences becomes a private-use character of the same length, which `takeCustomHeadingIds` accepts.
 */
export function protectHeadingIds(source: string): string {
  if (!source.includes("{#")) return source;
  let fence: string | undefined;
  return source
    .split("\n")
    .map((line) => {
      const marker = FENCE.exec(line)?.[1];
      if (marker && (!fence || (marker[0] === fence[0] && marker.length >= fence.length))) {
        fence = fence ? undefined : marker;
        return line;
      }
      return fence ? line : line.replace(HEADING_ID_LINE, `$1${PROTECTED_BRACE}$2`);
    })
    .join("\n");
}

/** Moves every `{#id}` suffix of a heading into its id; returns the matching source edits for the plain `.md`. */
export function takeCustomHeadingIds(tree: Root, source: string): TextEdit[] {
  const edits: TextEdit[] = [];
  walk(tree, "heading", (heading: Heading) => {
    const last = heading.children[heading.children.length - 1];
    if (last?.type !== "text") return;
    const match = CUSTOM_ID.exec(last.value);
    if (!match) return;
    (last as Text).value = last.value.slice(0, match.index);
    if (last.value === "") heading.children.pop();
    heading.data = { ...heading.data, hProperties: { ...(heading.data?.hProperties ?? {}), id: match[1] } };
    const end = last.position?.end.offset;
    const written = match[0].trimEnd();
    if (end !== undefined && source.slice(end - written.length, end) === written) {
      edits.push({ start: end - written.length, end, text: "" });
    }
  });
  return edits;
}
