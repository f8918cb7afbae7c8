/**
 * Links written for another docs tool that name a page another way than Quire would, mended where the whole site is
 * known (the emitters; a page is compiled alone, so it cannot know which pages exist):
 *
 * - a page's URL as VitePress serves it without clean URLs, `/guide/features.html#glob` or `./features.html`, names
 *   the page at `/guide/features` when there is one (and no file of that name);
 * - a bare relative file link, `api/store.md`, which Docusaurus reads from the page's folder and then from the content
 *   folder's root, names the page at `api/store.md` of the content folder when the page's folder has none;
 * - a root-absolute file link, `/guide/features.md`, which VitePress and Docusaurus read from the content folder's
 *   root, names that page when no file or page's Markdown is at that path;
 * - a `#fragment` no heading or id of the target page has, but which VitePress would give one of its headings
 *   (`#server-open` for `## server.open`, where Quire's id, as GitHub makes them, is `serveropen`), names that heading.
 *
 * The page's HTML and `.md` then link the page, and the link check checks the page (and its anchor) instead.
 */
import type { ResolvedConfig } from "../config/types.ts";
import { pageKeyOfTarget, slugOf } from "../content/page-files.ts";
import { pageRoutes } from "../model/routes.ts";
import type { Page, SiteModel } from "../model/types.ts";
import { escapeAttr } from "../render/html/escape.ts";
import type { TocEntry } from "../../runtime/contract/index.ts";
import type { PageLink } from "./page-links.ts";
import { vitePressSlug } from "./vitepress-slug.ts";
import { slug } from "github-slugger";

/** One link of a page, mended. */
export interface LinkRepair {
  /** The link as the page's HTML and the link check have it. */
  link: PageLink;
  /** The page's route, with the link's query and fragment. */
  href: string;
  /** Where the compiled `.md` links, and where it should: the page's `.md`, with the fragment. */
  markdownFrom: string;
  markdownTo: string;
}

const ORIGIN = "http://quire.invalid";

