/**
 * The agent tooling commands (SPEC 1.5, issue 15): `docs review`, `docs doctor --agent`, `docs agent compact|export|eval`.
 * Registered on the CLI's program from one place; each action imports its command module only when it runs.
 */
import type { Command } from "commander";

export function registerAgentCommands(program: Command): void {
  program
    .command("review")
    .description("review the docs: links, frontmatter, MDX, agent surface drift, contracts, examples (SPEC 2.12); exit code by review.ci.mode")
    .option("--root <dir>", "site root holding docs.config.ts(x)", ".")
    .option("--format <format>", "text, json, markdown or github (default: github under GitHub Actions, else text)")
    .option("--dist <dir>", "built output to compare for agentSurfaceDrift (default: <root>/dist when it exists)")
    .option("--url <origin>", "compare a running site instead of dist/ for agentSurfaceDrift")
    .option("--no-git", "build the comparison copy without git dates (when dist/ was built with --no-git)")
    .action(async (options: { root: string; format?: string; dist?: string; url?: string; git: boolean }) => {
      const { runReview } = await import("./review-command.ts");
      process.exitCode = await runReview(options);
    });
}
