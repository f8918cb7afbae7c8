/** The user-facing config (SPEC 2.1) and the resolved form every other module reads. */
import type { FolderIndexBehavior, McpToolKey } from "../../runtime/contract/index.ts";

export interface ColorsConfig {
  primary?: string; primaryForeground?: string; background?: string; foreground?: string;
  muted?: string; mutedForeground?: string; border?: string; card?: string; cardForeground?: string;
  accent?: string; accentForeground?: string; secondary?: string; secondaryForeground?: string;
  popover?: string; popoverForeground?: string; ring?: string;
}

export interface FontStyle { size?: string; weight?: string | number; lineHeight?: string; letterSpacing?: string }

export interface UIConfig {
  colors?: ColorsConfig;
  typography?: { font?: { style?: { sans?: string; mono?: string }; h1?: FontStyle; h2?: FontStyle; h3?: FontStyle; body?: FontStyle; small?: FontStyle } };
  radius?: string;
  layout?: {
    contentWidth?: number; sidebarWidth?: number; tocWidth?: number;
    header?: { height?: number; sticky?: boolean };
    toc?: { enabled?: boolean; depth?: number };
  };
  codeBlock?: { showLineNumbers?: boolean; showCopyButton?: boolean; theme?: string; darkTheme?: string };
  sidebar?: { style?: "default" | "bordered" | "floating"; background?: string; borderColor?: string };
  card?: Record<string, unknown>;
}

export interface DocsTheme { name?: string; ui?: UIConfig }

export interface GithubConfig { url: string; branch?: string; directory?: string }

export interface OrderingItem { slug: string; children?: OrderingItem[] }

export interface ReadingTimeConfig { enabled?: boolean; wordsPerMinute?: number; format?: "long" | "short"; includeCode?: boolean }

export interface LastUpdatedConfig { enabled?: boolean; label?: string; position?: "footer" | "below-title" }

export interface SidebarConfig {
  enabled?: boolean; component?: unknown; footer?: unknown; banner?: unknown; collapsible?: boolean; flat?: boolean;
  folderIndexBehavior?: FolderIndexBehavior; folderIndexBehaviorOverrides?: Record<string, FolderIndexBehavior>;
}

/** SPEC 2.1: the object passed to `defineDocs`. Sections owned by later features stay loosely typed. */
export interface DocsConfig {
  entry: string;
  docsPath?: string;
  contentDir?: string;
  staticExport?: boolean;
  theme?: DocsTheme;
  github?: string | GithubConfig;
  nav?: { title?: unknown; url?: string };
  themeToggle?: boolean | { enabled?: boolean; default?: "light" | "dark" | "system"; mode?: "light-dark" | "light-dark-system" };
  breadcrumb?: boolean | { enabled?: boolean; component?: unknown };
  sidebar?: boolean | SidebarConfig;
  icons?: Record<string, unknown>;
  components?: Record<string, unknown>;
  analytics?: boolean | Record<string, unknown>;
  telemetry?: boolean | Record<string, unknown>;
  observability?: boolean | Record<string, unknown>;
  onCopyClick?: (data: { title?: string; content: string; url: string; language?: string }) => void;
  feedback?: boolean | Record<string, unknown>;
  agent?: Record<string, unknown>;
  review?: boolean | Record<string, unknown>;
  readingTime?: boolean | ReadingTimeConfig;
  pageActions?: Record<string, unknown>;
  ai?: Record<string, unknown>;
  search?: boolean | Record<string, unknown>;
  mcp?: boolean | Record<string, unknown>;
  apiReference?: boolean | Record<string, unknown>;
  sitemap?: boolean | { enabled?: boolean; baseUrl?: string };
  robots?: boolean | Record<string, unknown>;
  llmsTxt?: Record<string, unknown>;
  changelog?: boolean | Record<string, unknown>;
  ordering?: "alphabetical" | "numeric" | OrderingItem[];
  lastUpdated?: boolean | LastUpdatedConfig;
  metadata?: { titleTemplate?: string; description?: string; twitterCard?: "summary" | "summary_large_image" };
  og?: { enabled?: boolean; type?: "static" | "dynamic"; endpoint?: string; defaultImage?: string };
  i18n?: unknown;
  codeBlocks?: unknown;
}

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
    layout: { contentWidth: number; sidebarWidth: number; tocWidth: number; headerHeight: number; headerSticky: boolean; tocEnabled: boolean; tocDepth: number };
    codeBlock: { showLineNumbers: boolean; showCopyButton: boolean; theme: string; darkTheme: string };
    sidebarStyle: "default" | "bordered" | "floating";
  };
  /** Edit links need both `url` and `directory` (SPEC 2.17). */
  github: { url: string; branch: string; directory?: string } | null;
  themeToggle: { enabled: boolean; default: "light" | "dark" | "system"; mode: "light-dark" | "light-dark-system" };
  breadcrumb: { enabled: boolean };
  sidebar: {
    enabled: boolean; collapsible: boolean; flat: boolean;
    folderIndexBehavior: FolderIndexBehavior;
    folderIndexBehaviorOverrides: Record<string, FolderIndexBehavior>;
  };
  icons: Record<string, unknown>;
  components: Record<string, unknown>;
  readingTime: { enabled: boolean; wordsPerMinute: number; format: "long" | "short"; includeCode: boolean };
  lastUpdated: { enabled: boolean; label: string; position: "footer" | "below-title" };
  ordering: "alphabetical" | "numeric" | OrderingItem[];
  metadata: { titleTemplate: string; description?: string; twitterCard: "summary" | "summary_large_image" };
  /** Agent-facing surfaces, resolved here so emitters and the runtime never re-derive defaults. */
  surfaces: AgentSurfaces;
  /** The evaluated config as written, for the config map and diagnostics only (never serialized unredacted). */
  raw: DocsConfig;
}


export interface RobotsRule { userAgent: string[]; allow: string[]; disallow: string[]; crawlDelay?: number }

export interface LlmsSection { title: string; description?: string; match: string[]; maxChars?: number }

export interface AgentSurfaces {
  sitemap: { enabled: boolean };
  robots: { enabled: boolean; path: string; baseUrl: string | null; ai: "allow" | "disallow"; aiUserAgents: string[]; extraRules: RobotsRule[] };
  llmsTxt: {
    enabled: boolean; siteTitle: string; siteDescription?: string;
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
  apiReference: { enabled: boolean; path: string };
  og: { enabled: boolean; type: "static" | "dynamic"; endpoint?: string; defaultImage?: string };
  ai: { enabled: boolean };
}

