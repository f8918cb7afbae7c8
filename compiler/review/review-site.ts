/**
 * SPEC 2.12: what `docs review` looks at, read once: the config (or its static fallback), every page's frontmatter,
 * source tree (both audiences, positions as in the file), heading ids per audience, agent body and sibling agent.md.
 * No HTML is rendered and nothing is written, so a review is much cheaper than a build.
 */
import { availableParallelism } from "node:os";
import path from "node:path";
import GithubSlugger from "github-slugger";
import type { Heading, Root } from "mdast";
import { toString } from "mdast-util-to-string";
import { walk } from "../markdown/walk.ts";
import type { ResolvedConfig } from "../config/types.ts";
import { discoverPages, type SourcePage } from "../content/discover.ts";
import { parseFrontmatter } from "../content/frontmatter.ts";
import { readStaticFiles } from "../content/static-files.ts";
import { contentAssetFile } from "../content/content-assets.ts";
import type { BuildMessage } from "../diagnostics.ts";
import { builtInComponents } from "../markdown/components/index.ts";
import { needsProjection, projectAudience } from "../markdown/audience.ts";
import { parseBody } from "../markdown/parse.ts";
import { collectAnchors } from "../links/anchors.ts";
import type { PageLink } from "../links/page-links.ts";
import { assignHeadingIds } from "../markdown/headings.ts";
import { prepareAuthoredBody } from "../model/authored-body.ts";
import { pageBodyText } from "../model/body-text.ts";
import { pageRoutes } from "../model/routes.ts";
import type { TocEntry } from "../model/types.ts";
import { MAX_LANES, mapInWorkers, PARSER_YOUNG_GENERATION_MB } from "../parallel/map-in-workers.ts";
import { checkComponents } from "./check-components.ts";
import { type AgentBlock, collectTreeFacts, type ReviewCodeBlock, type SourceLink } from "./page-facts.ts";
import { loadReviewConfig, type ReviewConfig } from "./config-fallback.ts";

export interface ReviewPage {
  source: SourcePage;
  route: string;
  markdownRoute: string;
  /** The YAML between the fences; its line N is line N of the file. */
  yaml: string;
  /** Every top-level key as written (also the ones the schema does not name). */
  data: Record<string, unknown>;
  frontmatter?: ReturnType<typeof parseFrontmatter>["frontmatter"];
  /** Whether the body parsed (the facts below come from its tree, read once and then dropped). */
  parsed: boolean;
  /** Fenced blocks of the body (both audiences), then of the sibling agent.md, positioned in their files. */
  codeBlocks: ReviewCodeBlock[];
  /** Links of the body as written (relative page links as routes), then of the sibling agent.md; not `related`. */
  links: SourceLink[];
  /** The first agent-only block of the body. */
  agentBlock?: AgentBlock;
  humanIds: Set<string>;
  /** Anchors of the human page as the build collects them (links/anchors.ts). */
  anchors: string[];
  /** Its headings to the TOC depth, as the build's page record holds them (for links/link-repairs.ts). */
  toc: TocEntry[];
  /** Internal links of the body as the build lists them (links/page-links.ts), relative page links as routes. */
  bodyLinks: PageLink[];
  agentIds: Set<string>;
  /**
   * Whether the agent projection (agent.md when there is one) has no text: its .md would carry the title only.
   * Undefined when the body did not parse.
   */
  agentEmpty?: boolean;
  /** Frontmatter and MDX problems the build would report. */
  messages: BuildMessage[];
}

export interface ReviewSite extends ReviewConfig {
  root: string;
  pages: ReviewPage[];
  /** Discovery problems (duplicate page files, missing content folder). */
  discoveryMessages: BuildMessage[];
  /** `public/` files and the content folder's published assets as site paths (`/logo.svg`, `/docs/guide/a.png`). */
  publicFiles: Set<string>;
}

/** A page as a reader thread sends it back: everything but the source, which the main thread has. */
export type ReviewPageFacts = Omit<ReviewPage, "source">;

export interface ReviewWorkerInit {
  root: string;
}

/**
 * Reading is parsing (micromark, ~2 MB of Markdown per second and core); a reader thread costs its start-up (the
 * compiler's modules and the config, ~0.3 s). Below this many bytes of sources one thread finishes first.
 */
const PARALLEL_SOURCE_BYTES = 2_000_000;
const PAGES_PER_BATCH = 16;

/**
 * `readers`: how many reader threads to use (1 reads on this thread); by default several when the sources are large
 * enough to pay for their start-up and the machine has the cores.
 */
export async function readReviewSite(root: string, options: { readers?: number } = {}): Promise<ReviewSite> {
  const absolute = path.resolve(root);
  const reviewConfig = await loadReviewConfig(absolute);
  const { config } = reviewConfig;
  const [discovered, statics] = await Promise.all([
    discoverPages(absolute, config.contentDir),
    readStaticFiles(absolute, config.contentDir),
  ]);
  const pages = await readPages(discovered.pages, config, options.readers ?? readersFor(discovered.pages));
  return {
    ...reviewConfig,
    root: absolute,
    pages,
    discoveryMessages: discovered.messages,
    publicFiles: new Set(
      [
        ...statics.public.keys(),
        ...[...statics.content.keys()].map((file) => contentAssetFile(config.docsPath, file)),
      ].map((file) => `/${file}`),
    ),
  };
}