/** Characters an href keeps as written in the HTML (no escaping, no percent-encoding), the only ones mended. */
const PLAIN_URL = /^[A-Za-z0-9!#$'()*+,\-./:;=?@_~]+$/;

/** A page as a repair reads it. */
interface RepairPage {
  route: string;
  markdownRoute: string;
  /** Heading ids and other ids of its HTML (links/anchors.ts). */
  anchors?: readonly string[];
  /** Its headings with their text and id, to the TOC depth. */
  toc?: readonly TocEntry[];
  /** Its title, which other tools give an id as the page's `# heading`. */
  title?: string;
}

/** What a repair reads of the site: its pages' routes, `.md` routes and anchors, and its public files. */
export interface RepairTargets {
  /** Each page's `.md` route by its route. */
  markdownRoutes: ReadonlyMap<string, string>;
  /** Each page by its route. */
  pages: ReadonlyMap<string, RepairPage>;
  /** Every page's `.md` route. */
  markdownFiles: ReadonlySet<string>;
  /** Paths of `public/` files, relative to the site's root (`logo.svg`). */
  publicFiles: ReadonlySet<string>;
  config: Pick<ResolvedConfig, "docsPath" | "i18n">;
}

export function repairTargets(
  pages: readonly RepairPage[],
  publicFiles: Iterable<string>,
  config: Pick<ResolvedConfig, "docsPath" | "i18n">,
): RepairTargets {
  return {
    markdownRoutes: new Map(pages.map((p) => [p.route, p.markdownRoute])),
    pages: new Map(pages.map((p) => [p.route, p])),
    markdownFiles: new Set(pages.map((p) => p.markdownRoute)),
    publicFiles: new Set(publicFiles),
    config,
  };
}

/** The links of the page at `route` that are mended, each once. */
export function repairLinks(route: string, links: readonly PageLink[], targets: RepairTargets): LinkRepair[] {
  return links.flatMap((link) => {
    const repair = repairOf(link, route, targets);
    return repair ? [repair] : [];
  });
}

/** The links as the link check should see them: each mended one leading where it now leads. */
export function repairedLinks(links: readonly PageLink[], repairs: readonly LinkRepair[]): PageLink[] {
  if (repairs.length === 0) return [...links];
  const mended = new Map(repairs.map((repair) => [repair.link, repair.href]));
  return links.map((link) => (mended.has(link) ? { ...link, href: mended.get(link)! } : link));
}

/** What a site's repairs were worked out against, and each page's repairs (by page object). */
interface SiteRepairs {
  pages: readonly Page[];
  publicFiles: readonly string[];
  config: string;
  targets: RepairTargets;
  repairs: WeakMap<Page, readonly LinkRepair[]>;
}

const bySite = new WeakMap<SiteModel, SiteRepairs>();
/**
 * The last site's, for the next build of the process: a `docs dev` save that changes no page's route, title, headings
 * or anchors, nor the public files, mends every link as before. The unchanged pages are the same objects (the page
 * cache's records), so their repairs are not worked out again; at 5,000 pages that was ~35 ms a save.
 */
let lastSite: SiteRepairs | undefined;

/** The page's mended links, computed once per page and site (its HTML, `.md`, llms-full.txt and the link check ask). */
export function linkRepairsOf(page: Page, site: SiteModel, config: ResolvedConfig): readonly LinkRepair[] {
  let known = bySite.get(site);
  if (!known) {
    const publicFiles = [...site.staticFiles.public.keys()];
    const configKey = JSON.stringify([config.docsPath, config.i18n ?? null]);
    if (lastSite && sameTargets(lastSite, site.pages, publicFiles, configKey))
      known = { ...lastSite, pages: site.pages };
    else {
      const pages = site.pages.map((p) => ({ ...pick(p), title: p.frontmatter.title }));
      const targets = repairTargets(pages, publicFiles, config);
      known = { pages: site.pages, publicFiles, config: configKey, targets, repairs: new WeakMap() };
    }
    bySite.set(site, known);
    lastSite = known;
  }
  let repairs = known.repairs.get(page);
  if (!repairs) known.repairs.set(page, (repairs = repairLinks(page.route, page.links ?? [], known.targets)));
  return repairs;
}

/** Whether repairs made for `last` hold for these pages, public files and config. */
function sameTargets(last: SiteRepairs, pages: readonly Page[], publicFiles: string[], config: string): boolean {
  if (last.config !== config || !sameList(last.publicFiles, publicFiles) || last.pages.length !== pages.length)
    return false;
  return pages.every((page, i) => {
    const before = last.pages[i]!;
    return (
      page === before ||
      (page.route === before.route &&
        page.markdownRoute === before.markdownRoute &&
        page.frontmatter.title === before.frontmatter.title &&
        sameList(page.anchors, before.anchors) &&
        sameList(page.toc, before.toc, (a, b) => a.depth === b.depth && a.text === b.text && a.id === b.id))
    );
  });
}

function sameList<T>(
  a: readonly T[] | undefined,
  b: readonly T[] | undefined,
  same: (x: T, y: T) => boolean = (x, y) => x === y,
): boolean {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  return a.every((item, i) => same(item, b[i]!));
}

/** The page's HTML with each mended link's `href` replaced. */
export function withRepairedHtml(html: string, repairs: readonly LinkRepair[]): string {
  let out = html;
  for (const { link, href } of repairs)
    out = out.replaceAll(`href="${escapeAttr(link.href)}"`, () => `href="${escapeAttr(href)}"`);
  return out;
}

/** The page's agent Markdown with each mended link's destination replaced (inline links and definitions). */
export function withRepairedMarkdown(markdown: string, repairs: readonly LinkRepair[]): string {
  let out = markdown;
  for (const { markdownFrom, markdownTo } of repairs) {
    out = out.replaceAll(`](${markdownFrom})`, () => `](${markdownTo})`);
    out = out.replaceAll(`](${markdownFrom} `, () => `](${markdownTo} `);
    out = out.replaceAll(`]: ${markdownFrom}\n`, () => `]: ${markdownTo}\n`);
  }
  return out;
}

/** A stable text of the repairs, for what remembers a page's HTML or `.md` (cache/per-record.ts). */
export function repairsKey(repairs: readonly LinkRepair[]): string {
  return repairs.map((repair) => `${repair.link.href} ${repair.href}`).join("\n");
}

function repairOf(link: PageLink, route: string, targets: RepairTargets): LinkRepair | undefined {
  if (link.kind !== "link" || settled(link, route, targets) || !PLAIN_URL.test(link.href)) return undefined;
  let url: URL;
  try {
    url = new URL(link.href, `${ORIGIN}${route}`);
  } catch {
    return undefined;
  }
  if (url.origin !== ORIGIN) return undefined;
  const target = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, "") : url.pathname;
  const { markdownRoutes, markdownFiles, publicFiles } = targets;
  if (markdownFiles.has(target) || publicFiles.has(target.slice(1))) return undefined;
  const found = markdownRoutes.has(target)
    ? undefined
    : (servedAsHtml(target, targets) ?? fromContentRoot(link.written, targets));
  const page = targets.pages.get(found ?? target);
  const hash = page && headingOf(url.hash, page);
  if (!page || (found === undefined && hash === undefined)) return undefined;
  const fragment = hash ?? url.hash;
  return {
    link,
    href: `${found ?? linkPath(link.href)}${url.search}${fragment}`,
    // The compiled `.md` holds a link the compiler rewrote as the `.md` URL of its route, and any other as written.
    markdownFrom: link.href === link.written ? link.written : markdownOfHref(link.href),
    markdownTo: `${page.markdownRoute}${fragment}`,
  };
}

