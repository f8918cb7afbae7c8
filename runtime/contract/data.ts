/**
 * Types of the data the compiler writes under `_docs/` and the runtime reads (see files.ts for the names).
 * The compiler's site model reuses them, so a field added here is written and read with one meaning.
 */
import type { McpToolKey } from "./mcp-tools.ts";
import type { SiteLocales } from "./locales.ts";
import type { BUILD_MANIFEST_FORMAT, CHANGES_LOG_FORMAT, SITE_SETTINGS_FORMAT } from "./formats.ts";

/** `_docs/site.json`: what the runtime needs of the resolved config. */
export interface SiteSettings {
  format: typeof SITE_SETTINGS_FORMAT;
  title: string;
  description: string | null;
  entry: string;
  /** Public prefix without slashes; "" serves docs from `/`. */
  docsPath: string;
  baseUrl: string | null;
  staticExport: boolean;
  mcp: { enabled: boolean; route: string; name: string; version: string; tools: Record<McpToolKey, boolean> };
  /** `available` is false when the build has no server routes (staticExport) even though search is enabled. */
  search: { enabled: boolean; available: boolean; provider: string; maxResults: number; chunking: "page" | "section" };
  feedback: { agent: { enabled: boolean; route: string; schemaRoute: string } };
  contentChanges: boolean;
  apiReference: { enabled: boolean; path: string };
  locales: string[];
  /** Issue 14: the configured locales (codes, labels, `lang`, `dir`); absent on a site without `i18n`. */
  i18n?: SiteLocales;
  /**
   * SPEC 2.18: whether this build serves Ask AI (`ai.enabled`, never under staticExport) and the package name the
   * build inferred for the system prompt. Model, base URL and key are read by the runtime, never compiled.
   */
  ai: { enabled: boolean; packageName: string | null };
  /**
   * SPEC 4.6: the route of the dynamic Open Graph endpoint (`og.type: "dynamic"` with a same-origin `endpoint`), which
   * the runtime serves from `_docs/og-card.json`; null when the build has none.
   */
  og: { endpoint: string | null };
}

/** `_docs/og-card.json`: what a dynamic card shows besides the request's title and description, and its fonts. */
export interface OgCardData {
  siteTitle: string;
  /** The card's brand color (the theme's primary, when it is a color satori can draw). */
  accent: string;
  /** Shown at the bottom of the card: the base URL's host, or the site title without one. */
  location: string;
  /** runtime/og/fonts.ts's files, base64, so every store (text-only, preloaded) can hand them over. */
  fonts: { name: string; weight: number; woffBase64: string }[];
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

/** One entry of a page's table of contents (human projection only). */
export interface TocEntry {
  /** Heading depth: 2 for `##`, 3 for `###`. */
  depth: number;
  /** Plain text of the heading. */
  text: string;
  /** The `id` attribute the heading carries in HTML. */
  id: string;
}

/** `_docs/pages.json`: one entry per page, in build order. */
export interface PageEntry {
  /** Page path (slug): "" for the root page, `guides/install` otherwise. */
  path: string;
  route: string;
  markdownRoute: string;
  title: string;
  description: string | null;
  related: string[];
  tags: string[];
  framework: string | null;
  version: string | null;
  locale: string | null;
  /** Issue 14: on a fallback page (a locale without this translation), the route of the original it shows. */
  fallbackOf?: string;
  hidden: boolean;
  hasAgentFile: boolean;
  contract: AgentContract | null;
  lastModified: string | null;
  headings: TocEntry[];
}

/** SPEC 2.14: a chunked document as search providers receive it (`_docs/search-human.json`, `search-agent.json`). */
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

export type FolderIndexBehavior = "link" | "toggle" | "hidden";

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

/** SPEC 2.17 SidebarTree (`_docs/nav.json`). */
export interface NavTree {
  name: string;
  children: NavNode[];
}

/** `_docs/redirects.json`: hidden folder landing pages → their first visible child. */
export interface RedirectEntry {
  from: string;
  to: string;
  status: 301 | 302 | 307 | 308;
}

/** `_docs/changes.json`, behind the `docs-content-changes.v1` feed (SPEC 2.4). */
export interface ChangesLog {
  format: typeof CHANGES_LOG_FORMAT;
  generation: number;
  /** Document path → content hash of its agent Markdown. */
  documents: Record<string, string>;
  /** Earlier generations, newest first. */
  history: { generation: number; documents: Record<string, string> }[];
}

/** `_docs/build-manifest.json`: content digest of every output file (the runtime's strong ETags). */
export interface BuildManifest {
  format: typeof BUILD_MANIFEST_FORMAT;
  files: Record<string, string>;
}
