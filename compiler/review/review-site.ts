/**
 * SPEC 2.12: what `docs review` looks at, read once: the config (or its static fallback), every page's frontmatter,
 * source tree (both audiences, positions as in the file), heading ids per audience, agent body and sibling agent.md.
 * No HTML is rendered and nothing is written, so a review is much cheaper than a build.
 */
import path from "node:path";
import GithubSlugger from "github-slugger";
import type { Heading, Root } from "mdast";
import { toString } from "mdast-util-to-string";
import { visit } from "unist-util-visit";
import type { ResolvedConfig } from "../config/types.ts";
import { discoverPages, type SourcePage } from "../content/discover.ts";
import { parseFrontmatter } from "../content/frontmatter.ts";
import { readStaticFiles } from "../content/static-files.ts";
import type { BuildMessage } from "../diagnostics.ts";
import { builtInComponents } from "../markdown/components/index.ts";
import { needsProjection, projectAudience } from "../markdown/audience.ts";
import { parseBody } from "../markdown/parse.ts";
import { collectAnchors } from "../links/anchors.ts";
import { protectHeadingIds } from "../links/custom-heading-ids.ts";
import type { PageLink } from "../links/page-links.ts";
import { assignHeadingIds } from "../markdown/headings.ts";
import { prepareAuthoredBody } from "../model/authored-body.ts";
import { pageRoutes } from "../model/routes.ts";
import { checkComponents } from "./check-components.ts";
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
  /** The whole body (both audiences) as mdast, positions as in the source file. */
  tree?: Root;
  /** The sibling agent.md as mdast, positions as in that file. */
  agentFileTree?: Root;
  humanIds: Set<string>;
  /** Anchors of the human page as the build collects them (links/anchors.ts). */
  anchors: string[];
  /** Internal links of the body as the build lists them (links/page-links.ts), relative page links as routes. */
  bodyLinks: PageLink[];
  agentIds: Set<string>;
  /** Plain text of the agent projection (agent.md when there is one). */
  agentText?: string;
  /** Frontmatter and MDX problems the build would report. */
  messages: BuildMessage[];
}

export interface ReviewSite extends ReviewConfig {
  root: string;
  pages: ReviewPage[];
  /** Discovery problems (duplicate page files, missing content folder). */
  discoveryMessages: BuildMessage[];
  /** `public/` files as site paths (`/logo.svg`). */
  publicFiles: Set<string>;
}

export async function readReviewSite(root: string): Promise<ReviewSite> {
  const absolute = path.resolve(root);
  const reviewConfig = await loadReviewConfig(absolute);
  const { config } = reviewConfig;
  const [discovered, statics] = await Promise.all([
    discoverPages(absolute, config.contentDir),
    readStaticFiles(absolute),
  ]);
  const components = { ...builtInComponents, ...config.components };
  const pages = discovered.pages.map((source) => readPage(source, config, components));
  return {
    ...reviewConfig,
    root: absolute,
    pages,
    discoveryMessages: discovered.messages,
    publicFiles: new Set([...statics.public.keys()].map((file) => `/${file}`)),
  };
}

function readPage(source: SourcePage, config: ResolvedConfig, components: Record<string, unknown>): ReviewPage {
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
    humanIds: new Set(),
    anchors: [],
    bodyLinks: [],
    agentIds: new Set(),
    messages: [...parsed.messages],
  };
  // As the build reads a body (model/build-page.ts): `{#id}` ids protected in MDX, then title, ids and relative
  // links settled by prepareAuthoredBody, so review checks the links and anchors the build will have.
  const bodyText = source.syntax === "mdx" ? protectHeadingIds(parsed.body) : parsed.body;
  const body = parseBody(bodyText, source.syntax, path.join(config.root, file), file);
  page.messages.push(...body.messages);
  if (source.agentFile) {
    const agent = parseBody(
      source.agentFile.text.replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n?/, (block) => block.replace(/[^\n]/g, "")),
      "md",
      path.join(config.root, source.agentFile.sourcePath),
      source.agentFile.sourcePath,
    );
    page.agentFileTree = agent.tree;
  }
  if (!body.tree) return page;
  page.tree = body.tree;
  const authored = prepareAuthoredBody(body.tree, bodyText, parsed.frontmatter, file, config);
  page.messages.push(...authored.messages);
  if (authored.frontmatter) page.frontmatter = authored.frontmatter;
  page.bodyLinks = authored.links;
  // Without audience blocks or JSX both projections are the tree itself (as in the build): no copies.
  const projected = needsProjection(body.tree);
  const human = projected ? projectAudience(body.tree, "human") : body.tree;
  if (source.syntax === "mdx") page.messages.push(...checkComponents(human, components, file));
  assignHeadingIds(human, config.theme.layout.tocDepth);
  page.anchors = collectAnchors(human);
  page.humanIds = new Set(page.anchors);
  const agentTree = page.agentFileTree ?? (projected ? projectAudience(body.tree, "agent") : body.tree);
  page.agentIds = headingIds(agentTree, false);
  // SPEC 2.7 order: agent.md, else the agent projection. Review only asks whether it says anything;
  // agentSurfaceDrift compares the build's own bytes.
  page.agentText = toString(agentTree);
  return page;
}

/** The ids the renderer gives headings (github-slugger, in order); the HTML drops an opening H1 first. */
function headingIds(tree: Root, dropOpeningH1: boolean): Set<string> {
  const slugger = new GithubSlugger();
  const ids = new Set<string>();
  const opening = tree.children[0];
  visit(tree, "heading", (node: Heading) => {
    if (dropOpeningH1 && node === opening && node.depth === 1) return;
    ids.add(slugger.slug(toString(node).trim() || "section"));
  });
  return ids;
}
