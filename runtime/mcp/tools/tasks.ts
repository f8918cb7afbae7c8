/** The task-contract tools (SPEC 2.6, 4.4): list_tasks and read_task. */
import * as z from "zod";
import { tokenize } from "../../search/simple.ts";
import type { PageEntry } from "../../contract/index.ts";
import { matchesScope } from "../scope.ts";
import { appliesToSchema, defineTool, findPage, jsonResult, pathArgument, toolError } from "../tool.ts";

const filterText = (what: string) => z.string().max(200).optional().describe(what);

const taskSchema = z.object({
  path: z.string(),
  url: z.string(),
  markdownUrl: z.string(),
  title: z.string(),
  task: z.string().nullable(),
  outcome: z.string().nullable(),
  appliesTo: appliesToSchema,
});

export const listTasks = defineTool({
  key: "listTasks",
  title: "List task pages",
  description:
    "Pages that carry an agent task contract (what the page helps do, the observable outcome, what it applies to). " +
    "query keeps pages whose task, outcome, title or description share a word with it, best matches first; without a " +
    "query, pages come in path order. framework, version and package keep pages whose contract appliesTo (or page " +
    "frontmatter framework/version) matches; a page that declares nothing for a filter applies generally and is kept. " +
    'Versions match ranges and wildcards (">=20", "2.x"). Read the full contract with read_task.',
  input: z.object({
    query: filterText("Words to look for in task, outcome, title and description"),
    framework: filterText('e.g. "node"'),
    version: filterText('e.g. "2.0"'),
    package: filterText('e.g. "@acme/queue"'),
  }),
  output: z.object({ tasks: z.array(taskSchema), total: z.number().int() }),
  async run(args, context) {
    const terms = [...new Set(tokenize(args.query ?? ""))];
    const ranked = context.data.pages
      .filter((page) => page.contract && matchesScope(page, args))
      .map((page) => ({ page, score: terms.length ? termHits(page, terms) : 0 }))
      .filter((entry) => terms.length === 0 || entry.score > 0)
      .sort((a, b) => b.score - a.score || (a.page.path < b.page.path ? -1 : 1));
    const tasks = ranked.map(({ page }) => ({
      path: page.path,
      url: context.publicUrl(page.route),
      markdownUrl: context.publicUrl(page.markdownRoute),
      title: page.title,
      task: page.contract!.task ?? null,
      outcome: page.contract!.outcome ?? null,
      appliesTo: page.contract!.appliesTo,
    }));
    return jsonResult({ tasks, total: tasks.length });
  },
});

/** How many distinct query terms appear in the page's task, outcome, title or description. */
function termHits(page: PageEntry, terms: string[]): number {
  const words = new Set(
    tokenize([page.contract?.task, page.contract?.outcome, page.title, page.description].filter(Boolean).join(" ")),
  );
  return terms.filter((term) => words.has(term)).length;
}

const commandSchema = z.object({ run: z.string(), cwd: z.string().optional(), description: z.string().optional() });
const contractSchema = z.object({
  task: z.string().optional(),
  outcome: z.string().optional(),
  appliesTo: appliesToSchema,
  prerequisites: z.array(z.string()),
  files: z.array(z.string()),
  commands: z.array(commandSchema),
  sideEffects: z.array(z.string()),
  verification: z.array(
    z.object({ description: z.string().optional(), run: z.string().optional(), expect: z.string().optional() }),
  ),
  rollback: z.array(z.string()),
  failureModes: z.array(z.object({ symptom: z.string(), resolution: z.string().optional() })),
  tokenBudget: z.number().optional(),
});

export const readTask = defineTool({
  key: "readTask",
  title: "Read a task contract",
  description:
    "The full normalized agent contract of one page: task, outcome, appliesTo, prerequisites, files, commands, side " +
    "effects, verification (with expected output), rollback and failure modes (with recovery), plus the page title and URLs.",
  input: z.object({ path: pathArgument }),
  output: z.object({
    path: z.string(),
    url: z.string(),
    markdownUrl: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    contract: contractSchema,
  }),
  async run(args, context) {
    const found = findPage(context, args.path);
    if ("error" in found) return found.error;
    const { page } = found;
    if (!page.contract) {
      const withContracts = context.data.pages.filter((p) => p.contract).map((p) => JSON.stringify(p.path));
      const listed =
        withContracts.length > 20
          ? `${withContracts.slice(0, 20).join(", ")} … (list_tasks has all)`
          : withContracts.join(", ") || "none";
      return toolError(
        `"${page.path}" has no agent contract. Pages with one: ${listed}. Read the page with read_page instead.`,
      );
    }
    return jsonResult({
      path: page.path,
      url: context.publicUrl(page.route),
      markdownUrl: context.publicUrl(page.markdownRoute),
      title: page.title,
      description: page.description,
      contract: page.contract,
    });
  },
});
