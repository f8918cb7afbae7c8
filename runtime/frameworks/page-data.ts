/**
 * SPEC 4.7 `load`: the docs page at a pathname as data a framework page renders in its own layout — the page entry
 * (title, description, headings for a table of contents, routes, agent contract), the rendered content HTML the build
 * wrote (between `PAGE_CONTENT_OPEN` and `PAGE_CONTENT_CLOSE` of `<route>/index.html`), the stylesheets that content
 * is styled by, and the sidebar tree (with a locale: the pages of that locale and those without one). A hidden folder
 * parent gives the build's redirect to its first visible child instead (SPEC 2.6), as the runtime answers it.
 */
import {
  PAGE_CONTENT_CLOSE,
  PAGE_CONTENT_OPEN,
  pageHtmlFile,
  type NavNode,
  type NavTree,
  type PageEntry,
  type RedirectEntry,
} from "../contract/index.ts";
import { localeMatches } from "../search/providers/simple.ts";
import type { SiteData } from "../site-data.ts";

export interface DocsPageData {
  page: PageEntry;
  /** The page's rendered content, without the site chrome (header, sidebar, table of contents). */
  html: string;
  /** Stylesheet URLs of the built page, in order (served by the docs handler in directory mode). */
  stylesheets: string[];
  /** The sidebar. */
  tree: NavTree;
  site: { title: string; docsPath: string };
  /** Quire's scripts for this page (search, Ask AI, copy buttons); quire/next's `RootProvider` renders them. */
  client: DocsClient;
}

/**
 * Issue 18: Quire's client on a framework page, as the built page's head loads it. A layout renders each `settings`
 * entry as `<script type="application/json" id={id}>` (its text is already safe inside a script element) and each of
 * `scripts` as a deferred script; a `[data-q-search]` element then opens the search dialog, and Ctrl/⌘-K works.
 */
export interface DocsClient {
  /** Deferred script URLs of the built page, in order (`/_quire/quire.<hash>.js`, Ask AI's when it is on). */
  scripts: string[];
  /** JSON those scripts read, by element id (`q-search-config`, `q-ask-ai-config`). */
  settings: Record<string, string>;
}

/** Where the framework should send the reader instead (`redirect(status, location)` in SvelteKit and TanStack). */
export interface DocsRedirect {
  redirect: { location: string; status: RedirectEntry["status"] };
}

export async function loadPageData(
  site: SiteData,
  pathname: string,
  locale?: string,
): Promise<DocsPageData | DocsRedirect | null> {
  const route = `/${decodeSafely(pathname).replace(/^\/+|\/+$/g, "")}`;
  const rule = (await site.readJson("redirects.json"))?.find((entry) => entry.from === route);
  if (rule) return { redirect: { location: rule.to, status: rule.status } };
  const page = site.pages.find((entry) => entry.route === route);
  if (!page || page.hidden) return null;
  if (locale && !localeMatches(page.locale, locale)) return null;
  const built = await site.store.readText(pageHtmlFile(page.route));
  if (built === null) throw new Error(`the build has no ${pageHtmlFile(page.route)} for ${page.route}`);
  return {
    page,
    html: contentOf(built, page.route),
    stylesheets: stylesheetsOf(built),
    tree: locale ? { ...site.nav, children: withLocale(site.nav.children, site, locale) } : site.nav,
    site: { title: site.settings.title, docsPath: site.settings.docsPath },
    client: clientOf(built),
  };
}

/** The client of the site's pages (`locale`: of that locale's pages), for a layout that has no page at hand. */
export async function loadSiteClient(site: SiteData, locale?: string): Promise<DocsClient> {
  const page = site.pages.find((entry) => !entry.hidden && (!locale || localeMatches(entry.locale, locale)));
  const built = page && (await site.store.readText(pageHtmlFile(page.route)));
  return built ? clientOf(built) : { scripts: [], settings: {} };
}

export function clientOf(html: string): DocsClient {
  const head = html.slice(0, html.indexOf("</head>"));
  const scripts = [...head.matchAll(/<script defer src="([^"]+)"><\/script>/g)].map((match) => match[1]);
  const settings: Record<string, string> = {};
  for (const match of head.matchAll(/<script type="application\/json" id="(q-[a-z-]+)">([^<]*)<\/script>/g))
    settings[match[1]] = match[2];
  return { scripts, settings };
}

function decodeSafely(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/** The content between the markers; the last close before `</main>`, since content may hold its own `<article>`s. */
function contentOf(html: string, route: string): string {
  const start = html.indexOf(PAGE_CONTENT_OPEN);
  const mainEnd = html.lastIndexOf("</main>");
  const end = html.lastIndexOf(PAGE_CONTENT_CLOSE, mainEnd < 0 ? undefined : mainEnd);
  if (start < 0 || end < start) throw new Error(`the built page for ${route} has no ${PAGE_CONTENT_OPEN} element`);
  return html.slice(start + PAGE_CONTENT_OPEN.length, end);
}

function stylesheetsOf(html: string): string[] {
  const head = html.slice(0, html.indexOf("</head>"));
  return [...head.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((match) => match[1]);
}

function withLocale(nodes: NavNode[], site: SiteData, locale: string): NavNode[] {
  const localeOf = (route: string) => site.pages.find((page) => page.route === route)?.locale ?? null;
  const kept: NavNode[] = [];
  for (const node of nodes) {
    if (node.type === "page") {
      if (localeMatches(localeOf(node.route), locale)) kept.push(node);
      continue;
    }
    const children = withLocale(node.children, site, locale);
    if (children.length > 0) kept.push({ ...node, children });
  }
  return kept;
}
