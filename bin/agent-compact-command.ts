/**
 * `docs agent compact [page]` (SPEC 1.5, 2.6, 2.7 rule 4): picks pages, resolves each one's machine document (a
 * hand-written agent.md, else the page's agent projection, taken from a real build of a copy of the site without the
 * generated agent.md files), compacts it within its token budget (page `agent.tokenBudget` > `agent.compact`
 * config > `--max-output-tokens`; `minOutputTokens` clamped to it) and writes the sibling agent.md atomically.
 * Nothing is written when any selected page cannot be compacted, or with `--dry-run`.
 */
import { cp, mkdtemp, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { docsConfigFields } from "../runtime/contract/config-schema.ts";
import { fillDefaults } from "../runtime/contract/config-shape.ts";
import { readGeneratedAgentFile, renderAgentFile, sourceDigest } from "../compiler/agent/agent-file.ts";
import { compactMarkdown } from "../compiler/agent/compact.ts";
import { changedFiles, selectPage, SelectionError } from "../compiler/agent/select-pages.ts";
import { countTokens, TOKENIZER } from "../compiler/agent/tokens.ts";
import { loadConfig } from "../compiler/config/load.ts";
import { checkConfig, resolveConfig } from "../compiler/config/resolve.ts";
import { pageFileOf } from "../compiler/content/page-files.ts";
import { discoverPages, type SourcePage } from "../compiler/content/discover.ts";
import { parseFrontmatter } from "../compiler/content/frontmatter.ts";
import { BuildFailure, formatMessage } from "../compiler/diagnostics.ts";
import { build } from "../compiler/index.ts";

export interface AgentCompactOptions {
  root: string;
  page?: string;
  all?: boolean;
  changed?: boolean;
  stale?: boolean;
  includeMissing?: boolean;
  maxOutputTokens?: string;
  dryRun?: boolean;
  git: boolean;
}

interface Job {
  page: SourcePage;
  agentPath: string;
  budget: number;
  min: number;
}

export async function runAgentCompact(options: AgentCompactOptions): Promise<number> {
  const root = path.resolve(options.root);
  try {
    const loaded = await loadConfig(root);
    const config = resolveConfig(checkConfig(loaded), root, loaded.file);
    const { pages, messages } = await discoverPages(root, config.contentDir);
    if (messages.some((m) => m.severity === "error")) throw new BuildFailure(messages);
    const compact = fillDefaults(docsConfigFields.agent, config.raw.agent).compact;
    const cli = options.maxOutputTokens === undefined ? undefined : Number(options.maxOutputTokens);
    if (cli !== undefined && !(Number.isInteger(cli) && cli > 0))
      throw new SelectionError(`--max-output-tokens must be a positive integer, got "${options.maxOutputTokens}"`);
    const budgetOf = (page: SourcePage) =>
      parseFrontmatter(page.source, page.sourcePath).frontmatter?.agent?.tokenBudget ?? compact.maxOutputTokens ?? cli;
    const agentPathOf = (page: SourcePage) =>
      page.agentFile?.sourcePath ??
      path
        .relative(
          root,
          path.join(
            config.contentDir,
            pageFileOf(path.relative(config.contentDir, path.join(root, page.sourcePath)).split(path.sep).join("/"))!
              .agentFile,
          ),
        )
        .split(path.sep)
        .join("/");

    const selected = await selectPages(pages, options, {
      root,
      docsPath: config.docsPath,
      contentDir: config.contentDir,
      budgetOf,
    });
    const jobs: Job[] = [];
    for (const page of selected) {
      const budget = budgetOf(page);
      if (budget === undefined) {
        console.error(
          `skip ${page.sourcePath}: no token budget (set agent.tokenBudget in the page, agent.compact.maxOutputTokens, or pass --max-output-tokens)`,
        );
        continue;
      }
      jobs.push({ page, agentPath: agentPathOf(page), budget, min: Math.min(compact.minOutputTokens ?? 0, budget) });
    }
    if (jobs.length === 0) {
      console.log("nothing to compact");
      return options.page ? 1 : 0;
    }
    const documents = await machineDocuments(root, pages);
    const outputs: { job: Job; text: string; from: number; to: number }[] = [];
    let failed = 0;
    for (const job of jobs) {
      const result = compactMarkdown(documents.get(job.page.sourcePath) ?? "", {
        maxTokens: job.budget,
        minTokens: job.min,
      });
      if (!result.ok) {
        failed++;
        console.error(
          `✗ ${job.page.sourcePath}: cannot fit ${job.budget} tokens: ${result.reason}; raise agent.tokenBudget or shorten the code`,
        );
        continue;
      }
      outputs.push({
        job,
        from: result.sourceTokens,
        to: result.tokens,
        text: renderAgentFile(result.text, {
          source: sourceDigest(job.page.source),
          tokens: result.tokens,
          budget: job.budget,
        }),
      });
    }
    if (failed > 0) {
      console.error(`✗ ${failed} page${failed === 1 ? "" : "s"} could not be compacted; no agent.md was written`);
      return 1;
    }
    for (const output of outputs) {
      if (!options.dryRun) await writeAtomically(path.join(root, output.job.agentPath), output.text);
      console.log(
        `${options.dryRun ? "would write" : "✓ wrote"} ${output.job.agentPath}  ${output.from} → ${output.to} tokens (budget ${output.job.budget}, ${TOKENIZER})`,
      );
    }
    return 0;
  } catch (error) {
    if (error instanceof BuildFailure) {
      for (const message of error.messages.filter((m) => m.severity === "error"))
        console.error(`error ${formatMessage(message)}`);
      console.error("✗ the site does not build; no agent.md was written");
      return 1;
    }
    console.error(`✗ ${(error as Error).message}`);
    return 2;
  }
}

async function selectPages(
  pages: SourcePage[],
  options: AgentCompactOptions,
  context: { root: string; docsPath: string; contentDir: string; budgetOf: (page: SourcePage) => number | undefined },
): Promise<SourcePage[]> {
  if (options.page) return [selectPage(pages, options.page, context)];
  if (options.all) return pages;
  if (!options.changed && !options.stale) throw new SelectionError("name a page, or pass --all, --changed or --stale");
  const picked = new Set<SourcePage>();
  if (options.changed) {
    const changed = changedFiles(context.root, context.contentDir);
    for (const page of pages)
      if (changed.has(page.sourcePath) || (page.agentFile && changed.has(page.agentFile.sourcePath))) picked.add(page);
  }
  if (options.stale) {
    for (const page of pages) {
      const budget = context.budgetOf(page);
      if (!page.agentFile) {
        if (
          options.includeMissing &&
          parseFrontmatter(page.source, page.sourcePath).frontmatter?.agent?.tokenBudget !== undefined
        )
          picked.add(page);
        continue;
      }
      const generated = readGeneratedAgentFile(page.agentFile.text);
      const body = page.agentFile.text.replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n?/, "");
      if (
        (generated && generated.source !== sourceDigest(page.source)) ||
        (budget !== undefined && countTokens(body) > budget)
      )
        picked.add(page);
    }
  }
  return pages.filter((page) => picked.has(page));
}

/** Each page's agent body from a build of a copy of the site in which generated agent.md files are removed. */
async function machineDocuments(root: string, pages: SourcePage[]): Promise<Map<string, string>> {
  const temp = await mkdtemp(path.join(tmpdir(), "quire-compact-"));
  try {
    const copy = path.join(temp, "site");
    const skipped = new Set(["node_modules", "dist", ".git"].map((name) => path.join(root, name)));
    await cp(root, copy, { recursive: true, filter: (source) => !skipped.has(source) });
    for (const page of pages)
      if (page.agentFile && readGeneratedAgentFile(page.agentFile.text))
        await rm(path.join(copy, page.agentFile.sourcePath));
    const result = await build({ root: copy, outDir: path.join(temp, "dist"), git: false });
    return new Map(result.site.pages.map((page) => [page.sourcePath, page.agentBody]));
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}

async function writeAtomically(file: string, text: string): Promise<void> {
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, text);
  await rename(partial, file);
}
