/** The data one human HTML page is rendered from; built by `buildPageView`, consumed by the layout. */
import type { NavNode, TocEntry } from "../../model/types.ts";
import type { ResolvedConfig } from "../../config/types.ts";
import type { SiteIcons } from "./site-icons.ts";
import type { PageLocaleView } from "../../i18n/locale-view.ts";

export interface LinkRef {
  title: string;
  url: string;
}

export interface Crumb {
  name: string;
  /** Absent for folders without a linked landing page. */
  url?: string;
}

/** Static files the pages link to, with content-hashed public URLs. */
export interface AssetUrls {
  /** The stylesheet, e.g. `/_quire/quire.3f2a1c9e.css`. */
  css: string;
  /** The deferred client script (copy buttons, sidebar toggles, theme toggle clicks). */
  js: string;
  /** Ask AI's stylesheet and script, only when `ai.enabled` (SPEC 2.18). */
  askAi?: { css: string; js: string };
  /** The search dialog's stylesheet and script, loaded on first open; only when search is on (issue 12). */
  search?: { css: string; js: string };
  /** Page actions, feedback and the page's reports to the runtime; only when the site uses them (issue 13). */
  pageActions?: { css: string; js: string };
}

export interface PageView {
  config: ResolvedConfig;
  assets: AssetUrls;
  /** Content of `<title>` after `metadata.titleTemplate`. */
  documentTitle: string;
  /** The page's H1. */
  title: string;
  description?: string;
  /** Absolute when a base URL is configured, else the route. */
  canonicalUrl: string;
  route: string;
  /** Where the agent Markdown of this page lives (advertised with rel=alternate). */
  markdownRoute: string;
  /** Rendered article body (trusted HTML). */
  contentHtml: string;
  toc: TocEntry[];
  /** Sidebar tree; `activeRoute` marks the current page. */
  nav: NavNode[];
  activeRoute: string;
  breadcrumbs: Crumb[];
  prev?: LinkRef;
  next?: LinkRef;
  /** Present when a date is known and `lastUpdated.enabled`. */
  lastUpdated?: { iso: string; display: string; label: string; position: "footer" | "below-title" };
  /** e.g. `3 min read` or `3 min`. */
  readingTimeLabel?: string;
  editUrl?: string;
  /** `public/favicon.*` and `public/logo.*` when the site ships them (site-icons.ts). */
  icons?: SiteIcons;
  /** The 404 page (emit/not-found.ts): `noindex`, no canonical URL, no Markdown alternate. */
  notFound?: boolean;
  /** Issue 14: the page's language, alternates, switcher and fallback notice; absent on a site without `i18n`. */
  locale?: PageLocaleView;
  /** Extra `<head>` markup (JSON-LD, Open Graph) owned by other emitters; trusted. */
  headExtra?: string;
}
