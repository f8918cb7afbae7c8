/**
 * SPEC 2.12 `commandHealth`, `agentContext`, `relatedCoverage` and SPEC 7.3: whether a page gives an agent what it
 * needs to act safely (a task and outcome, a way to verify each command, a way back from each side effect), enough
 * context to be found and read, and pointers to its neighbours.
 */
import { hasContract } from "../content/contract.ts";
import { locateYamlPath } from "../content/yaml-position.ts";
import type { RawFinding } from "./finding.ts";
import { linksOf } from "./check-links.ts";
import type { ReviewSite } from "./review-site.ts";

export function checkCommandHealth(site: ReviewSite): RawFinding[] {
  const findings: RawFinding[] = [];
  for (const page of site.pages) {
    const contract = page.frontmatter?.agent;
    if (!hasContract(contract)) continue;
    const at = (...path: string[]) => {
      const found = locateYamlPath(page.yaml, ["agent", ...path]) ?? locateYamlPath(page.yaml, ["agent"]);
      return { file: page.source.sourcePath, line: found?.line, column: found?.column };
    };
    for (const field of ["task", "outcome"] as const) {
      if (contract[field]) continue;
      findings.push({
        rule: "commandHealth",
        ...at(),
        message: `the agent contract has no \`${field}\``,
        fix:
          field === "task"
            ? "add `agent.task`: the task this page helps complete"
            : "add `agent.outcome`: the observable end state when the task is done",
      });
    }
    if (contract.commands.length > 0 && contract.verification.length === 0) {
      findings.push({
        rule: "commandHealth",
        ...at("commands"),
        message: `the contract lists ${contract.commands.length} command${contract.commands.length === 1 ? "" : "s"} but no verification`,
        fix: "add `agent.verification`: how to check the commands worked (`run` and `expect`)",
      });
    }
    if (contract.sideEffects.length > 0 && contract.rollback.length === 0) {
      findings.push({
        rule: "commandHealth",
        ...at("sideEffects"),
        message: `the contract lists side effects (${contract.sideEffects.join("; ")}) but no rollback`,
        fix: "add `agent.rollback`: the steps that undo them",
      });
    }
  }
  return findings;
}

export function checkAgentContext(site: ReviewSite): RawFinding[] {
  const findings: RawFinding[] = [];
  for (const page of site.pages) {
    if (!page.frontmatter || page.agentEmpty === undefined) continue;
    const file = page.source.sourcePath;
    if (!page.frontmatter.description) {
      findings.push({
        rule: "agentContext",
        file,
        line: 1,
        column: 1,
        message: "page has no description, so llms.txt, list_pages and search results show agents its title alone",
        fix: "add `description:` with one sentence on what the page covers",
      });
    }
    if (page.agentEmpty && !hasContract(page.frontmatter.agent)) {
      findings.push({
        rule: "agentContext",
        file,
        line: 1,
        column: 1,
        message: "the agent projection of this page is empty: its .md, MCP and llms-full.txt carry the title only",
        fix: "move shared content out of <Human> blocks, or add an <Agent> block or a sibling agent.md",
      });
    }
    const agentBlock = page.source.agentFile ? page.agentBlock : undefined;
    if (agentBlock) {
      findings.push({
        rule: "agentContext",
        file,
        line: agentBlock.line,
        column: agentBlock.column,
        message: `this <${agentBlock.name}> block never reaches agents: the sibling ${page.source.agentFile!.sourcePath} replaces the page's agent projection`,
        fix: "move its content into agent.md, or delete agent.md to use the page's own agent projection",
      });
    }
  }
  return findings;
}

export function checkRelatedCoverage(site: ReviewSite): RawFinding[] {
  const routes = new Map(
    site.pages.flatMap(
      (page) =>
        [
          [page.route, page.route],
          [page.markdownRoute, page.route],
        ] as const,
    ),
  );
  const findings: RawFinding[] = [];
  for (const page of site.pages) {
    if (!page.frontmatter || page.frontmatter.related.length > 0) continue;
    const linked = new Set<string>();
    for (const link of linksOf(page)) {
      if (!link.url.startsWith("/")) continue;
      const route = routes.get(link.url.replace(/[#?].*$/, "").replace(/(.)\/+$/, "$1"));
      if (route && route !== page.route) linked.add(route);
    }
    if (linked.size === 0) continue;
    const candidates = [...linked].sort().slice(0, 3);
    findings.push({
      rule: "relatedCoverage",
      file: page.source.sourcePath,
      line: 1,
      column: 1,
      message: `page links to ${linked.size} other page${linked.size === 1 ? "" : "s"} but lists none in \`related\`, which agents read in its .md and MCP output`,
      fix: `add related: [${candidates.map((route) => JSON.stringify(route)).join(", ")}]`,
    });
  }
  return findings;
}
