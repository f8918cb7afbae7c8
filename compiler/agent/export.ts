/**
 * `docs agent export` (SPEC 1.5, 2.7 rule 2): the agent projection of a whole site for offline agents, taken from a
 * complete build: every `.md` (pages, sitemaps, AGENTS.md, skill.md), the llms files, the skills index and SKILL.md
 * files, the discovery manifest and its schema, plus `contracts.json`, an index of every page's agent contract.
 */
import type { AgentContract, Page } from "../model/types.ts";
import type { OutputFiles } from "../write/write-dist.ts";
import { hasContract } from "../content/contract.ts";

/** Index of contracts in an export; one entry per page with a contract, in page order. */
export const CONTRACTS_INDEX_FILE = "contracts.json";

export interface ContractsIndexEntry {
  path: string;
  route: string;
  markdownRoute: string;
  title: string;
  contract: AgentContract;
}

/** Whether a file of the build belongs to the agent projection. */
export function isAgentExportFile(file: string): boolean {
  return (
    file.endsWith(".md") ||
    /(^|\/)llms(-full)?\.txt$/.test(file) ||
    file.startsWith(".well-known/") ||
    file.startsWith("schemas/")
  );
}

export function agentExportFiles(built: ReadonlyMap<string, Uint8Array>, pages: readonly Page[]): OutputFiles {
  const files: OutputFiles = new Map();
  for (const [file, bytes] of [...built].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    if (isAgentExportFile(file)) files.set(file, bytes);
  const contracts: ContractsIndexEntry[] = pages
    .filter((page) => hasContract(page.frontmatter.agent))
    .map((page) => ({
      path: page.slug,
      route: page.route,
      markdownRoute: page.markdownRoute,
      title: page.frontmatter.title,
      contract: page.frontmatter.agent!,
    }));
  files.set(CONTRACTS_INDEX_FILE, JSON.stringify({ contracts }, null, 2) + "\n");
  return files;
}
