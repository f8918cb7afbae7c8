/**
 * Which family of artifacts a `dist/` file belongs to, for `docs diff` (issue 11). Routes and `_docs/` names come
 * from the wire contract; a file no rule claims (fingerprinted assets, OG cards, `public/` files) is an asset.
 */
import {
  docsRouteOf,
  docsSitemapRoute,
  RUNTIME_DIR,
  runtimeFile,
  SITEMAP_ROUTES,
  type PageEntry,
  type SiteSettings,
} from "../../runtime/contract/index.ts";
import type { ArtifactGroupId } from "./model.ts";

export const ARTIFACT_GROUPS: { id: ArtifactGroupId; label: string }[] = [
  { id: "human-pages", label: "Human pages" },
  { id: "agent-markdown", label: "Agent Markdown" },
  { id: "llms", label: "llms files" },
  { id: "sitemaps", label: "Sitemaps" },
  { id: "search", label: "Search index" },
  { id: "discovery", label: "Discovery files" },
  { id: "runtime-data", label: "Runtime data" },
  { id: "assets", label: "Assets" },
];

const SEARCH_FILES = new Set([runtimeFile("search-human.json"), runtimeFile("search-agent.json")]);

export interface GroupContext {
  /** dist-relative `.md` files of pages in either tree. */
  pageMarkdown: Set<string>;
  /** dist-relative Markdown sitemaps in either tree. */
  sitemaps: Set<string>;
}

export function groupContext(sites: SiteSettings[], pages: PageEntry[]): GroupContext {
  const sitemaps = new Set<string>([SITEMAP_ROUTES.markdown, SITEMAP_ROUTES.wellKnownMarkdown, SITEMAP_ROUTES.xml]);
  for (const site of sites) sitemaps.add(docsSitemapRoute(docsRouteOf(site.docsPath)));
  return {
    pageMarkdown: new Set(pages.map((page) => page.markdownRoute.slice(1))),
    sitemaps: new Set([...sitemaps].map((route) => route.slice(1))),
  };
}

export function artifactGroup(file: string, context: GroupContext): ArtifactGroupId {
  const name = file.slice(file.lastIndexOf("/") + 1);
  if (context.pageMarkdown.has(file)) return "agent-markdown";
  if (name.endsWith(".html")) return "human-pages";
  if (name === "llms.txt" || name === "llms-full.txt") return "llms";
  // Past 50,000 URLs sitemap.xml becomes an index of sitemap-<n>.xml files at the root.
  if (context.sitemaps.has(file) || /^sitemap-\d+\.xml$/.test(file)) return "sitemaps";
  if (SEARCH_FILES.has(file)) return "search";
  if (file.startsWith(`${RUNTIME_DIR}/`)) return "runtime-data";
  // Host configuration at the root (`_headers`, `_redirects`) goes with the runtime data.
  if (!file.includes("/") && name.startsWith("_")) return "runtime-data";
  if (file.startsWith(".well-known/") || file.startsWith("api/") || file.startsWith("schemas/")) return "discovery";
  if (!file.includes("/") && /\.(md|txt)$/.test(name)) return "discovery";
  return "assets";
}

/** The human route an HTML file serves: `docs/x/index.html` → `/docs/x`, `index.html` → `/`. */
export function htmlRoute(file: string): string {
  if (file === "index.html") return "/";
  return `/${file.endsWith("/index.html") ? file.slice(0, -"/index.html".length) : file.slice(0, -".html".length)}`;
}

/** The HTML file of a page route. */
export function htmlFileOf(route: string): string {
  return route === "/" ? "index.html" : `${route.slice(1)}/index.html`;
}
