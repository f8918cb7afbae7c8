/** sitemap.xml (sitemaps.org 0.9) and the Markdown sitemap for agents (SPEC 4.2). Route metadata only, never bodies. */
import { docsSitemapRoute, SITEMAP_ROUTES } from "../../runtime/contract/index.ts";
import { absoluteUrl, canonicalPages } from "../model/routes.ts";
import type { NavNode, Page } from "../model/types.ts";
import type { EmitContext } from "./context.ts";
import { localeSitemapSections, sitemapAlternates } from "../i18n/locale-sitemap.ts";

/** sitemaps.org: one sitemap file holds at most 50,000 URLs; past that, an index points at numbered files. */
export const SITEMAP_URL_LIMIT = 50_000;

const XMLNS = "http://www.sitemaps.org/schemas/sitemap/0.9";

interface SitemapEntry {
  loc: string;
  lastmod?: string;
  /** Issue 14: the page's translations, as `xhtml:link` alternates (Google's hreflang-in-sitemap form). */
  alternates?: { hreflang: string; href: string }[];
}

const XHTML = "http://www.w3.org/1999/xhtml";

export function emitSitemaps(context: EmitContext, urlLimit = SITEMAP_URL_LIMIT): void {
  if (!context.config.surfaces.sitemap.enabled) return;
  emitXmlSitemap(context, urlLimit);
  emitMarkdownSitemap(context);
}

function emitXmlSitemap({ site, config, files, messages }: EmitContext, urlLimit: number): void {
  if (!config.baseUrl) {
    messages.push({
      severity: "warning",
      rule: "sitemap/no-base-url",
      file: config.configFile,
      reason: "sitemap.xml needs absolute URLs: set sitemap.baseUrl",
      hint: `sitemap: { baseUrl: "https://docs.example.com" } (until then its locs are root-relative)`,
    });
  }
  // Issue 14: fallback copies are not pages of their own to a search engine; their originals are listed.
  const entries = canonicalPages(site)
    .filter((page) => !page.fallbackOf)
    .sort(byRoute)
    .map((page): SitemapEntry => {
      const lastmod = page.lastModified === undefined ? undefined : w3cDatetime(page.lastModified);
      if (page.lastModified !== undefined && lastmod === undefined) {
        messages.push({
          severity: "warning",
          rule: "sitemap/bad-date",
          file: page.sourcePath,
          reason: `last-modified date "${page.lastModified}" is not a date; sitemap.xml leaves out its lastmod`,
        });
      }
      const alternates = sitemapAlternates(page, site, config);
      return { loc: absoluteUrl(config.baseUrl, encodeURI(page.route)), lastmod, ...(alternates && { alternates }) };
    });
  if (entries.length <= urlLimit) {
    files.set(SITEMAP_ROUTES.xml.slice(1), urlset(entries));
    return;
  }
  const parts: SitemapEntry[] = [];
  for (let start = 0, n = 1; start < entries.length; start += urlLimit, n++) {
    const chunk = entries.slice(start, start + urlLimit);
    files.set(`sitemap-${n}.xml`, urlset(chunk));
    parts.push({ loc: absoluteUrl(config.baseUrl, `/sitemap-${n}.xml`), lastmod: latest(chunk) });
  }
  files.set(
    SITEMAP_ROUTES.xml.slice(1),
    xmlDocument(
      "sitemapindex",
      parts.map((part) => element("sitemap", part)),
    ),
  );
}

function byRoute(a: Page, b: Page): number {
  return a.route < b.route ? -1 : a.route > b.route ? 1 : 0;
}

function urlset(entries: SitemapEntry[]): string {
  return xmlDocument(
    "urlset",
    entries.map((entry) => element("url", entry)),
  );
}

