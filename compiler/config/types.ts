/** The user-facing config (SPEC 2.1), declared by its schema, and the resolved form every other module reads. */
import type { FolderIndexBehavior, McpToolKey, SiteLocales } from "../../runtime/contract/index.ts";
import type { ColorsConfig, DocsConfig, OrderingItem } from "../../runtime/contract/config-schema.ts";
import type { Typography } from "../theme/typography-css.ts";
import type { PageUiConfig } from "./resolve-page-ui.ts";

export type { ColorsConfig, DocsConfig, OrderingItem };

/** The config with every default applied once. No other module reads the raw config. */
export interface ResolvedConfig {
  /** Absolute site root (the folder holding the config file). */
  root: string;
  /** Config file relative to the root, for messages. */
  configFile: string;
  entry: string;
  /** Public prefix without slashes: `docs`, or `""` to serve from `/`. */
  docsPath: string;
  /** Public route of the docs root: `/docs`, or `/` when `docsPath` is empty. */
  docsRoute: string;
  /** Absolute folder holding the pages. */
  contentDir: string;
  staticExport: boolean;
  /** Site title: `nav.title` when it is a string, else `Docs`. */
  title: string;
  /** Where the header title links. */
  navUrl: string;
  /** Absolute site origin + base for canonical URLs, without trailing slash; null means relative URLs. */
  baseUrl: string | null;
  theme: {
    name: string;
    colors: ColorsConfig;
    darkColors: ColorsConfig;
    radius?: string;
    fonts: { sans?: string; mono?: string };
    layout: {
      contentWidth: number;
      sidebarWidth: number;
      tocWidth: number;
      headerHeight: number;
      headerSticky: boolean;
      tocEnabled: boolean;
      tocDepth: number;
    };
    codeBlock: { showLineNumbers: boolean; showCopyButton: boolean; theme: string; darkTheme: string };
    sidebarStyle: "default" | "bordered" | "floating";
    /** SPEC 2.17 SidebarStyleConfig colours, as written. */
    sidebarColors: { background?: string; borderColor?: string };
    /** SPEC 2.17 typography keys a theme set (compiler/theme/typography-css.ts). */
    typography: Typography;
  };
  /** Edit links need both `url` and `directory` (SPEC 2.17). */
  github: { url: string; branch: string; directory?: string } | null;
  themeToggle: { enabled: boolean; default: "light" | "dark" | "system"; mode: "light-dark" | "light-dark-system" };
  breadcrumb: { enabled: boolean };
  sidebar: {
    enabled: boolean;
    collapsible: boolean;
    flat: boolean;
    folderIndexBehavior: FolderIndexBehavior;
    folderIndexBehaviorOverrides: Record<string, FolderIndexBehavior>;
    /** SPEC 2.1: Markdown string or preact element above the links (compiler/render/html/sidebar-slots.ts). */
    banner?: unknown;
    /** SPEC 2.1: Markdown string or preact element below the links. */
    footer?: unknown;
  };
  icons: Record<string, unknown>;
  components: Record<string, unknown>;
  readingTime: { enabled: boolean; wordsPerMinute: number; format: "long" | "short"; includeCode: boolean };
  lastUpdated: { enabled: boolean; label: string; position: "footer" | "below-title" };
  ordering: "alphabetical" | "numeric" | OrderingItem[];
  metadata: { titleTemplate: string; description?: string; twitterCard: "summary" | "summary_large_image" };
  /** Locales (issue 14), or null for a site in one language. */
  i18n: SiteLocales | null;
  /** Agent-facing surfaces, resolved here so emitters and the runtime never re-derive defaults. */
  surfaces: AgentSurfaces;
  /** Issue 13: page actions (SPEC 2.19) and the human feedback widget (SPEC 2.8). */
  pageUi: PageUiConfig;
  /** The evaluated config as written, for the config map and diagnostics only (never serialized unredacted). */
  raw: DocsConfig;
}

export interface RobotsRule {
  userAgent: string[];
  allow: string[];
  disallow: string[];
  crawlDelay?: number;
}

export interface LlmsSection {
  title: string;
  description?: string;
  match: string[];
  maxChars?: number;
}

export interface AgentSurfaces {
  sitemap: { enabled: boolean };
  robots: {
    enabled: boolean;
    path: string;
    baseUrl: string | null;
    ai: "allow" | "disallow";
    aiUserAgents: string[];
    extraRules: RobotsRule[];
  };
  llmsTxt: {
    enabled: boolean;
    siteTitle: string;
    siteDescription?: string;
    maxChars: { mode: "warn" | "error" | "off"; chars: number };
    sections: LlmsSection[];
    /** False removes /.well-known/api-catalog. */
    apiCatalog: boolean;
  };
  mcp: { enabled: boolean; route: string; name: string; version: string; tools: Record<McpToolKey, boolean> };
  search: { enabled: boolean; provider: string; maxResults: number; chunking: "page" | "section" };
  feedback: { agent: { enabled: boolean; route: string; schemaRoute: string; schema?: Record<string, unknown> } };
  /** SPEC 2.11: always false under staticExport. */
  contentChanges: boolean;
  /** SPEC 2.15: `specUrl` is the contract (project file or URL); without it nothing is generated yet (no route scanning). */
  /** `overlays`: Overlay 1.0/1.1 files, URLs or objects, applied in order (compiler/api-reference/overlays.ts). */
  /** `versions` and `defaultVersion` as written; compiler/api-reference/versions.ts checks and normalizes them. */
  apiReference: {
    enabled: boolean;
    path: string;
    specUrl?: string;
    overlays: unknown[];
    versions?: unknown[];
    defaultVersion?: string;
    /** Route scanning without `specUrl` (compiler/api-reference/scan-routes.ts). */
    routeRoot: string;
    exclude: string[];
  };
  /** SPEC 2.16: `contentDir` is relative to the docs content folder. */
  changelog: {
    enabled: boolean;
    path: string;
    contentDir: string;
    title: string;
    description?: string;
    search: boolean;
  };
  og: { enabled: boolean; type: "static" | "dynamic"; endpoint?: string; defaultImage?: string };
  ai: AskAiSurface;
}

/** SPEC 2.18: what the build needs of `ai` — the page UI's settings and the inferred package name; never the key. */
export interface AskAiSurface {
  enabled: boolean;
  mode: "search" | "floating";
  position: "bottom-right" | "bottom-left" | "bottom-center";
  floatingStyle: "panel" | "modal" | "popover" | "full-modal";
  aiLabel: string;
  suggestedQuestions: string[];
  loader: string;
  feedback: boolean;
  packageName: string | null;
}
