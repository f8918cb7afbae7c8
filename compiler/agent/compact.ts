/**
 * `docs agent compact` (SPEC 2.6, 2.7 rule 4, 1.5): a local, deterministic compactor. It keeps headings, code blocks,
 * tables, commands and the sentences that carry facts, drops chrome and repetition, then drops the least factual
 * prose until the document fits the token budget. Same input and budget → same bytes. A document already at or
 * under `minTokens` is left as it is.
 */
import { compactUnits, type Unit } from "./compact-units.ts";
import { countTokens } from "./tokens.ts";

export interface CompactBudget {
  maxTokens: number;
  /** Already clamped to `maxTokens`. */
  minTokens: number;
}

export type CompactResult =
  | { ok: true; text: string; tokens: number; sourceTokens: number; dropped: number }
  | { ok: false; sourceTokens: number; keptTokens: number; reason: string };

export function compactMarkdown(markdown: string, budget: CompactBudget): CompactResult {
  const source = markdown.trim() + "\n";
  const sourceTokens = countTokens(source);
  if (sourceTokens <= budget.minTokens)
    return { ok: true, text: source, tokens: sourceTokens, sourceTokens, dropped: 0 };
  const units = compactUnits(source);
  const alive = units.map((unit) => !unit.noise);
  let text = assemble(units, alive);
  let tokens = countTokens(text);
  // Least factual first; among equals the longest, then the latest (introductions outlive asides).
  const order = units
    .map((unit, index) => ({ unit, index, cost: countTokens(unit.text) }))
    .filter(({ unit, index }) => alive[index] && !unit.kept)
    .sort((a, b) => a.unit.score - b.unit.score || b.cost - a.cost || b.index - a.index);
  let dropped = units.length - alive.filter(Boolean).length;
  let estimate = tokens;
  for (const { index, cost } of order) {
    if (estimate <= budget.maxTokens) {
      tokens = countTokens(text);
      if (tokens <= budget.maxTokens) break;
      estimate = tokens;
    }
    alive[index] = false;
    dropped++;
    estimate -= cost;
    text = assemble(units, alive);
  }
  tokens = countTokens(text);
  if (tokens > budget.maxTokens) {
    return {
      ok: false,
      sourceTokens,
      keptTokens: tokens,
      reason: `headings, code blocks, tables and commands alone take ${tokens} tokens, over the budget of ${budget.maxTokens}`,
    };
  }
  return { ok: true, text, tokens, sourceTokens, dropped };
}

function assemble(units: Unit[], alive: boolean[]): string {
  const blocks = new Map<number, { joiner: string; parts: string[] }>();
  units.forEach((unit, index) => {
    if (!alive[index]) return;
    const block = blocks.get(unit.block) ?? { joiner: unit.joiner, parts: [] };
    block.parts.push(unit.text);
    blocks.set(unit.block, block);
  });
  return (
    [...blocks.values()]
      .map((block) => block.parts.join(block.joiner))
      .join("\n\n")
      .trim() + "\n"
  );
}
