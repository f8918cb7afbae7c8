/**
 * A highlighted line's tokens as one `raw` node holding their HTML (issue 11: cold build time). Shiki makes a `span`
 * per token, and a code-heavy page has thousands: every later pass walks them (the copy buttons, task-list labels,
 * footnote links), the collector keeps them until the page is written, and hast-util-to-html then writes each
 * through its general element and attribute code. A token is a `span` with a `style` and one text; its HTML is
 * written here as hast-util-to-html writes it with rehype-stringify's defaults (text escapes `<` and `&` as `&#x3C;`
 * and `&#x26;`; a style of plain characters is written as it is). A line holding anything else keeps its elements.
 *
 * Only where the tree is written by rehype-stringify with `allowDangerousHtml` (html.ts: Markdown pages, and MDX
 * code blocks mdx-code-html.ts writes as HTML): MDX's JavaScript has no place for a `raw` node.
 */
import type { ElementContent } from "hast";

/** A style that needs no escaping in a double-quoted attribute: Shiki's `--shiki-light:#D73A49;…`. */
const PLAIN_STYLE = /^[\w\s#:;,.%()-]*$/;
const TEXT_ESCAPES = /[<&]/g;

/** The line's tokens as one `raw` node, or the tokens as they are when one is not a plain token. */
export function tokensAsHtml(tokens: ElementContent[]): ElementContent[] {
  if (tokens.length === 0) return tokens;
  let html = "";
  for (const token of tokens) {
    const written = tokenHtml(token);
    if (written === undefined) return tokens;
    html += written;
  }
  // hast's types leave `raw` (mdast-util-to-hast's) out; rehype-stringify writes it as it is.
  return [{ type: "raw", value: html } as unknown as ElementContent];
}

function tokenHtml(token: ElementContent): string | undefined {
  if (token.type === "text") return escapedText(token.value);
  if (token.type !== "element" || token.tagName !== "span" || token.children.length !== 1) return undefined;
  const text = token.children[0];
  const style = token.properties.style;
  if (text.type !== "text" || typeof style !== "string" || !PLAIN_STYLE.test(style)) return undefined;
  for (const name in token.properties) if (name !== "style") return undefined;
  return `<span style="${style}">${escapedText(text.value)}</span>`;
}

function escapedText(value: string): string {
  return value.replace(TEXT_ESCAPES, (character) => (character === "<" ? "&#x3C;" : "&#x26;"));
}
