/**
 * The `docs` CLI (commander). Each command is a thin call into compiler/ or runtime/, imported when that command runs:
 * `docs --version`, `--help` and a usage error load commander alone, not the compiler's toolchain.
 */
import { Command, Option } from "commander";
import { registerAgentCommands } from "./agent-commands.ts";

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
  .option("--verbose", "print every message in full (default: the first 20 and a summary by cause)")
  .option("--cache-dir <dir>", "incremental cache folder (default: <root>/node_modules/.cache/quire)")
  .option("--no-cache", "compile every page; neither read nor write the incremental cache")
  .option("--watch", "rebuild after every change to the site until stopped (for a framework's dev server)")
  .action(
    async (options: {
      root: string;
      out?: string;
      git: boolean;
      cache: boolean;
      cacheDir?: string;
      verbose?: boolean;
      watch?: boolean;
    }) => {
      const { followParent } = await import("./node-flags.ts");
      const restarted = followParent();
      // A watch builds until it is stopped: it moves to the child at once.
      if (options.watch && (await ranInChild())) return;
      const { tuneBuildProcess } = await import("../compiler/parallel/build-process.ts");
      tuneBuildProcess();
      if (options.watch) {
        // Stopping exits through process.exit, so exit handlers (the config loader's temp file) run even mid-build.
        let watcher: { close(): void } | undefined;
        const stop = () => {
          watcher?.close();
          process.exit(0);
        };
        process.on("SIGINT", stop);
        process.on("SIGTERM", stop);
        const { watchBuild } = await import("./build-watch.ts");
        try {
          watcher = await watchBuild(options);
        } catch (error) {
          console.error(`✗ docs build --watch: ${(error as Error).message}`);
          process.exit(1);
        }
        return;
      }
      // Ctrl-C mid-build exits through process.exit too, so the exit handlers remove the half-written output folder
      // (compiler/write/staged-dist.ts) and the config loader's temp file; dist/ stays as it was.
      // `on`, not `once`: a second Ctrl-C (or the one bin/node-flags.ts passes on) must not kill the process while
      // those handlers run.
      const interrupted = () => process.exit(130);
      const terminated = () => process.exit(143);
      const exitOnSignals = (exit: boolean) => {
        const listen = exit ? "on" : "off";
        process[listen]("SIGINT", interrupted);
        process[listen]("SIGTERM", terminated);
      };
      exitOnSignals(true);
      // Handed to a child, the build stops on the signals this process passes on, and this one waits for it.
      const handOff = async () => {
        exitOnSignals(false);
        const status = await restartForBuild();
        if (status === undefined) exitOnSignals(true);
        return status;
      };
      const { runBuild } = await import("./build-command.ts");
      process.exitCode = await runBuild(options, restarted?.commandStartedAt ?? 0, handOff);
    },
  );

program
  .command("init")
  .description("scaffold a new docs site: config, example pages, public/, package.json (asks on a terminal)")
  .argument("[dir]", "folder for the site (default: the current folder)")
  .option("--title <title>", "site title (default: from the folder name)")
  .option("-y, --yes", "ask nothing: flags and defaults decide")
  .option("--force", "write into a non-empty folder, replacing files with the same names")
  .action(async (dir: string | undefined, options: { title?: string; yes?: boolean; force?: boolean }) => {
    const { runInit } = await import("./init-command.ts");
    process.exitCode = await runInit({ dir, ...options });
  });

program
  .command("diff")
  .description("what changed between two builds: routes and artifacts by group, per-page detail (for review comments)")
  .argument("<old-dist>", "the earlier build's output folder")
  .argument("<new-dist>", "the later build's output folder")
  .addOption(new Option("--format <format>", "report format").choices(["text", "markdown", "json"]).default("text"))
  .option("--fail-on-change", "exit 1 when anything changed")
  // Bad input exits 2 (a missing argument, an unknown format); help still exits 0.
  .exitOverride((error) => process.exit(error.exitCode === 0 ? 0 : 2))
  .action(async (oldDist: string, newDist: string, options: { format: string; failOnChange?: boolean }) => {
    const { runDiff } = await import("./diff-command.ts");
    process.exitCode = await runDiff(oldDist, newDist, options);
  });

program
  .command("robots")
  .description("robots.txt policy for search and AI crawlers")
  .command("generate")
  .description(
    "write the robots policy to robots.path (default public/robots.txt); an existing file is kept unless told otherwise",
  )
  .option("--root <dir>", "site root holding docs.config.ts(x)", ".")
  .option("--append", "update only the quire managed block in an existing file")
  .addOption(new Option("--force", "replace an existing file").conflicts("append"))
  .action(async (options: { root: string; append?: boolean; force?: boolean }) => {
    const { runRobotsGenerate } = await import("./robots-command.ts");
    process.exitCode = await runRobotsGenerate(options);
  });

