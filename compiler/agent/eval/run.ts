/**
 * Golden evaluations (SPEC 2.11, 7.1): every `agent.evaluations.tasks` entry retrieved through its surface over a
 * built site, scored (recall@k, first relevant rank, useful byte ratio, forbidden sources, scope, citations, answer,
 * examples) and judged pass, fail or incomplete (a skipped check never counts as a pass). No tasks: unmeasured.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { docsConfigFields } from "../../../runtime/contract/config-schema.ts";
import { fillDefaults } from "../../../runtime/contract/config-shape.ts";
import { parseRuntimeJson, runtimeFile, type PageEntry } from "../../../runtime/contract/index.ts";
import { resolveAskAi } from "../../../runtime/ask-ai/settings.ts";
import { createDocsHandler } from "../../../runtime/index.ts";
import { resolveSearchConfig } from "../../../runtime/search/providers/config.ts";
import { createDirectoryStore } from "../../../runtime/node.ts";
import { loadSiteData, type SiteData } from "../../../runtime/site-data.ts";
import type { ResolvedConfig } from "../../config/types.ts";
import { askProvider, type AnswerConfig } from "./answer.ts";
import {
  answerChecks,
  normalizeSource,
  taskMetrics,
  type TaskCheck,
  type TaskExpect,
  type TaskMetrics,
} from "./metrics.ts";
import { retrieve } from "./retrieve.ts";
import { codeValidationMode } from "../../review/validate-code.ts";
import { exampleChecks } from "./example-checks.ts";
import { unmeasuredReason } from "./unmeasured.ts";

export const EVAL_REPORT_FORMAT = "docs-eval.v1";

export interface TaskResult {
  id: string;
  index: number;
  surface: string;
  status: "pass" | "fail" | "incomplete";
  metrics?: TaskMetrics;
  checks: TaskCheck[];
}

export interface EvalReport {
  format: typeof EVAL_REPORT_FORMAT;
  measured: boolean;
  /** Why nothing was measured, when nothing was. */
  note?: string;
  tasks: TaskResult[];
  summary: { passed: number; failed: number; incomplete: number; meanRecallAtK: number | null };
}

interface RawTask {
  id?: string;
  query?: string;
  surface?: string;
  tokenBudget?: number;
  topK?: number;
  filters?: Record<string, string>;
  expect?: TaskExpect;
}

