/** The `docs` CLI (commander). Each command is a thin call into compiler/ or runtime/. */
import { Command } from "commander";
import { runBuild } from "./build-command.ts";

const program = new Command()
  .name("docs")
  .description("Quire: documentation for people and AI agents")
  .version("0.1.0")
  .showHelpAfterError();

program
  .command("build")
  .description("compile the docs site into a complete, deterministic dist/")
  .option("--root <dir>", "site root holding docs.config.ts(x)", ".")
  .option("--out <dir>", "output folder, replaced atomically (default: <root>/dist)")
  .option("--no-git", "do not read last-updated dates from git")
  .action(async (options: { root: string; out?: string; git: boolean }) => {
    process.exitCode = await runBuild(options);
  });

await program.parseAsync(process.argv);