function xmlDocument(root: "urlset" | "sitemapindex", children: string[]): string {
  const xhtml = children.some((child) => child.includes("<xhtml:link")) ? ` xmlns:xhtml="${XHTML}"` : "";
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<${root} xmlns="${XMLNS}"${xhtml}>`,
    ...children,
    `</${root}>`,
    "",
  ].join("\n");
}

function element(name: "url" | "sitemap", entry: SitemapEntry): string {
  const lastmod = entry.lastmod ? `<lastmod>${escapeXml(entry.lastmod)}</lastmod>` : "";
  const links = (entry.alternates ?? [])
    .map((alt) => `<xhtml:link rel="alternate" hreflang="${escapeXml(alt.hreflang)}" href="${escapeXml(alt.href)}"/>`)
    .join("");
  return `  <${name}><loc>${escapeXml(entry.loc)}</loc>${lastmod}${links}</${name}>`;
}

/** The newest lastmod of a chunk, for its index entry. */
function latest(entries: SitemapEntry[]): string | undefined {
  let best: SitemapEntry | undefined;
  for (const entry of entries) {
    if (entry.lastmod && (!best || Date.parse(entry.lastmod) > Date.parse(best.lastmod!))) best = entry;
  }
  return best?.lastmod;
}

const W3C_DATETIME = /^\d{4}(-\d{2}(-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?)?)?$/;

/** W3C Datetime as sitemaps.org requires: valid forms pass as written, other parseable dates become UTC ISO. */
function w3cDatetime(value: string): string | undefined {
  if (W3C_DATETIME.test(value)) return value;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

function escapeXml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** `sitemap.md` at the root, under the docs path and in `.well-known/`: the nav tree, then pages outside it. */
function emitMarkdownSitemap({ site, config, files, messages }: EmitContext): void {
  const pages = canonicalPages(site).filter((page) => !page.fallbackOf);
  const byRouteMap = new Map(pages.map((page) => [page.route, page]));
  const listed = new Set<string>();
  const lines = [`# ${config.title} sitemap`, ""];
  const walk = (nodes: NavNode[], depth: number): void => {
    const indent = "  ".repeat(depth);
    for (const node of nodes) {
      if (node.type === "page") {
        const page = byRouteMap.get(node.route);
        if (page) {
          lines.push(indent + pageItem(page));
          listed.add(page.route);
        }
        continue;
      }
      const index = node.index && byRouteMap.get(node.index.route);
      if (index) {
        lines.push(indent + pageItem(index));
        listed.add(index.route);
      } else lines.push(`${indent}- ${escapeMarkdown(node.name)}`);
      walk(node.children, depth + 1);
    }
  };
  walk(site.nav.children, 0);
  for (const section of localeSitemapSections(site, config)) {
    lines.push("", `## ${escapeMarkdown(section.heading)}`, "");
    walk(section.nav, 0);
  }
  const others = pages.filter((page) => !listed.has(page.route)).sort(byRoute);
  if (others.length > 0) lines.push("", "## Other pages", "", ...others.map(pageItem));
  const markdown = lines.join("\n") + "\n";

  const ownedByPages = new Set(site.pages.map((page) => page.markdownRoute.slice(1)));
  const targets = [
    ...new Set([SITEMAP_ROUTES.markdown, docsSitemapRoute(config.docsRoute), SITEMAP_ROUTES.wellKnownMarkdown]),
  ].map((r) => r.slice(1));
  for (const target of targets) {
    if (ownedByPages.has(target)) {
      const owner = site.pages.find((page) => page.markdownRoute === `/${target}`)!;
      messages.push({
        severity: "warning",
        rule: "sitemap/route-conflict",
        file: owner.sourcePath,
        reason: `this page's Markdown route /${target} is also a Markdown sitemap route; the page keeps it`,
      });
      continue;
    }
    files.set(target, markdown);
  }
}

function pageItem(page: Page): string {
  const description = page.frontmatter.description?.replace(/\s+/g, " ").trim();
  const link = `- [${escapeMarkdown(page.frontmatter.title)}](${encodeURI(page.markdownRoute)})`;
  return description ? `${link}: ${description}` : link;
}

/** Titles are plain text; brackets and backslashes would end or break the link text. */
function escapeMarkdown(text: string): string {
  return text.replace(/[\\[\]]/g, "\\$&");
}
