/** Turns one source page into a `Page`: frontmatter, both audience projections, TOC, reading time. */
import path from "node:path";
import type { Root } from "mdast";
import matter from "gray-matter";
import { Fragment, h, type ComponentChildren } from "preact";
import type { ResolvedConfig } from "../config/types.ts";
import type { SourcePage } from "../content/discover.ts";
import { hasContract } from "../content/contract.ts";
import { parseFrontmatter } from "../content/frontmatter.ts";
import { hasErrors, type BuildMessage } from "../diagnostics.ts";
import { toAgentMarkdown } from "../markdown/agent-markdown.ts";
import { findUnknownComponents, unknownComponentMessages } from "../markdown/check-mdx.ts";
import { loadShortcodes } from "../markdown/emoji-shortcodes.ts";
import { lowerForeignSyntax } from "../markdown/foreign-syntax.ts";
import { attachFrontmatter } from "../markdown/frontmatter-export.ts";
import { HUMAN_ONLY_ATTRIBUTE, needsProjection, projectAudience } from "../markdown/audience.ts";
import { assignHeadingIds } from "../markdown/headings.ts";
import { trimBlankLines, writtenBlocks, type WrittenBlocks } from "../markdown/written-blocks.ts";
import type { HtmlRenderer } from "../markdown/html.ts";
import { type BodyParser, messageFromVFileError, parseBody } from "../markdown/parse.ts";
import { parseGeneratedBody } from "../api-reference/block-parse.ts";
import { countWords, readingMinutes } from "../markdown/reading-time.ts";
import { renderAgentContract } from "../render/agent-contract.ts";
import { collectAnchors } from "../links/anchors.ts";
import { SECTION_CARDS_HTML, withoutSectionCards } from "../markdown/section-cards-marker.ts";
import { withMarkdownUrls } from "../links/page-links.ts";
import { prepareAuthoredBody } from "./authored-body.ts";
import { bodyParseText, pageBodyText } from "./body-text.ts";
import { chunksFromContract, chunksFromMarkdown, chunksFromTree, mergeChunks } from "./chunks.ts";
import { pageRoutes } from "./routes.ts";
import { packTermCounts, termCounts } from "../../runtime/search/simple.ts";
import { ownStrings } from "./own-strings.ts";
import type { PageFrontmatter, PageResult, SearchChunk } from "./types.ts";

export { checkMdx } from "../markdown/check-mdx.ts";

export interface PageContext {
  config: ResolvedConfig;
  renderer: HtmlRenderer;
  /** Built-ins merged with `config.components`. */
  components: Record<string, unknown>;
  /** Last commit date per source path (empty when git is off or unavailable). */
  gitDates: Map<string, string>;
  /** Parses a page's body; parseBody itself unless pages are parsed ahead on another thread (parse-ahead.ts). */
  parse?: BodyParser;
}

