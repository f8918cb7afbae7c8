/**
 * One page detail of `docs diff` in words (issue 11), shared by the text and Markdown renderers; each passes how to
 * quote page text and names in its format, and the words around them need no escaping in either.
 */
import type { PageDetail } from "./model.ts";

/** Lines of changed text shown per list before "and N more". */
const SHOWN_LINES = 3;
/** Characters of a changed line shown before "…". */
const SHOWN_CHARS = 100;

export interface DetailStyle {
  /** Page text (a title, a heading, a line): quoted and escaped for the format. */
  quote(text: string): string;
  /** A name in the prose, such as a component: `<Agent>`. */
  name(text: string): string;
}

function audienceWords(audience: "agent-only" | "human-only" | "both", name: (text: string) => string): string {
  if (audience === "agent-only")
    return `agent-only text changed (an ${name("<Agent>")} block or agent.md: .md, MCP and llms-full.txt, not the HTML)`;
  if (audience === "human-only")
    return `human-only text changed (a ${name("<Human>")} block: HTML and public search, not agents)`;
  return "text changed for both audiences";
}

/** A headline for the detail and the lines under it. */
export function describeDetail(detail: PageDetail, style: DetailStyle): { headline: string; lines: string[] } {
  const q = style.quote;
  switch (detail.kind) {
    case "title":
      return { headline: `title ${q(detail.from)} → ${q(detail.to)}`, lines: [] };
    case "description":
      return {
        headline: `description ${detail.from === null ? "added" : detail.to === null ? "removed" : "changed"}`,
        lines: detail.to === null ? [] : [q(clip(detail.to))],
      };
    case "headings":
      return { headline: "headings changed", lines: changedLines(detail, q) };
    case "text":
      return { headline: audienceWords(detail.audience, style.name), lines: changedLines(detail, q) };
    case "contract":
      return {
        headline: `agent contract ${detail.change}${detail.fields.length > 0 ? `: ${detail.fields.join(", ")}` : ""}`,
        lines: [],
      };
    case "agent-file":
      return {
        headline:
          detail.change === "added"
            ? "agent.md added: it now replaces the page's agent Markdown"
            : "agent.md removed: agents read the page itself again",
        lines: [],
      };
    case "related":
      return { headline: "related links changed", lines: changedLines(detail, q) };
    case "hidden":
      return { headline: detail.to ? "hidden from the sidebar" : "shown in the sidebar again", lines: [] };
    case "last-modified":
      return {
        headline: `last updated ${detail.from === null ? "—" : q(detail.from)} → ${detail.to === null ? "—" : q(detail.to)}`,
        lines: [],
      };
    case "markdown":
      return { headline: "agent Markdown changed (links or formatting)", lines: [] };
  }
}

function changedLines(change: { added: string[]; removed: string[] }, quote: (text: string) => string): string[] {
  const shown = (sign: string, items: string[]) => [
    ...items.slice(0, SHOWN_LINES).map((item) => `${sign} ${quote(clip(item))}`),
    ...(items.length > SHOWN_LINES ? [`${sign} … and ${items.length - SHOWN_LINES} more`] : []),
  ];
  return [...shown("+", change.added), ...shown("−", change.removed)];
}

function clip(text: string): string {
  return text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS - 1)}…` : text;
}