export async function runEvaluations(config: ResolvedConfig, dist: string): Promise<EvalReport> {
  const settings = fillDefaults(docsConfigFields.agent, config.raw.agent).evaluations;
  const tasks = (settings.tasks ?? []) as RawTask[];
  const unmeasured = unmeasuredReason(config);
  if (unmeasured !== undefined) {
    return {
      format: EVAL_REPORT_FORMAT,
      measured: false,
      note: unmeasured,
      tasks: [],
      summary: { passed: 0, failed: 0, incomplete: 0, meanRecallAtK: null },
    };
  }
  const handler = createDocsHandler({ store: createDirectoryStore(dist) });
  const pages = new Map(
    parseRuntimeJson("pages.json", await readFile(path.join(dist, runtimeFile("pages.json")), "utf8")).map((page) => [
      page.path,
      page,
    ]),
  );
  const store = createDirectoryStore(dist);
  let siteData: Promise<SiteData> | undefined;
  const askAi = {
    enabled: config.surfaces.ai.enabled,
    ai: resolveAskAi(config.raw.ai),
    // SPEC 7.1: a provider failure fails the task; the runtime's hand-over to the built-in index is off here.
    search: resolveSearchConfig(config.raw.search, { timeoutMs: settings.searchTimeoutMs, fallback: false }),
  };
  const surfaces = {
    handler,
    data: () => (siteData ??= loadSiteData(store)),
    askAi,
    mcpRoute: config.surfaces.mcp.route,
    mcpContextTool: config.surfaces.mcp.enabled && config.surfaces.mcp.tools.getContext,
    searchProvider: config.surfaces.search.provider,
    allowNetwork: settings.allowNetwork,
  };
  const normalize = (source: string) => normalizeSource(source, config.docsRoute, config.baseUrl);
  const results: TaskResult[] = [];
  for (const [index, task] of tasks.entries()) {
    const surface = task.surface ?? settings.surface;
    const expect = task.expect ?? { relevantSources: [] };
    const checks: TaskCheck[] = [];
    let metrics: TaskMetrics | undefined;
    try {
      const topK = task.topK ?? settings.topK;
      const retrieved = await retrieve(surfaces, {
        surface,
        query: task.query ?? "",
        filters: task.filters ?? {},
        maxBytes: task.tokenBudget ?? settings.tokenBudget,
        topK,
      });
      const relevant = new Set((expect.relevantSources ?? []).map(normalize));
      metrics = taskMetrics(
        { ...retrieved, paths: retrieved.paths.map(normalize) },
        relevant,
        new Set([...relevant, ...(expect.allowedSources ?? []).map(normalize)]),
        topK,
      );
      checks.push(...retrievalChecks(expect, metrics, pages, normalize));
      checks.push(
        ...(await exampleChecks(expect, retrieved.context, {
          allowNetwork: settings.allowNetwork,
          validate: codeValidationMode((config.raw as { codeBlocks?: { validate?: unknown } }).codeBlocks?.validate),
        })),
      );
      if (settings.answer && (settings.answer as AnswerConfig).provider !== undefined) {
        const answer = await askProvider(
          settings.answer as AnswerConfig,
          {
            taskId: String(task.id),
            query: task.query ?? "",
            filters: task.filters ?? {},
            surface,
            context: retrieved.context,
            sources: metrics.retrieved,
          },
          { allowNetwork: settings.allowNetwork, timeoutMs: settings.searchTimeoutMs },
        );
        checks.push(...answerChecks(expect, answer, normalize));
      } else checks.push(...answerChecks(expect, undefined, normalize));
    } catch (error) {
      checks.push({ name: "retrieval", status: "fail", detail: (error as Error).message });
    }
    const status = checks.some((c) => c.status === "fail")
      ? "fail"
      : checks.some((c) => c.status === "skip")
        ? "incomplete"
        : "pass";
    results.push({ id: String(task.id), index, surface, status, metrics, checks });
  }
  const recalls = results.flatMap((r) => (r.metrics ? [r.metrics.recallAtK] : []));
  return {
    format: EVAL_REPORT_FORMAT,
    measured: true,
    tasks: results,
    summary: {
      passed: results.filter((r) => r.status === "pass").length,
      failed: results.filter((r) => r.status === "fail").length,
      incomplete: results.filter((r) => r.status === "incomplete").length,
      meanRecallAtK: recalls.length ? recalls.reduce((a, b) => a + b, 0) / recalls.length : null,
    },
  };
}

function retrievalChecks(
  expect: TaskExpect,
  metrics: TaskMetrics,
  pages: Map<string, PageEntry>,
  normalize: (s: string) => string,
): TaskCheck[] {
  const checks: TaskCheck[] = [];
  const minRecall = expect.minRecallAtK ?? 1;
  checks.push({
    name: "recall@k",
    status: metrics.recallAtK >= minRecall ? "pass" : "fail",
    detail: `${metrics.recallAtK.toFixed(2)} (min ${minRecall}); retrieved ${metrics.retrieved.join(", ") || "nothing"}`,
  });
  if (expect.maxFirstRelevantRank !== undefined) {
    const ok = metrics.firstRelevantRank !== null && metrics.firstRelevantRank <= expect.maxFirstRelevantRank;
    checks.push({
      name: "first relevant rank",
      status: ok ? "pass" : "fail",
      detail: `${metrics.firstRelevantRank ?? "none"} (max ${expect.maxFirstRelevantRank})`,
    });
  }
  if (expect.minUsefulByteRatio !== undefined) {
    checks.push({
      name: "useful byte ratio",
      status: metrics.usefulByteRatio >= expect.minUsefulByteRatio ? "pass" : "fail",
      detail: `${metrics.usefulByteRatio.toFixed(2)} (min ${expect.minUsefulByteRatio})`,
    });
  }
  const forbidden = new Set((expect.forbiddenSources ?? []).map(normalize));
  const hit = metrics.retrieved.filter((p) => forbidden.has(p));
  if (forbidden.size > 0)
    checks.push({
      name: "forbidden sources",
      status: hit.length ? "fail" : "pass",
      detail: hit.length ? `retrieved ${hit.join(", ")}` : "none retrieved",
    });
  if (expect.scope) {
    const outside = metrics.retrieved.filter((p) =>
      Object.entries(expect.scope!).some(
        ([key, want]) => want !== undefined && pages.get(p)?.[key as "framework" | "version" | "locale"] !== want,
      ),
    );
    checks.push({
      name: "scope",
      status: outside.length ? "fail" : "pass",
      detail: outside.length ? `out of scope: ${outside.join(", ")}` : `all in ${JSON.stringify(expect.scope)}`,
    });
  }
  return checks;
}
