/** SPEC 2.6: normalizes the `agent` frontmatter into one shape (lists always present, objects for commands). */
import type { AgentContract, ContractCommand, ContractFailureMode, ContractVerification } from "../model/types.ts";

type OneOrMany = string | string[] | undefined;

interface RawContract {
  tokenBudget?: number;
  task?: string;
  outcome?: string;
  appliesTo?: { framework?: OneOrMany; version?: OneOrMany; package?: OneOrMany };
  prerequisites?: string[];
  files?: string[];
  commands?: (string | ContractCommand)[];
  sideEffects?: string[];
  verification?: (string | ContractVerification)[];
  rollback?: string[];
  failureModes?: (string | ContractFailureMode)[];
}

const list = (value: OneOrMany): string[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

export function normalizeContract(raw: RawContract): AgentContract {
  return {
    task: raw.task,
    outcome: raw.outcome,
    appliesTo: {
      framework: list(raw.appliesTo?.framework),
      version: list(raw.appliesTo?.version),
      package: list(raw.appliesTo?.package),
    },
    prerequisites: raw.prerequisites ?? [],
    files: raw.files ?? [],
    commands: (raw.commands ?? []).map((c) => (typeof c === "string" ? { run: c } : c)),
    sideEffects: raw.sideEffects ?? [],
    verification: (raw.verification ?? []).map((v) => (typeof v === "string" ? { description: v } : v)),
    rollback: raw.rollback ?? [],
    failureModes: (raw.failureModes ?? []).map((f) => (typeof f === "string" ? { symptom: f } : f)),
    tokenBudget: raw.tokenBudget,
  };
}

/** True when the contract says anything an agent can act on (not only a token budget). */
export function hasContract(contract: AgentContract | undefined): contract is AgentContract {
  if (!contract) return false;
  const { appliesTo, tokenBudget: _budget, task, outcome, ...lists } = contract;
  return (
    Boolean(task || outcome) ||
    Object.values(appliesTo).some((l) => l.length > 0) ||
    Object.values(lists).some((l) => l.length > 0)
  );
}