function pick({ route, markdownRoute, anchors, toc }: Page): RepairPage {
  return { route, markdownRoute, anchors, toc };
}

/** A Markdown file's name as written, before any query or fragment. */
const MARKDOWN_FILE = /^[^?#]*\.mdx?(?:[?#]|$)/;

/**
 * Whether a link plainly needs nothing, without parsing it as a URL (a large site's links are checked on every
 * build): no fragment, `.html` or Markdown file name, or a route of a page with the fragment among its anchors.
 */
function settled(link: PageLink, route: string, targets: RepairTargets): boolean {
  const { href } = link;
  const hash = href.indexOf("#");
  if (hash < 0) return !href.includes(".html") && !MARKDOWN_FILE.test(link.written);
  const path = href.slice(0, hash);
  if (path !== "" && (path[0] !== "/" || /[?%.]/.test(path))) return false;
  const anchors = targets.pages.get(path || route)?.anchors;
  return anchors?.includes(href.slice(hash + 1)) ?? false;
}

/** A link's path as written, relative ones included (`./x`, `#top` has none). */
function linkPath(href: string): string {
  return /^[^?#]*/.exec(href)![0];
}

/**
 * The `#id` of the page's heading that VitePress would give the `#fragment` (`hash`), when no heading or id of the
 * page has it, or `""` (the page's top) when it is the id other tools give the page's title; undefined when the page
 * has it, or no heading matches.
 */
function headingOf(hash: string, page: RepairPage): string | undefined {
  if (hash.length < 2 || !page.anchors || !page.toc) return undefined;
  let fragment = hash.slice(1);
  try {
    fragment = decodeURIComponent(fragment);
  } catch {
    return undefined;
  }
  if (page.anchors.includes(fragment)) return undefined;
  const heading = page.toc.find((entry) => vitePressSlug(entry.text) === fragment);
  if (heading) return `#${heading.id}`;
  const title = page.title;
  return title !== undefined && (fragment === vitePressSlug(title) || fragment === slug(title)) ? "" : undefined;
}

/** `/guide/features.html` or `/guide/index.html`: the route of the page at `/guide/features` or `/guide`. */
function servedAsHtml(target: string, targets: RepairTargets): string | undefined {
  if (!target.endsWith(".html")) return undefined;
  const stem = target.slice(0, -".html".length).replace(/\/index$/, "") || "/";
  return targets.markdownRoutes.has(stem) ? stem : undefined;
}

/** A file link read from the content folder's root: bare (`api/store.md`) or root-absolute (`/api/store.md`). */
function fromContentRoot(written: string, targets: RepairTargets): string | undefined {
  const file = /^[^?#]*/.exec(written)![0];
  if (!/\.mdx?$/.test(file) || /^(?:\.{1,2}\/|[a-z][a-z0-9+.-]*:)/i.test(file)) return undefined;
  let decoded: string;
  try {
    decoded = decodeURIComponent(file.replace(/^\/+/, ""));
  } catch {
    return undefined;
  }
  const key = pageKeyOfTarget(decoded);
  const route = key === undefined ? undefined : pageRoutes(targets.config, slugOf(key)).route;
  return route !== undefined && targets.markdownRoutes.has(route) ? route : undefined;
}

/** The `.md` URL the compiler wrote for a page link whose HTML href is `href` (its route and fragment; page-links.ts). */
function markdownOfHref(href: string): string {
  const match = /^([^?#]*)(?:\?[^#]*)?(#.*)?$/.exec(href)!;
  return `${match[1] === "/" ? "/index" : match[1]}.md${match[2] ?? ""}`;
}
