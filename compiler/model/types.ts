/** The site model: every page once, as typed data. Every output is a projection of it. */
import type { StaticFiles } from "../content/static-files.ts";

/** One entry of a page's table of contents (human projection only). */
export interface TocEntry {
  /** Heading depth: 2 for `##`, 3 for `###`. */
  depth: number;
  /** Plain text of the heading. */
  text: string;
  /** The `id` attribute the heading carries in HTML. */
  id: string;
}

/** A command an agent may run, normalized from a string or `{run, cwd, description}`. */
export interface ContractCommand {
  run: string;
  cwd?: string;
  description?: string;
}

/** A check, normalized from a string or `{description, run, expect}`. */
export interface ContractVerification {
  description?: string;
  run?: string;
  expect?: string;
}

/** A failure, normalized from a string or `{symptom, resolution}`. */
export interface ContractFailureMode {
  symptom: string;
  resolution?: string;
}

/** SPEC 2.6: the page's task contract with every list normalized (empty when absent). */
export interface AgentContract {
  task?: string;
  outcome?: string;
  appliesTo: { framework: string[]; version: string[]; package: string[] };
  prerequisites: string[];
  files: string[];
  commands: ContractCommand[];
  sideEffects: string[];
  verification: ContractVerification[];
  rollback: string[];
  failureModes: ContractFailureMode[];
  /** Output token target for `docs agent compact`. */
  tokenBudget?: number;
}

/** Frontmatter after validation (SPEC 2.6). Unknown keys stay in `extra`. */
export interface PageFrontmatter {
  title: string;
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

export type FolderIndexBehavior = "link" | "toggle" | "hidden";

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
  /** True when a sibling `agent.md` replaced the agent projection. */
  hasAgentFile: boolean;
  /** ISO 8601 date of the last change (frontmatter, else git), or undefined. */
  lastModified?: string;
  /** Search chunks: `human` for public search, `agent` for MCP and agent retrieval (SPEC 2.7, 2.14). */
  chunks: { human: SearchChunk[]; agent: SearchChunk[] };
}

/** SPEC 2.14: a chunked document as search providers receive it. */
export interface SearchChunk {
  /** `<path>` for the page's lead, `<path>#<heading-id>` for a section. */
  id: string;
  /** Page path (slug) the chunk belongs to. */
  path: string;
  /** Human URL, with the heading anchor for sections. */
  url: string;
  title: string;
  /** Heading text, null for the text before the first heading. */
  section: string | null;
  content: string;
  description?: string;
  type: "page" | "section";
}

export interface NavPage {
  type: "page";
  name: string;
  url: string;
  icon?: string;
  /** Route of the page this node stands for. */
  route: string;
}

export interface NavFolder {
  type: "folder";
  name: string;
  icon?: string;
  /** The folder's landing page when it has one and it is linked. */
  index?: NavPage;
  /** How the folder's landing page shows (SPEC 2.6 / 2.17). */
  behavior: FolderIndexBehavior;
  children: NavNode[];
  collapsible: boolean;
  defaultOpen: boolean;
  /** Folder path below the content dir. */
  slug: string;
}

export type NavNode = NavPage | NavFolder;

/** SPEC 2.17 SidebarTree. */
export interface NavTree {
  name: string;
  children: NavNode[];
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
  /** Links in the sidebar; decides whether pages carry the whole tree (see prune-nav.ts). */
  navLinkCount: number;
  /** Files the site ships itself (public/ and root agent files). */
  staticFiles: StaticFiles;
}
