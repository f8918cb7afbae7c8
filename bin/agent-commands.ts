/**
 * The agent tooling commands (SPEC 1.5, issue 15): `docs review`, `docs doctor --agent`, `docs agent compact|export|eval`.
 * Registered on the CLI's program from one place; each action imports its command module only when it runs.
 */
import type { Command } from "commander";

export function registerAgentCommands(program: Command): void {
  program
    .command("review")
    .description(
      "review the docs: links, frontmatter, MDX, agent surface drift, contracts, examples (SPEC 2.12); exit code by review.ci.mode",
    )
    .option("--root <dir>", "site root holding docs.config.ts(x)", ".")
    .option("--format <format>", "text, json, markdown or github (default: github under GitHub Actions, else text)")
    .option("--dist <dir>", "built output to compare for agentSurfaceDrift (default: <root>/dist when it exists)")
    .option("--url <origin>", "compare a running site instead of dist/ for agentSurfaceDrift")
    .option("--no-git", "build the comparison copy without git dates (when dist/ was built with --no-git)")
    .action(async (options: { root: string; format?: string; dist?: string; url?: string; git: boolean }) => {
      const { runReview } = await import("./review-command.ts");
      process.exitCode = await runReview(options);
    });

  program
    .command("doctor")
    .description(
      "check what the site advertises to agents: manifest, advertised URLs, .md negotiation, skills digests, robots, MCP, feedback",
    )
    .option("--agent", "run the agent checks (required)")
    .option("--root <dir>", "site root holding docs.config.ts(x)", ".")
    .option("--dist <dir>", "built output to check (default: <root>/dist), served on a loopback port for the run")
    .option("--url <origin>", "check a running site instead of dist/")
    .option("--json", "print the checks as JSON")
    .action(async (options: { agent?: boolean; root: string; dist?: string; url?: string; json?: boolean }) => {
      const { runDoctor } = await import("./doctor-command.ts");
      process.exitCode = await runDoctor(options);
    });

  const agent = program
    .command("agent")
    .description("agent tooling: export the agent projection, compact pages, run golden evaluations");
  agent
    .command("export")
    .description(
      "write the agent projection of the whole site (every .md, llms files, AGENTS.md, skill.md, skills, manifest, contracts index)",
    )
    .option("--root <dir>", "site root holding docs.config.ts(x)", ".")
    .option("--out <path>", "output folder or tar file (default: <root>/agent-export[.tar])")
    .option("--format <format>", "dir or tar", "dir")
    .option("--no-git", "do not read last-updated dates from git")
    .action(async (options: { root: string; out?: string; format: string; git: boolean }) => {
      const { runAgentExport } = await import("./agent-export-command.ts");
      process.exitCode = await runAgentExport(options);
    });

  agent
    .command("compact")
    .description("write sibling agent.md files compacted within each page's token budget (o200k_base BPE tokens)")
    .argument("[page]", "one page: its path (guides/install), route or source file")
    .option("--root <dir>", "site root holding docs.config.ts(x)", ".")
    .option("--all", "every page")
    .option("--changed", "pages changed in the git working tree (staged, unstaged, untracked)")
    .option("--stale", "pages whose generated agent.md is older than the page, or whose agent.md is over budget")
    .option("--include-missing", "with --stale: also pages with agent.tokenBudget and no agent.md")
    .option("--max-output-tokens <n>", "budget for pages without agent.tokenBudget when the config sets none")
    .option("--dry-run", "print what would be written; write nothing")
    .action(async (page: string | undefined, options: Record<string, string | boolean | undefined>) => {
      const { runAgentCompact } = await import("./agent-compact-command.ts");
      process.exitCode = await runAgentCompact({ ...options, page, root: String(options.root ?? "."), git: true });
    });

  agent
    .command("eval")
    .description(
      "run the golden evaluation tasks (agent.evaluations.tasks) against a build: recall@k, rank, useful bytes, scope, answers",
    )
    .option("--root <dir>", "site root holding docs.config.ts(x)", ".")
    .option("--dist <dir>", "evaluate this build instead of building into a temporary folder")
    .option("--json", "print the docs-eval.v1 report as JSON")
    .option("--no-git", "do not read last-updated dates from git")
    .action(async (options: { root: string; dist?: string; json?: boolean; git: boolean }) => {
      const { runAgentEval } = await import("./agent-eval-command.ts");
      process.exitCode = await runAgentEval(options);
    });
}
