/** Tools that read page bodies (agent projection only, SPEC 2.7): read_page and get_code_examples. */
import * as z from "zod";
import type { SiteData } from "../../site-data.ts";
import { tokenize } from "../../search/simple.ts";
import type { PageEntry } from "../../contract/index.ts";
import { extractCodeBlocks, findSection, listHeadings, type CodeBlock } from "../markdown-sections.ts";
import { defineTool, findPage, jsonResult, pathArgument, textResult, toolError } from "../tool.ts";

export const readPage = defineTool({
  key: "readPage",
  title: "Read a page",
  description:
    "A page's agent Markdown: the page's agent.md when it has one, otherwise the agent projection of the page, with " +
    "frontmatter, a Description/Related header and the Agent Contract section when present. With section, only that " +
    "part: a heading's text (case-insensitive) or id, up to the next heading of the same level.",
  input: z.object({
    path: pathArgument,
    section: z
      .string()
      .max(200)
      .optional()
      .describe('Heading text or id, e.g. "Connect to Redis" or "connect-to-redis"'),
  }),
  async run(args, context) {
    const found = findPage(context, args.path);
    if ("error" in found) return found.error;
    const markdown = await context.data.readMarkdown(found.page);
    if (markdown === null)
      return toolError(
        `The Markdown of "${found.page.path}" is missing from this build; rebuild the site with \`docs build\`.`,
      );
    if (!args.section?.trim()) return textResult(markdown);
    const section = findSection(markdown, args.section);
    if (section) return textResult(section.markdown);
    const headings = listHeadings(markdown)
      .filter((h) => h.depth >= 2)
      .map((h) => JSON.stringify(h.text));
    return toolError(
      `"${found.page.path}" has no section "${args.section}". Its sections: ${headings.join(", ") || "none"}.`,
    );
  },
});

interface CodeExample {
  path: string;
  url: string;
  pageTitle: string;
  section: string | null;
  language: string | null;
  /** `title="…"` from the fence's info string, usually a file name. */
  title: string | null;
  meta: string | null;
  code: string;
}

/** Examples are extracted once per loaded site: HTTP serves each request with a fresh server over the same data. */
const examplesBySite = new WeakMap<SiteData, Promise<{ page: PageEntry; block: CodeBlock }[]>>();

function allExamples(data: SiteData) {
  let examples = examplesBySite.get(data);
  if (!examples) {
    examples = Promise.all(
      data.pages.map(async (page) => {
        const markdown = await data.readMarkdown(page);
        return markdown
          ? extractCodeBlocks(markdown)
              .filter((block) => block.code.trim())
              .map((block) => ({ page, block }))
          : [];
      }),
    ).then(
      (lists) => lists.flat(),
      (error: unknown) => {
        // A failed read must not poison the cache for later calls.
        examplesBySite.delete(data);
        throw error;
      },
    );
    examplesBySite.set(data, examples);
  }
  return examples;
}

const LANGUAGE_GROUPS = [
  ["typescript", "ts", "mts", "cts"],
  ["javascript", "js", "mjs", "cjs"],
  ["shell", "sh", "bash", "zsh", "console", "shellscript", "shell-session", "terminal"],
  ["yaml", "yml"],
  ["python", "py"],
  ["rust", "rs"],
  ["go", "golang"],
  ["json", "jsonc", "json5"],
];

function canonicalLanguage(language: string): string {
  const lower = language.trim().toLowerCase();
  return LANGUAGE_GROUPS.find((group) => group.includes(lower))?.[0] ?? lower;
}

export const getCodeExamples = defineTool({
  key: "getCodeExamples",
  title: "Get code examples",
  description:
    "Fenced code blocks from the agent Markdown of the docs, each with its page, section, language and file title. " +
    "Filter by path (one page), language (aliases such as ts/typescript or sh/bash match) and query (words in the " +
    "code, its title, section or page title; best matches first). Without a query, examples come in page order.",
  input: z.object({
    query: z.string().max(200).optional(),
    language: z.string().max(40).optional(),
    path: pathArgument.optional(),
    limit: z.number().int().min(1).max(50).optional().describe("At most this many examples (default 10)"),
  }),
  output: z.object({
    examples: z.array(
      z.object({
        path: z.string(),
        url: z.string(),
        pageTitle: z.string(),
        section: z.string().nullable(),
        language: z.string().nullable(),
        title: z.string().nullable(),
        meta: z.string().nullable(),
        code: z.string(),
      }),
    ),
    total: z.number().int().describe("Matching examples before the limit"),
  }),
  async run(args, context) {
    let onlyPage: PageEntry | undefined;
    if (args.path !== undefined) {
      const found = findPage(context, args.path);
      if ("error" in found) return found.error;
      onlyPage = found.page;
    }
    const language = args.language?.trim() ? canonicalLanguage(args.language) : undefined;
    const terms = [...new Set(tokenize(args.query ?? ""))];
    const matches = (await allExamples(context.data))
      .filter(
        ({ page, block }) =>
          (!onlyPage || page === onlyPage) &&
          (!language || (block.language !== null && canonicalLanguage(block.language) === language)),
      )
      .map((entry, order) => ({
        ...entry,
        order,
        score: terms.length ? scoreExample(entry.page, entry.block, terms) : 0,
      }))
      .filter((entry) => terms.length === 0 || entry.score > 0)
      .sort((a, b) => b.score - a.score || a.order - b.order);
    const examples: CodeExample[] = matches.slice(0, args.limit ?? 10).map(({ page, block }) => ({
      path: page.path,
      url: context.publicUrl(block.section ? `${page.route}#${block.section.id}` : page.route),
      pageTitle: page.title,
      section: block.section?.text ?? null,
      language: block.language,
      title:
        /(?:^|\s)title=(?:"([^"]*)"|'([^']*)'|(\S+))/
          .exec(block.meta ?? "")
          ?.slice(1)
          .find((v) => v !== undefined) ?? null,
      meta: block.meta,
      code: block.code,
    }));
    return jsonResult({ examples, total: matches.length });
  },
});

/** Query terms found in the code count once each; in the file title, section or page title they count double. */
function scoreExample(page: PageEntry, block: CodeBlock, terms: string[]): number {
  const code = new Set(tokenize(block.code));
  const labels = new Set(tokenize([block.meta, block.section?.text, page.title].filter(Boolean).join(" ")));
  return terms.reduce((sum, term) => sum + (code.has(term) ? 1 : 0) + (labels.has(term) ? 2 : 0), 0);
}
