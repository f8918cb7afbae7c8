/**
 * SPEC 2.7 rule 4: the sibling `agent.md` that `docs agent compact` writes. Its frontmatter (which the build strips,
 * like any agent.md frontmatter) records that it was generated, the digest of the page source it was made from (so
 * `--stale` can tell when the page moved on), its token count, the budget and the tokenizer.
 */
import { createHash } from "node:crypto";
import { TOKENIZER } from "./tokens.ts";

const MARKER = "quire docs agent compact";

export interface GeneratedAgentFile {
  source: string;
  tokens: number;
  budget: number;
}

export function sourceDigest(text: string): string {
  return `sha256:${createHash("sha256").update(text).digest("hex")}`;
}

export function renderAgentFile(body: string, meta: GeneratedAgentFile): string {
  return [
    "---",
    `compacted: ${MARKER}`,
    `source: "${meta.source}"`,
    `tokens: ${meta.tokens}`,
    `budget: ${meta.budget}`,
    `tokenizer: ${TOKENIZER}`,
    "---",
    "",
    body.trim(),
    "",
  ].join("\n");
}

/** The record of a generated agent.md, or undefined for a hand-written one. */
export function readGeneratedAgentFile(text: string): GeneratedAgentFile | undefined {
  const block = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1];
  if (!block || !block.includes(`compacted: ${MARKER}`)) return undefined;
  const field = (name: string) => new RegExp(`^${name}:\\s*"?([^"\\n]*)"?$`, "m").exec(block)?.[1] ?? "";
  return { source: field("source"), tokens: Number(field("tokens")), budget: Number(field("budget")) };
}
