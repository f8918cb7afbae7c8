/** Turns one source page into a `Page`: frontmatter, both audience projections, TOC, reading time. */
import path from "node:path";
import type { Root } from "mdast";
import type { MdxJsxFlowElement, MdxJsxTextElement } from "mdast-util-mdx-jsx";
import { visit } from "unist-util-visit";
import type { ResolvedConfig } from "../config/types.ts";
import type { SourcePage } from "../content/discover.ts";
import { hasContract } from "../content/contract.ts";
import { parseFrontmatter } from "../content/frontmatter.ts";
import { closestName, type BuildMessage } from "../diagnostics.ts";
import { toAgentMarkdown } from "../markdown/agent-markdown.ts";
import { projectAudience } from "../markdown/audience.ts";
import { assignHeadingIds } from "../markdown/headings.ts";
import type { HtmlRenderer } from "../markdown/html.ts";
import { messageFromVFileError, parseBody } from "../markdown/parse.ts";
import { countWords, readingMinutes } from "../markdown/reading-time.ts";
import { renderAgentContract } from "../render/agent-contract.ts";
import { chunksFromContract, chunksFromMarkdown, chunksFromTree, mergeChunks } from "./chunks.ts";
import { pageRoutes } from "./routes.ts";
import type { Page } from "./types.ts";

export interface PageContext {
  config: ResolvedConfig;
  renderer: HtmlRenderer;
  /** Built-ins merged with `config.components`. */
  components: Record<string, unknown>;
  /** Last commit date per source path (empty when git is off or unavailable). */
  gitDates: Map<string, string>;
}

export async function buildPage(source: SourcePage, context: PageContext): Promise<{ page?: Page; messages: BuildMessage[] }> {
  const { config } = context;
  const file = source.sourcePath;
  const parsed = parseFrontmatter(source.source, file);
  if (!parsed.frontmatter) return { messages: parsed.messages };
  const frontmatter = parsed.frontmatter;
  const body = parseBody(parsed.body, source.syntax, path.join(config.root, file), file);
  if (!body.tree) return { messages: body.messages };

  // Without audience blocks or JSX both projections equal the source: no copy, and the agent keeps the text as written.
  const plain = isPlainMarkdown(body.tree);
  const human = plain ? body.tree : projectAudience(body.tree, "human");
  // The layout prints the title as the page's H1; an H1 opening the content would repeat it.
  if (human.children[0]?.type === "heading" && human.children[0].depth === 1) human.children.shift();
  const problems = source.syntax === "mdx" ? checkMdx(human, context.components, file) : [];
  if (problems.length > 0) return { messages: problems };
  const toc = assignHeadingIds(human, config.theme.layout.tocDepth);
  const minutes = readingTimeOf(frontmatter.readingTime, config, human);

  let html: string;
  try {
    html = source.syntax === "mdx"
      ? await context.renderer.renderMdx(human, body.file, context.components)
      : await context.renderer.renderMarkdown(human, body.file);
  } catch (error) {
    return { messages: [messageFromVFileError(error, file)] };
  }

  // SPEC 2.7: a sibling agent.md is the whole agent body; the page's own blocks are not consulted.
  const agentBody = source.agentFile
    ? stripFrontmatter(source.agentFile.text).trim()
    : plain ? parsed.body.trim() : toAgentMarkdown(projectAudience(body.tree, "agent"));

  const routes = pageRoutes(config, source.slug);
  const ref = { path: source.slug, route: routes.route, title: frontmatter.title, description: frontmatter.description };
  const byPage = config.surfaces.search.chunking === "page";
  // SPEC 2.6: contract fields are searchable and in Ask AI context, like the `.md` that ends with them.
  const contract = hasContract(frontmatter.agent) ? frontmatter.agent : undefined;
  const humanChunks = [...chunksFromTree(human, ref), ...chunksFromContract(contract, ref)];
  const agentChunks = chunksFromMarkdown(agentBody, ref, contract && renderAgentContract(contract));
  return {
    messages: [],
    page: {
      sourcePath: file,
      slug: source.slug,
      ...routes,
      syntax: source.syntax,
      frontmatter,
      html,
      toc,
      readingMinutes: minutes,
      agentBody,
      hasAgentFile: source.agentFile !== undefined,
      lastModified: frontmatter.lastModified ?? context.gitDates.get(file),
      chunks: {
        human: byPage ? mergeChunks(humanChunks, ref) : humanChunks,
        agent: byPage ? mergeChunks(agentChunks, ref) : agentChunks,
      },
    },
  };
}

/** SPEC 2.6: `false` disables, a number forces minutes, `true` enables even when the config is off. */
function readingTimeOf(override: boolean | number | undefined, config: ResolvedConfig, tree: Root): number | undefined {
  if (override === false) return undefined;
  if (typeof override === "number") return override;
  if (override !== true && !config.readingTime.enabled) return undefined;
  return readingMinutes(countWords(tree, config.readingTime.includeCode), config.readingTime.wordsPerMinute);
}

/** Components must exist before evaluation so the error can point at the tag, not at generated code. */
function checkMdx(tree: Root, components: Record<string, unknown>, file: string): BuildMessage[] {
  const messages: BuildMessage[] = [];
  const declared = new Set<string>();
  visit(tree, "mdxjsEsm", (node) => {
    for (const statement of node.data?.estree?.body ?? []) {
      if (statement.type === "ImportDeclaration") {
        messages.push({
          severity: "error", rule: "mdx/import", file, line: node.position?.start.line, column: node.position?.start.column,
          reason: "imports in pages are not supported",
          hint: "register the component in the config's `components` map and use it by name",
        });
      }
      if (statement.type === "ExportNamedDeclaration" && statement.declaration) {
        const d = statement.declaration;
        if (d.type === "VariableDeclaration") for (const v of d.declarations) if (v.id.type === "Identifier") declared.add(v.id.name);
        if ((d.type === "FunctionDeclaration" || d.type === "ClassDeclaration") && d.id) declared.add(d.id.name);
      }
    }
  });
  visit(tree, (node) => {
    if (node.type !== "mdxJsxFlowElement" && node.type !== "mdxJsxTextElement") return;
    const name = (node as MdxJsxFlowElement | MdxJsxTextElement).name;
    if (!name || !/^[A-Z]/.test(name) || name.includes(".")) return;
    if (name in components || declared.has(name)) return;
    const suggestion = closestName(name, Object.keys(components));
    messages.push({
      severity: "error", rule: "mdx/unknown-component", file, line: node.position?.start.line, column: node.position?.start.column,
      reason: `unknown component <${name}>${suggestion ? ` — did you mean <${suggestion}>?` : ""}`,
      hint: "built-ins are Callout, Tabs, Tab, Steps, Step, Cards, Card, HoverLink, Prompt; add others through the config's `components`",
    });
  });
  return messages;
}

/** True when no node needs the audience projection or JSX lowering (no MDX syntax, no audience HTML tags). */
function isPlainMarkdown(tree: Root): boolean {
  let plain = true;
  visit(tree, (node) => {
    if (node.type.startsWith("mdx") || (node.type === "html" && AUDIENCE_TAG.test((node as { value: string }).value))) {
      plain = false;
      return false;
    }
  });
  return plain;
}

const AUDIENCE_TAG = /<\/?(Agent|Human|Audience)\b/;

function stripFrontmatter(text: string): string {
  return text.replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n?/, "");
}
