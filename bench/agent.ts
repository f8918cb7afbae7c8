/**
 * Agent tooling benchmark (issue 15): `docs review` on the deterministic corpus (process wall and CPU time), and on
 * the example site the compression ratio of `docs agent compact --all` and the golden evaluations' recall@k before
 * and after compaction. The example has no golden tasks of its own: one task per page is derived (query = the
 * contract's `task`, else the description; relevant source = that page), through a config that wraps the example's.
 *
 *   npm run bench:agent [-- --pages 1000 --runs 3 --budget 500 --skip-review]
 *
 * `docs review` is timed as users run it (the installed package, compiled lib/; see installed.ts) and from the
 * source checkout (tsx compiles on load, in each reader thread too), alternating, median of `--runs`.
 *
 * Writes bench/results/<YYYY-MM-DD>.agent.json.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { countTokens } from "../compiler/agent/tokens.ts";
import { evaluateSite } from "../compiler/agent/eval/evaluate-site.ts";
import { loadConfig } from "../compiler/config/load.ts";
import { checkConfig, resolveConfig } from "../compiler/config/resolve.ts";
import { build } from "../compiler/index.ts";
import { runAgentCompact } from "../bin/agent-compact-command.ts";
import { writeCorpus } from "./corpus.ts";
import { installedDocs } from "./installed.ts";

const repo = fileURLToPath(new URL("..", import.meta.url));
const { values } = parseArgs({
  options: {
    pages: { type: "string", default: "1000" },
    budget: { type: "string", default: "500" },
    "skip-review": { type: "boolean", default: false },
    runs: { type: "string", default: "3" },
  },
});
const temp = mkdtempSync(path.join(os.tmpdir(), "quire-bench-agent-"));

interface ReviewRun {
  wallS: number;
  userS: number;
  sysS: number;
  maxRssMiB: number;
  score: string;
}

function timeReview(docs: string, root: string): ReviewRun {
  const run = spawnSync(
    "/usr/bin/time",
    ["-f", "%e %U %S %M", process.execPath, docs, "review", "--root", root, "--format", "json"],
    { cwd: repo, encoding: "utf8", maxBuffer: 1 << 28 },
  );
  if (run.status !== 0) throw new Error(`docs review exited ${run.status}: ${run.stderr}`);
  const [wallS, userS, sysS, maxRssKiB] = run.stderr.trim().split("\n").at(-1)!.split(" ").map(Number);
  const report = JSON.parse(run.stdout) as { score: number; counts: Record<string, number> };
  return {
    wallS,
    userS,
    sysS,
    maxRssMiB: Math.round(maxRssKiB / 1024),
    score: `${report.score} (${JSON.stringify(report.counts)})`,
  };
}

/** The run with the median wall time of `runs` (odd), alternating installed and checkout so drift hits both. */
function medianRun(runs: ReviewRun[]): ReviewRun & { runs: number[] } {
  const sorted = [...runs].sort((a, b) => a.wallS - b.wallS);
  return { ...sorted[sorted.length >> 1], runs: runs.map((run) => run.wallS) };
}

async function evaluate(root: string) {
  const loaded = await loadConfig(root);
  const report = await evaluateSite(resolveConfig(checkConfig(loaded), root, loaded.file), { git: false });
  return { tasks: report.tasks.length, meanRecallAtK: report.summary.meanRecallAtK, passed: report.summary.passed };
}

async function agentTokens(root: string): Promise<number> {
  const result = await build({ root, outDir: path.join(temp, "tokens-dist"), git: false });
  return result.site.pages.reduce((sum, page) => sum + countTokens(page.agentBody), 0);
}

try {
  let review;
  if (!values["skip-review"]) {
    const corpus = path.join(temp, "corpus");
    await writeCorpus(corpus, { pages: Number(values.pages), seed: 1 });
    const installed = installedDocs(temp);
    const checkout = path.join(repo, "bin", "docs.js");
    const runs: Record<"installed" | "checkout", ReviewRun[]> = { installed: [], checkout: [] };
    for (let run = 0; run < Number(values.runs); run++) {
      runs.installed.push(timeReview(installed, corpus));
      runs.checkout.push(timeReview(checkout, corpus));
    }
    review = { installed: medianRun(runs.installed), checkout: medianRun(runs.checkout) };
    for (const [side, median] of Object.entries(review)) {
      console.log(
        `docs review, ${values.pages}-page corpus, ${side === "installed" ? "installed package (lib/)" : "source checkout (tsx)"}: ` +
          `${median.wallS} s wall, median of ${median.runs.length} (${median.userS} s user, ${median.sysS} s sys, ` +
          `peak RSS ${median.maxRssMiB} MiB); score ${median.score}`,
      );
    }
  }

  const site = path.join(temp, "example");
  cpSync(path.join(repo, "fixtures/example"), site, {
    recursive: true,
    filter: (s) => !/node_modules|\/dist$/.test(s),
  });
  const base = await build({ root: site, outDir: path.join(temp, "base-dist"), git: false });
  // One task per page: the contract's task when there is one, else the page's description (else its title).
  const tasks = base.site.pages.map((page) => ({
    id: page.slug || "index",
    query: page.frontmatter.agent?.task ?? page.frontmatter.description ?? page.frontmatter.title,
    expect: { relevantSources: [page.route] },
  }));
  renameSync(path.join(site, "docs.config.ts"), path.join(site, "docs.config.base.ts"));
  writeFileSync(
    path.join(site, "docs.config.ts"),
    `import { defineDocs } from "quire";\nimport base from "./docs.config.base.ts";\n\nexport default defineDocs({ ...base, agent: { evaluations: { tasks: ${JSON.stringify(tasks)} } } });\n`,
  );
  const beforeTokens = await agentTokens(site);
  const before = await evaluate(site);
  const log = console.log;
  console.log = () => {};
  const code = await runAgentCompact({ root: site, all: true, maxOutputTokens: values.budget, git: false });
  console.log = log;
  if (code !== 0) throw new Error(`docs agent compact exited ${code}`);
  const afterTokens = await agentTokens(site);
  const after = await evaluate(site);
  const ratio = afterTokens / beforeTokens;
  console.log(
    `docs agent compact --all --max-output-tokens ${values.budget}, example site: ${beforeTokens} → ${afterTokens} agent-body tokens (o200k_base), ratio ${ratio.toFixed(3)}`,
  );
  console.log(
    `golden evaluations (${before.tasks} derived tasks): mean recall@k ${before.meanRecallAtK?.toFixed(3)} before (${before.passed} pass), ${after.meanRecallAtK?.toFixed(3)} after (${after.passed} pass)`,
  );
  const results = path.join(repo, "bench/results");
  mkdirSync(results, { recursive: true });
  const file = path.join(results, `${new Date().toISOString().slice(0, 10)}.agent.json`);
  writeFileSync(
    file,
    JSON.stringify(
      {
        node: process.version,
        cpus: os.availableParallelism(),
        load: os.loadavg(),
        pages: Number(values.pages),
        review,
        budget: Number(values.budget),
        compaction: { beforeTokens, afterTokens, ratio },
        recall: { before, after },
      },
      null,
      2,
    ) + "\n",
  );
} finally {
  rmSync(temp, { recursive: true, force: true });
}
