/** The site model: every page once, as typed data. Every output is a projection of it. */
import type { BuildMessage } from "../diagnostics.ts";
import type { StaticFiles } from "../content/static-files.ts";
import type { PageLink } from "../links/page-links.ts";
import type {
  AgentContract,
  FolderIndexBehavior,
  NavTree,
  SearchChunk,
  TocEntry,
} from "../../runtime/contract/index.ts";

// The parts of a page the runtime reads too are declared once, in the wire contract.
export type {
  AgentContract,
  ContractCommand,
  ContractFailureMode,
  ContractVerification,
  FolderIndexBehavior,
  NavFolder,
  NavNode,
  NavPage,
  NavTree,
  SearchChunk,
  TocEntry,
} from "../../runtime/contract/index.ts";

/** Frontmatter after validation (SPEC 2.6). Unknown keys stay in `extra`. */
export interface PageFrontmatter {
  title: string;
  /** The H1 the page shows instead of `title`: its body's leading `# heading`, when that differs (page-title.ts). */
  heading?: string;
  description?: string;
  related: string[];
  agent?: AgentContract;
  sidebar?: { folderIndexBehavior?: FolderIndexBehavior };
  readingTime?: boolean | number;
  icon?: string;
  order?: number;
  tags: string[];
  ogImage?: string;
  openGraph?: Record<string, unknown>;
  twitter?: Record<string, unknown>;
  hidden: boolean;
  framework?: string;
  version?: string;
  locale?: string;
  /** An explicit last-modified date (`lastUpdated` or `lastModified` key); beats git. */
  lastModified?: string;
  /** Keys the spec does not name, kept for custom use. */
  extra: Record<string, unknown>;
}

/** A docs page with both audience projections already decided. */
export interface Page {
  /** Source file relative to the site root, with forward slashes. */
  sourcePath: string;
  /** Folder path below the content dir: `""` for the root page, `guides/install` otherwise. */
  slug: string;
  /** Public URL path of the human page, no trailing slash (`/docs/guides/install`, or `/` at the root). */
  route: string;
  /** Public URL path of the agent Markdown (`/docs/guides/install.md`). */
  markdownRoute: string;
  /** Source syntax; plain Markdown never runs the MDX evaluator. */
  syntax: "md" | "mdx";
  frontmatter: PageFrontmatter;
  /** Rendered HTML of the human projection (the article body only). */
  html: string;
  /** Headings of the human projection down to the configured TOC depth. */
  toc: TocEntry[];
  /** Minutes of reading for the label, or undefined when the label is off for this page. */
  readingMinutes?: number;
  /** Body of the agent projection as Markdown (the sibling `agent.md` when there is one). */
  agentBody: string;
  /** Internal links and images as the HTML serves them, positioned, for links/check-links.ts (none when absent). */
  links?: PageLink[];
  /** Heading ids and other ids of the HTML, the `#fragment`s links may target (none when absent). */
  anchors?: string[];
  /** True when a sibling `agent.md` replaced the agent projection. */
  hasAgentFile: boolean;
  /** True when the page shows its section's cards (`<DocCardList />`): render/section-cards.ts puts them in. */
  sectionCards?: true;
  /** ISO 8601 date of the last change (frontmatter, else git), or undefined. */
  lastModified?: string;
  /**
   * Issue 14: route of the default-locale page this page shows because its locale has no translation yet; absent on
   * translated pages and on sites without `i18n`.
   */
  fallbackOf?: string;
  /** Search chunks: `human` for public search, `agent` for MCP and agent retrieval (SPEC 2.7, 2.14). */
  chunks: { human: SearchChunk[]; agent: SearchChunk[] };
}

/** A route that answers with a redirect (a hidden folder landing page → its first visible child). */
export interface Redirect {
  from: string;
  to: string;
}

/** Everything the emitters project from. */
export interface SiteModel {
  pages: Page[];
  nav: NavTree;
  /** Visible pages in sidebar order, for prev/next links. */
  readingOrder: Page[];
  redirects: Redirect[];
  /** Locales the pages name in frontmatter, sorted (SPEC 2.5 manifest `locales`, `_docs/site.json`). */
  locales: string[];
  /** Issue 14: the sidebar of each locale by code (`nav` is the default locale's); absent without `i18n`. */
  localeNavs?: Map<string, NavTree>;
  /** Links in the sidebar; decides whether pages carry the whole tree (see prune-nav.ts). */
  navLinkCount: number;
  /** Files the site ships itself (public/ and root agent files). */
  staticFiles: StaticFiles;
  /** The bundled OpenAPI contract when an API reference was built (SPEC 2.15), written as `_docs/openapi.json`. */
  openapi?: Record<string, unknown>;
  /** The other `apiReference.versions`' contracts, written as `_docs/openapi-versions.json` (`format=openapi&version=`). */
  openapiVersions?: { defaultVersion: string; documents: Record<string, Record<string, unknown>> };
}

/**
 * Term counts of a page's search chunks, aligned with `chunks` (issue 11): counted where the page is built (a worker
 * on large sites) and kept with it in the build cache, so the search indexes of a build do not tokenize every chunk
 * again on the main thread. Each is packed in one string (runtime/search/simple.ts `packTermCounts`).
 */
export interface PageTerms {
  human: string[];
  agent: string[];
}

/** What building one page gives: the page unless it failed, its messages, and its chunks' term counts. */
export interface PageResult {
  page?: Page;
  messages: BuildMessage[];
  terms?: PageTerms;
}
