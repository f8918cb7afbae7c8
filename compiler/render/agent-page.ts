/**
 * The agent Markdown of one page (`<route>.md`): normalized frontmatter, header lines, a pointer to `/llms.txt`,
 * body, contract. With a base URL, links are absolute (they must survive being quoted away from the page).
 */
import matter from "gray-matter";
import { hasContract } from "../content/contract.ts";
import type { AgentContract, Page } from "../model/types.ts";
import { absoluteLinks } from "./absolute-links.ts";
import { renderAgentContract } from "./agent-contract.ts";
import { perRecord } from "../cache/per-record.ts";
import { type SectionCards, withCardsMarkdown } from "./section-cards.ts";
import { type LinkRepair, repairsKey, withRepairedMarkdown } from "../links/link-repairs.ts";

export interface AgentPageOptions {
  /** The site's base URL; root-relative links become absolute against it. */
  baseUrl: string | null;
  /** The build writes `/llms.txt`: every page then points agents at it. */
  llmsTxt: boolean;
  /** The page's section cards, when it shows them (section-cards.ts). */
  sectionCards?: SectionCards;
  /** Its links written for another tool, mended (links/link-repairs.ts). */
  linkRepairs?: readonly LinkRepair[];
}

const NO_OPTIONS: AgentPageOptions = { baseUrl: null, llmsTxt: false };

const optionsKey = (options: AgentPageOptions) =>
  `${options.baseUrl}\n${options.llmsTxt}\n${options.sectionCards?.markdown ?? ""}\n${repairsKey(options.linkRepairs ?? [])}`;

export function renderAgentPage(page: Page, options: AgentPageOptions = NO_OPTIONS): string {
  return agentPageOf(page, options);
}

/** The page's agent Markdown without frontmatter (also the unit llms-full.txt is made of). */
export function renderAgentDocument(page: Page, options: AgentPageOptions = NO_OPTIONS): string {
  return agentDocumentOf(page, options);
}

const agentPageOf = perRecord((page: Page, options: AgentPageOptions): string => {
  const document = renderAgentDocument(page, options);
  // Right under the title: an agent that reads only the start of a page still learns where the index is.
  const titleEnd = document.indexOf("\n");
  const body =
    options.llmsTxt && titleEnd > 0
      ? `${document.slice(0, titleEnd)}\n\n${llmsPointer(options.baseUrl)}${document.slice(titleEnd)}`
      : document;
  // lineWidth -1: js-yaml would otherwise fold long descriptions into `>-` blocks.
  return matter.stringify(body, normalizedFrontmatter(page), { lineWidth: -1 } as matter.GrayMatterOption<
    string,
    never
  >);
}, optionsKey);

/** The line every `.md` carries (llms.txt v2 practice: each Markdown page names the index that covers it). */
export function llmsPointer(baseUrl: string | null): string {
  const index = `${baseUrl?.replace(/\/+$/, "") ?? ""}/llms.txt`;
  return `> Index of these docs for AI agents: [llms.txt](${index}). Every page is Markdown at its URL + \`.md\`.`;
}

// Asked with two option sets every build: the page's `.md` (with the llms.txt pointer) and llms-full.txt (without).
const agentDocumentOf = perRecord(
  (page: Page, options: AgentPageOptions): string => {
    const { frontmatter } = page;
    const header = [`# ${frontmatter.heading ?? frontmatter.title}`];
    const lines = [
      frontmatter.description && `Description: ${frontmatter.description}`,
      // SPEC 2.6: `related` is a line next to Description in agent output, never in the human page.
      frontmatter.related.length > 0 &&
        `Related: ${frontmatter.related.map((url) => absoluteRoute(url, options.baseUrl)).join(", ")}`,
    ].filter(Boolean);
    if (lines.length > 0) header.push(lines.join("\n"));
    // An agent.md's own H1 stands in for the generated one. A page's leading H1 was taken out of the body
    // (content/page-title.ts), and heads the document as in the HTML.
    let body = withRepairedMarkdown(withCardsMarkdown(page.agentBody, options.sectionCards), options.linkRepairs ?? []);
    if (page.hasAgentFile && /^# /.test(body)) {
      const end = body.indexOf("\n");
      header[0] = end < 0 ? body : body.slice(0, end);
      body = end < 0 ? "" : body.slice(end + 1).trimStart();
    }
    const blocks = [...header, absoluteLinks(body, options.baseUrl)];
    if (hasContract(frontmatter.agent)) blocks.push(renderAgentContract(frontmatter.agent));
    return blocks.filter((b) => b.trim() !== "").join("\n\n") + "\n";
  },
  optionsKey,
  2,
);

function absoluteRoute(url: string, baseUrl: string | null): string {
  return baseUrl && /^\/(?!\/)/.test(url) ? `${baseUrl.replace(/\/+$/, "")}${url}` : url;
}

/** Title, description and the agent contract with empty parts left out, in a fixed key order. */
function normalizedFrontmatter(page: Page): Record<string, unknown> {
  const f = page.frontmatter;
  const data: Record<string, unknown> = { title: f.title };
  if (f.description) data.description = f.description;
  if (f.related.length > 0) data.related = f.related;
  for (const key of ["framework", "version", "locale"] as const) if (f[key]) data[key] = f[key];
  // Issue 14: a locale without a translation serves the original; agents are told which page it is.
  if (page.fallbackOf) data.fallbackOf = page.fallbackOf;
  if (f.tags.length > 0) data.tags = f.tags;
  if (f.agent) data.agent = compactContract(f.agent);
  return data;
}

function compactContract(contract: AgentContract): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(contract)) {
    if (value === undefined) continue;
    if (Array.isArray(value) && value.length === 0) continue;
    if (key === "appliesTo") {
      const applies = Object.fromEntries(
        Object.entries(value as Record<string, string[]>).filter(([, list]) => list.length > 0),
      );
      if (Object.keys(applies).length > 0) out.appliesTo = applies;
      continue;
    }
    out[key] = value;
  }
  return out;
}