function readersFor(sources: SourcePage[]): number {
  const bytes = sources.reduce((sum, source) => sum + source.source.length + (source.agentFile?.text.length ?? 0), 0);
  return bytes < PARALLEL_SOURCE_BYTES ? 1 : Math.min(availableParallelism(), MAX_LANES);
}

async function readPages(sources: SourcePage[], config: ResolvedConfig, readers: number): Promise<ReviewPage[]> {
  if (readers <= 1) {
    const components = { ...builtInComponents, ...config.components };
    return sources.map((source) => readPage(source, config, components));
  }
  const init: ReviewWorkerInit = { root: config.root };
  const reader = new URL("./review-worker.js", import.meta.url);
  const facts = await mapInWorkers<SourcePage, ReviewPageFacts>(reader, sources, {
    workers: readers,
    batch: PAGES_PER_BATCH,
    workerData: init,
    resourceLimits: { maxYoungGenerationSizeMb: PARSER_YOUNG_GENERATION_MB },
  });
  return facts.map((page, index) => ({ source: sources[index], ...page }));
}

export function readPage(source: SourcePage, config: ResolvedConfig, components: Record<string, unknown>): ReviewPage {
  const file = source.sourcePath;
  const routes = pageRoutes(config, source.slug);
  // parseFrontmatter reports a YAML error with its position; the page then has no keys to check.
  const parsed = parseFrontmatter(source.source, file);
  const page: ReviewPage = {
    source,
    ...routes,
    yaml: parsed.written?.yaml ?? "",
    data: parsed.written?.data ?? {},
    frontmatter: parsed.frontmatter,
    parsed: false,
    codeBlocks: [],
    links: [],
    humanIds: new Set(),
    anchors: [],
    toc: [],
    bodyLinks: [],
    agentIds: new Set(),
    messages: [...parsed.messages],
  };
  // As the build reads a body (model/build-page.ts): `{#id}` ids protected in MDX, then title, ids and relative
  // links settled by prepareAuthoredBody, so review checks the links and anchors the build will have.
  const bodyText = pageBodyText(source, parsed.body);
  const body = parseBody(bodyText, source.syntax, path.join(config.root, file), file);
  page.messages.push(...body.messages);
  const agentFile = source.agentFile && readAgentFile(source.agentFile, config.root);
  if (!body.tree) {
    if (agentFile) collectTreeFacts(agentFile, source.agentFile!.sourcePath, page);
    return page;
  }
  page.parsed = true;
  // Node offsets index into the text parsed (markdown/parse.ts normalizes `::: name` container lines).
  const authored = prepareAuthoredBody(body.tree, String(body.file.value), parsed.frontmatter, file, config);
  page.messages.push(...authored.messages);
  if (authored.frontmatter) page.frontmatter = authored.frontmatter;
  page.bodyLinks = authored.links;
  // After prepareAuthoredBody, so links are the ones the build checks (relative page links as routes).
  collectTreeFacts(body.tree, file, page);
  if (agentFile) collectTreeFacts(agentFile, source.agentFile!.sourcePath, page);
  // Without audience blocks or JSX both projections are the tree itself (as in the build): no copies.
  const projected = needsProjection(body.tree);
  const human = projected ? projectAudience(body.tree, "human") : body.tree;
  if (source.syntax === "mdx") page.messages.push(...checkComponents(human, components, file));
  page.toc = assignHeadingIds(human, config.theme.layout.tocDepth);
  page.anchors = collectAnchors(human);
  page.humanIds = new Set(page.anchors);
  const agentTree = agentFile ?? (projected ? projectAudience(body.tree, "agent") : body.tree);
  page.agentIds = headingIds(agentTree, false);
  // SPEC 2.7 order: agent.md, else the agent projection. Review only asks whether it says anything;
  // agentSurfaceDrift compares the build's own bytes.
  page.agentEmpty = toString(agentTree).trim() === "";
  return page;
}

/** The sibling agent.md as mdast, positions as in that file (its frontmatter blanked, lines kept). */
function readAgentFile(agentFile: NonNullable<SourcePage["agentFile"]>, root: string): Root | undefined {
  const text = agentFile.text.replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n?/, (block) => block.replace(/[^\n]/g, ""));
  return parseBody(text, "md", path.join(root, agentFile.sourcePath), agentFile.sourcePath).tree;
}

/** The ids the renderer gives headings (github-slugger, in order); the HTML drops an opening H1 first. */
function headingIds(tree: Root, dropOpeningH1: boolean): Set<string> {
  const slugger = new GithubSlugger();
  const ids = new Set<string>();
  const opening = tree.children[0];
  walk(tree, "heading", (node: Heading) => {
    if (dropOpeningH1 && node === opening && node.depth === 1) return;
    ids.add(slugger.slug(toString(node).trim() || "section"));
  });
  return ids;
}
