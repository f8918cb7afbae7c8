/**
 * A section's cards: Docusaurus's `<DocCardList />` on a section's landing page shows a card for each page and folder
 * the sidebar lists under it. A page is compiled alone, so it holds a marker where the cards go
 * (markdown/section-cards-marker.ts), and the emitters, which see the whole site, put the cards in its place: in the
 * HTML the built-in `<Cards>` of `<Card title href>` (each holding the page's description), in the `.md` the list of
 * links the agent Markdown makes of `<Cards>`.
 */
import type { ListItem, PhrasingContent } from "mdast";
import { h } from "preact";
import { renderToString } from "preact-render-to-string";
import type { BuildMessage } from "../diagnostics.ts";
import type { ResolvedConfig } from "../config/types.ts";
import { localeCodeOf, localSlugOf } from "../i18n/localize-pages.ts";
import { serializeBlocks } from "../markdown/agent-markdown.ts";
import { Card, Cards } from "../markdown/components/cards.tsx";
import { IconRegistry } from "../markdown/components/icon-registry.tsx";
import { SECTION_CARDS_HTML, SECTION_CARDS_MARKDOWN, withoutSectionCards } from "../markdown/section-cards-marker.ts";
import type { NavFolder, NavNode, NavPage, Page, SiteModel } from "../model/types.ts";

/** One card: a page or folder of the section. */
interface SectionCard {
  title: string;
  url: string;
  /** The page's agent Markdown, which the `.md` links to as it does for relative links. */
  markdownUrl: string;
  description?: string;
  icon?: string;
}

/** The section's cards as HTML and as Markdown, for a page whose HTML holds the marker. */
export interface SectionCards {
  html: string;
  markdown: string;
}

const bySite = new WeakMap<SiteModel, Map<Page, SectionCards>>();

/** A marker on a page that lands no section shows nothing (with a warning, `sectionCardMessages`). */
const NO_CARDS: SectionCards = { html: "", markdown: "" };

/**
 * The cards of the section `page` is the landing page of (none when it lands no section), or undefined when the page
 * holds no marker. Computed once per page and site: the page's HTML and `.md` and llms-full.txt all ask.
 */
export function sectionCardsOf(page: Page, site: SiteModel, config: ResolvedConfig): SectionCards | undefined {
  if (!page.sectionCards) return undefined;
  let known = bySite.get(site);
  if (!known) bySite.set(site, (known = new Map()));
  const remembered = known.get(page);
  if (remembered) return remembered;
  const cards = cardsOf(page, site, config);
  const rendered = cards ? { html: cardsHtml(cards, config), markdown: cardsMarkdown(cards) } : NO_CARDS;
  known.set(page, rendered);
  return rendered;
}

/** The page's HTML with the cards in place of each marker (a function replacer: the cards may hold `$`). */
export function withCardsHtml(html: string, cards: SectionCards | undefined): string {
  return cards ? html.replaceAll(SECTION_CARDS_HTML, () => cards.html) : html;
}

/** The page's agent Markdown with the cards in place of each marker line (with the blank line before it, if none). */
export function withCardsMarkdown(markdown: string, cards: SectionCards | undefined): string {
  if (!cards) return markdown;
  if (cards.markdown) return markdown.replaceAll(SECTION_CARDS_MARKDOWN, () => cards.markdown);
  return withoutSectionCards(markdown);
}

/** A warning for each page whose `<DocCardList />` has no section to list: it shows nothing there. */
export function sectionCardMessages(site: SiteModel, config: ResolvedConfig): BuildMessage[] {
  return site.pages
    .filter((page) => !page.fallbackOf && sectionCardsOf(page, site, config) === NO_CARDS)
    .map((page) => ({
      severity: "warning",
      rule: "mdx/doc-card-list",
      file: page.sourcePath,
      reason: "<DocCardList /> lists the pages of the section this page is the landing page of, and it lands none",
      hint: "move the list to the section's index page, or link the pages with <Cards> and <Card title href>",
    }));
}

function cardsOf(page: Page, site: SiteModel, config: ResolvedConfig): SectionCard[] | undefined {
  const nav = site.localeNavs?.get(localeCodeOf(page, config) ?? "") ?? site.nav;
  const section = folderOf(nav.children, localSlugOf(page, config));
  if (!section) return undefined;
  const pages = new Map(site.pages.map((p) => [p.route, p]));
  return section.children
    .filter((node) => node.type !== "page" || node.route !== page.route)
    .flatMap((node): SectionCard[] => {
      // A folder's card leads to its landing page, or to its first page when it has none.
      const target = node.type === "page" ? node : (node.index ?? firstPage(node.children));
      const shown = target && pages.get(target.route);
      if (!target || !shown) return [];
      const description = node.type === "page" || node.index ? shown.frontmatter.description : undefined;
      return [{ title: node.name, url: target.url, markdownUrl: shown.markdownRoute, description, icon: node.icon }];
    });
}

function folderOf(nodes: NavNode[], slug: string): NavFolder | undefined {
  for (const node of nodes) {
    if (node.type !== "folder") continue;
    if (node.slug === slug) return node;
    if (slug.startsWith(`${node.slug}/`)) return folderOf(node.children, slug);
  }
  return undefined;
}

function firstPage(nodes: NavNode[]): NavPage | undefined {
  for (const node of nodes) {
    const page = node.type === "page" ? node : (node.index ?? firstPage(node.children));
    if (page) return page;
  }
  return undefined;
}

function cardsHtml(cards: SectionCard[], config: ResolvedConfig): string {
  const items = cards.map((card) => h(Card, { title: card.title, href: card.url, icon: card.icon }, card.description));
  return renderToString(h(IconRegistry.Provider, { value: config.icons }, h(Cards, {}, items)));
}

/** The list the agent Markdown makes of `<Cards>`: `- [title](url.md): description`. */
function cardsMarkdown(cards: SectionCard[]): string {
  const items = cards.map((card): ListItem => {
    const link: PhrasingContent = {
      type: "link",
      url: card.markdownUrl,
      children: [{ type: "text", value: card.title }],
    };
    const text: PhrasingContent[] = card.description
      ? [link, { type: "text", value: `: ${card.description}` }]
      : [link];
    return { type: "listItem", spread: false, children: [{ type: "paragraph", children: text }] };
  });
  return serializeBlocks([{ type: "list", ordered: false, spread: false, children: items }]);
}