export async function buildPage(source: SourcePage, context: PageContext): Promise<PageResult> {
  const { config } = context;
  const file = source.sourcePath;
  const parsed = parseFrontmatter(source.source, file);
  // Issue 10: every problem of a page in one round. A frontmatter error does not stop the body's checks, and an
  // unknown component does not stop evaluation (it renders as a stand-in; the page fails anyway).
  const messages = [...parsed.messages];
  const brokenYaml = parsed.messages.some((m) => m.rule === "frontmatter/yaml");
  const bodyText = pageBodyText(source, parsed.body);
  const parseText = bodyParseText(source, bodyText, brokenYaml);
  const bodyPath = path.join(config.root, file);
  const body =
    parseText === undefined
      ? parseGeneratedBody(bodyText, source.blocks ?? [], bodyPath, file)
      : await (context.parse ?? parseBody)(parseText, source.syntax, bodyPath, file);
  if (!body.tree) return { messages: [...messages, ...body.messages] };
  if (source.syntax === "md") await loadShortcodes(bodyText);
  const lowered = lowerForeignSyntax(body.tree, body.file, source.syntax, file, config);
  messages.push(...lowered.messages);
  // Issue 10: `{#id}` heading ids, the title (frontmatter or leading `# heading`), relative links → routes.
  // Node offsets index into the text parsed (markdown/parse.ts normalizes `::: name` container lines).
  const parsedText = parseText === undefined ? bodyText : String(body.file.value);
  const authored = prepareAuthoredBody(body.tree, parsedText, parsed.frontmatter, file, config);
  messages.push(...authored.messages);

  // Without audience blocks or JSX both projections equal the source: no copy, and the agent keeps the text as written.
  const plain = !lowered.changed && !needsProjection(body.tree);
  // `{frontmatter.x}` in MDX (issue 10), for the evaluated page and the agent Markdown.
  if (source.syntax === "mdx") attachFrontmatter(body.tree, authoredFrontmatter(parsed.frontmatter, source.source));
  const human = plain ? body.tree : projectAudience(body.tree, "human", { markHumanOnly: true });
  const unknown = source.syntax === "mdx" ? findUnknownComponents(human, context.components) : [];
  messages.push(...unknownComponentMessages(unknown, context.components, file));
  const toc = assignHeadingIds(human, config.theme.layout.tocDepth);
  const anchors = collectAnchors(human);

  let html: string | undefined;
  let imports: Record<string, unknown> | undefined;
  try {
    if (source.syntax === "mdx") {
      const components = { ...context.components, ...Object.fromEntries(unknown.map((u) => [u.name, StandIn])) };
      const rendered = await context.renderer.renderMdx(human, body.file, components, {
        sourcePath: file,
        root: config.root,
        assets: { contentDir: config.contentDir, docsPath: config.docsPath },
      });
      messages.push(...rendered.messages);
      html = rendered.html;
      imports = rendered.imports;
    } else {
      html = await context.renderer.renderMarkdown(human, body.file, context.components);
    }
    // SPEC 2.7: with a sibling agent.md the Markdown is another text, so the whole human body is marked human-only.
    if (source.agentFile && html !== undefined) html = `<div ${HUMAN_ONLY_ATTRIBUTE}>${html}</div>`;
  } catch (error) {
    messages.push(messageFromVFileError(error, file, source.syntax));
  }
  const frontmatter = authored.frontmatter;
  if (!frontmatter || html === undefined || hasErrors(messages)) return { messages };
  const minutes = readingTimeOf(frontmatter.readingTime, config, human);

  // SPEC 2.7: a sibling agent.md is the whole agent body; the page's own blocks are not consulted.
  const agentBody = source.agentFile
    ? stripFrontmatter(source.agentFile.text).trim()
    : plain
      ? trimBlankLines(authored.agentSource)
      : agentMarkdownOf(
          body.tree,
          imports,
          // Generated pages' blocks (api-reference) are not the body text: serialized whole.
          parseText === undefined ? undefined : writtenBlocks(body.tree, parsedText, authored.edits, source.syntax),
        );

  const routes = pageRoutes(config, source.slug);
  const ref = {
    path: source.slug,
    route: routes.route,
    title: frontmatter.title,
    heading: frontmatter.heading,
    description: frontmatter.description,
  };
  const byPage = config.surfaces.search.chunking === "page";
  // SPEC 2.6: contract fields are searchable and in Ask AI context, like the `.md` that ends with them.
  const contract = hasContract(frontmatter.agent) ? frontmatter.agent : undefined;
  const humanChunks = [...chunksFromTree(human, ref), ...chunksFromContract(contract, ref)];
  // The section's cards (`<DocCardList />`) are links the sidebar holds too; search reads the page without them.
  const sectionCards = source.syntax === "mdx" && html.includes(SECTION_CARDS_HTML);
  const searched = sectionCards ? withoutSectionCards(agentBody) : agentBody;
  const agentChunks = chunksFromMarkdown(searched, ref, contract && renderAgentContract(contract));
  const chunks = {
    human: byPage ? mergeChunks(humanChunks, ref) : humanChunks,
    agent: byPage ? mergeChunks(agentChunks, ref) : agentChunks,
  };
  return ownStrings({
    messages,
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
      links: authored.links,
      anchors,
      hasAgentFile: source.agentFile !== undefined,
      ...(sectionCards ? { sectionCards: true as const } : {}),
      lastModified: frontmatter.lastModified ?? context.gitDates.get(file),
      chunks,
    },
    terms: { human: chunks.human.map(packedTerms), agent: chunks.agent.map(packedTerms) },
  });
}

/**
 * The agent Markdown of a page that needs the agent projection. It is the parsed tree's last reader (the human
 * projection is a copy), so the projection changes the tree itself; `written` was read from it before.
 */
function agentMarkdownOf(tree: Root, imports: Record<string, unknown> | undefined, written?: WrittenBlocks): string {
  return toAgentMarkdown(projectAudience(withMarkdownUrls(tree), "agent", { consume: true }), imports, written);
}

const packedTerms = (chunk: SearchChunk) => packTermCounts(termCounts(chunk));

/** SPEC 2.6: `false` disables, a number forces minutes, `true` enables even when the config is off. */
function readingTimeOf(override: boolean | number | undefined, config: ResolvedConfig, tree: Root): number | undefined {
  if (override === false) return undefined;
  if (typeof override === "number") return override;
  if (override !== true && !config.readingTime.enabled) return undefined;
  return readingMinutes(countWords(tree, config.readingTime.includeCode), config.readingTime.wordsPerMinute);
}

/** Renders what an unknown component wraps, so the rest of the page is still evaluated and checked. */
function StandIn({ children }: { children?: ComponentChildren }) {
  return h(Fragment, null, children);
}

/** What `{frontmatter.x}` reads: the keys as written (also when the frontmatter failed validation). */
function authoredFrontmatter(
  frontmatter: (Partial<PageFrontmatter> & { extra: Record<string, unknown> }) | undefined,
  source: string,
): Record<string, unknown> {
  if (frontmatter) {
    const { extra, ...named } = frontmatter;
    return { ...extra, ...Object.fromEntries(Object.entries(named).filter(([, v]) => v !== undefined)) };
  }
  try {
    return matter(source, {}).data;
  } catch {
    return {};
  }
}

/** The frontmatter block as empty lines, so the body keeps its line numbers when the YAML does not parse. */
function stripFrontmatter(text: string): string {
  return text.replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n?/, "");
}
