/**
 * Per-page detail of `docs diff` (issue 11): what a reviewer wants to know about a page, read from `_docs/pages.json`
 * (title, description, headings, agent contract, `agent.md`, related links) and from the two search indexes, which
 * hold each page's text once per audience (SPEC 2.7): text that changed in the agent index only is an `<Agent>` block
 * (or `agent.md`), in the human index only a `<Human>` block.
 */
import type { AgentContract, PageEntry, SearchChunk } from "../../runtime/contract/index.ts";
import type { PageDetail } from "./model.ts";

export interface PageSide {
  entry: PageEntry;
  /** The page's text per audience, one line per block; null when the tree has no search indexes. */
  text: { human: string[]; agent: string[] } | null;
}

/**
 * The page's search chunks as lines of text. Headings come from `pages.json` and the contract's own section is
 * reported as a contract, so neither is repeated here.
 */
export function pageText(entry: PageEntry, chunks: SearchChunk[]): string[] {
  const contractId = `${entry.path}#agent-contract`;
  return chunks
    .filter((chunk) => chunk.path === entry.path && !(entry.contract && chunk.id === contractId))
    .flatMap((chunk) => chunk.content.split("\n"))
    .map((line) => line.trim())
    .filter((line) => line !== "");
}

/** What changed in a page present in both trees; empty when nothing the page says changed. */
export function pageDetails(before: PageSide, after: PageSide): PageDetail[] {
  const a = before.entry;
  const b = after.entry;
  const details: PageDetail[] = [];
  if (a.title !== b.title) details.push({ kind: "title", from: a.title, to: b.title });
  if (a.description !== b.description) details.push({ kind: "description", from: a.description, to: b.description });
  const headings = listChange(a.headings.map(headingLine), b.headings.map(headingLine));
  if (headings) details.push({ kind: "headings", ...headings });
  if (a.hasAgentFile !== b.hasAgentFile)
    details.push({ kind: "agent-file", change: b.hasAgentFile ? "added" : "removed" });
  const text = textChange(before, after);
  if (text) details.push(text);
  const contract = contractChange(a.contract, b.contract);
  if (contract) details.push(contract);
  const related = listChange(a.related, b.related);
  if (related) details.push({ kind: "related", ...related });
  if (a.hidden !== b.hidden) details.push({ kind: "hidden", to: b.hidden });
  if (a.lastModified !== b.lastModified)
    details.push({ kind: "last-modified", from: a.lastModified, to: b.lastModified });
  return details;
}

function headingLine(heading: { depth: number; text: string }): string {
  return `${"#".repeat(heading.depth)} ${heading.text}`;
}

/** Entries of `after` missing from `before` and the reverse, counting repeats; undefined when the lists match. */
export function listChange(before: string[], after: string[]): { added: string[]; removed: string[] } | undefined {
  const added = without(after, before);
  const removed = without(before, after);
  return added.length + removed.length > 0 ? { added, removed } : undefined;
}

/** The items of `list` left once each item of `other` has cancelled one equal item. */
function without(list: string[], other: string[]): string[] {
  const counts = new Map<string, number>();
  for (const item of other) counts.set(item, (counts.get(item) ?? 0) + 1);
  return list.filter((item) => {
    const left = counts.get(item) ?? 0;
    if (left === 0) return true;
    counts.set(item, left - 1);
    return false;
  });
}

function textChange(before: PageSide, after: PageSide): PageDetail | undefined {
  if (!before.text || !after.text) return undefined;
  const human = listChange(before.text.human, after.text.human);
  const agent = listChange(before.text.agent, after.text.agent);
  if (!human && !agent) return undefined;
  // A swapped agent.md replaces the agent text wholesale; that is reported as its own change.
  if (!human && before.entry.hasAgentFile !== after.entry.hasAgentFile) return undefined;
  // Shared text: show it as people read it (plain text rather than Markdown).
  if (human && agent) return { kind: "text", audience: "both", added: human.added, removed: human.removed };
  if (agent) return { kind: "text", audience: "agent-only", ...agent };
  return { kind: "text", audience: "human-only", ...human! };
}

const CONTRACT_FIELDS = [
  "task",
  "outcome",
  "appliesTo",
  "prerequisites",
  "files",
  "commands",
  "sideEffects",
  "verification",
  "rollback",
  "failureModes",
  "tokenBudget",
] as const satisfies readonly (keyof AgentContract)[];

function contractChange(before: AgentContract | null, after: AgentContract | null): PageDetail | undefined {
  if (!before && !after) return undefined;
  if (!before)
    return { kind: "contract", change: "added", fields: CONTRACT_FIELDS.filter((field) => present(after![field])) };
  if (!after)
    return { kind: "contract", change: "removed", fields: CONTRACT_FIELDS.filter((field) => present(before[field])) };
  const fields = CONTRACT_FIELDS.filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]));
  return fields.length > 0 ? { kind: "contract", change: "changed", fields } : undefined;
}

function present(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === "object") return Object.values(value).some(present);
  return true;
}

/** Whether a detail shows in the page's HTML (the contract does, as HowTo JSON-LD); the others are agent-only. */
export function showsInHtml(detail: PageDetail): boolean {
  if (detail.kind === "text") return detail.audience !== "agent-only";
  return !["agent-file", "related", "markdown"].includes(detail.kind);
}