program
  .command("mcp")
  .description("serve the built-in MCP server over stdio from a built dist/ (run `docs build` first)")
  .option("--root <dir>", "site root", ".")
  .option("--dist <dir>", "built output folder (default: <root>/dist)")
  .action(async (options: { root: string; dist?: string }) => {
    const { runMcp } = await import("./mcp-command.ts");
    process.exitCode = await runMcp(options);
  });

program
  .command("dev")
  .description("build, serve and watch the site: rebuilds incrementally on save and reloads the open browser tabs")
  .option("--root <dir>", "site root holding docs.config.ts(x)", ".")
  .option("--port <n>", "port; 0 picks a free one", "3000")
  .option("--host <host>", "interface to bind", "127.0.0.1")
  .option("--open", "open the site in the default browser")
  .option("--cache-dir <dir>", "incremental cache folder (default: <root>/node_modules/.cache/quire)")
  .option("--no-cache", "compile every page on every rebuild")
  .action(
    async (options: {
      root: string;
      port: string;
      host: string;
      open?: boolean;
      cache: boolean;
      cacheDir?: string;
    }) => {
      // Like `docs build --watch`, the server moves to a child with one V8 helper thread at once: its rebuilds are
      // quicker there too (bench/incremental.ts, README Performance).
      const { followParent } = await import("./node-flags.ts");
      followParent();
      if (await ranInChild()) return;
      const { tuneBuildProcess } = await import("../compiler/parallel/build-process.ts");
      tuneBuildProcess();
      const { runDev } = await import("./dev-command.ts");
      process.exitCode = await runDev(options);
    },
  );

program
  .command("serve")
  .description(
    "serve a built dist/ with the docs runtime (search, MCP, feedback, Markdown negotiation) on a local server",
  )
  .option("--root <dir>", "site root holding docs.config.ts(x), for callbacks", ".")
  .option("--dist <dir>", "built output folder (default: <root>/dist)")
  .option("--port <n>", "port; 0 picks a free one", "3000")
  .option("--host <host>", "interface to bind", "127.0.0.1")
  .option("--allowed-host <host...>", "extra Host names the MCP routes accept on a loopback server (reverse proxy)")
  .option("--workers <n>", 'server processes sharing the port, or "auto" for one per core', "1")
  .action(
    async (options: {
      root: string;
      dist?: string;
      port: string;
      host: string;
      allowedHost?: string[];
      workers: string;
    }) => {
      const { runServe } = await import("./serve-command.ts");
      process.exitCode = await runServe(options);
    },
  );

program
  .command("search")
  .description("external search engines")
  .command("sync")
  .description("push the built site's search documents to Typesense or Algolia (run `docs build` first)")
  .option("--root <dir>", "site root holding docs.config.ts(x)", ".")
  .option("--dist <dir>", "built output folder (default: <root>/dist)")
  .option("--typesense", "sync the Typesense collection of search.baseUrl / search.collection")
  .option("--algolia", "sync the Algolia index of search.appId / search.indexName")
  .option("--dry-run", "read the engine and report what would change; write nothing")
  .action(
    async (options: { root: string; dist?: string; typesense?: boolean; algolia?: boolean; dryRun?: boolean }) => {
      const { runSearchSync } = await import("./search-command.ts");
      process.exitCode = await runSearchSync(options);
    },
  );

registerAgentCommands(program);

/**
 * Hands `docs build` or `docs dev` to a child Node started with the options a build wants and this process lacks
 * (compiler/parallel/helper-threads.ts). The exit status to end with once the child has ended, or undefined to build
 * in this process (it has those options already, runs under a debugger or on another runtime than Node, or no child
 * could start). A build whose output is kept as it is never gets here (bin/build-command.ts). In the child, the
 * build or the dev server stops if the parent dies (`followParent`).
 */
/** Whether the command ran in a child (`restartForBuild`): this process then ends with the child's status. */
async function ranInChild(): Promise<boolean> {
  const status = await restartForBuild();
  if (status !== undefined) process.exitCode = status;
  return status !== undefined;
}

async function restartForBuild(): Promise<number | undefined> {
  const { availableParallelism } = await import("node:os");
  const { buildProcessFlags } = await import("../compiler/parallel/helper-threads.ts");
  const { canRestart, restartWithNodeFlags } = await import("./node-flags.ts");
  const flags = buildProcessFlags(process.execArgv, process.env.NODE_OPTIONS ?? "", availableParallelism());
  return flags.length > 0 && canRestart() ? await restartWithNodeFlags(flags) : undefined;
}

await program.parseAsync(process.argv);
