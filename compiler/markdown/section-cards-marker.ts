/**
 * Where a page shows its section's cards (Docusaurus's `<DocCardList />`): the page is compiled alone, so it holds
 * this marker, and the emitters put the cards in its place (render/section-cards.ts).
 */

/** The element `<DocCardList />` becomes (foreign-components.ts). */
export const SECTION_CARDS_ELEMENT = { name: "div", attribute: "data-quire-cards", value: "section" } as const;
/** That element in the page's HTML. */
export const SECTION_CARDS_HTML = `<div ${SECTION_CARDS_ELEMENT.attribute}="${SECTION_CARDS_ELEMENT.value}"></div>`;
/** Its line in the page's agent Markdown (agent-markdown.ts). */
export const SECTION_CARDS_MARKDOWN = "<!-- quire:section-cards -->";

const MARKER_BLOCK = new RegExp(`\\n\\n${SECTION_CARDS_MARKDOWN}|${SECTION_CARDS_MARKDOWN}(\\n\\n)?`, "g");

/** Agent Markdown without its marker lines, each with a blank line beside it (for search, or no cards to show). */
export function withoutSectionCards(markdown: string): string {
  return markdown.replace(MARKER_BLOCK, "");
}
