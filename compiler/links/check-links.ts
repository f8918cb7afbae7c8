/**
 * Build-time link checking (issue 10 "Links"): every internal link and image of every page must land on a page, a
 * page's `.md`, a file of the build or a runtime route, and a `#fragment` on a heading or id of the target page.
 * A pure function over the pages' collected links, so `docs review` runs the same check as `docs build`.
 */
import { DEFAULT_MCP_ROUTE, DOCS_API_ROUTE, MCP_ALIAS_ROUTES } from "../../runtime/contract/index.ts";
import { closestName, type BuildMessage } from "../diagnostics.ts";
import type { PageLink } from "./page-links.ts";

export interface LinkedPage {
  sourcePath: string;
  route: string;
  markdownRoute: string;
  /** Heading ids and other `id`s of the page's HTML. */
  anchors: readonly string[];
  links: readonly PageLink[];
}

export interface LinkTargets {
  pages: readonly LinkedPage[];
  /** Paths of the build's files, relative to `dist/` (`llms.txt`, `docs/guide/index.html`, `logo.svg`). */
  files: Iterable<string>;
  /** The docs route (`/docs`), for the hint on a link written from the content folder's root, as VitePress does. */
  docsRoute?: string;
}

const ORIGIN = "http://quire.invalid";
const RUNTIME_PREFIXES = [DOCS_API_ROUTE, DEFAULT_MCP_ROUTE, ...MCP_ALIAS_ROUTES];

/** One `links/broken` or `links/missing-anchor` warning per bad link, positioned at the link. */
export function checkLinks(site: LinkTargets): BuildMessage[] {
  const byRoute = new Map(site.pages.map((page) => [page.route, page]));
  const byMarkdown = new Map(site.pages.map((page) => [page.markdownRoute, page]));
  const files = new Set(site.files);
  const anchorSets = new Map(site.pages.map((page) => [page, new Set(page.anchors)]));
  const messages: BuildMessage[] = [];
  for (const page of site.pages) {
    for (const link of page.links) {
      let url: URL;
      try {
        url = new URL(link.href, `${ORIGIN}${page.route}`);
      } catch {
        continue;
      }
      if (url.origin !== ORIGIN) continue;
      // A partial's link is reported where it is written, naming the page that shows it.
      const where = { file: link.file ?? page.sourcePath, line: link.line, column: link.column };
      const shownOn = link.file ? ` (shown on ${page.sourcePath})` : "";
      const target = pathOf(url);
      const targetPage = byRoute.get(target);
      if (targetPage) {
        const fragment = fragmentOf(url);
        if (fragment && !anchorSets.get(targetPage)!.has(fragment))
          messages.push(missingAnchor(link, targetPage, fragment, where, shownOn));
        continue;
      }
      if (
        byMarkdown.has(target) ||
        isFile(target, files) ||
        RUNTIME_PREFIXES.some((prefix) => target === prefix || target.startsWith(`${prefix}/`))
      )
        continue;
      const fromContentRoot = contentRootRoute(url, site.docsRoute, byRoute);
      const suggestion = fromContentRoot ?? closestName(target, byRoute.keys());
      messages.push({
        severity: "warning",
        rule: "links/broken",
        ...where,
        reason: `${link.kind === "image" ? "image" : "link"} ${link.written}${link.written === target ? "" : ` (${target})`} leads to no page and no file of the build${shownOn}`,
        hint:
          fromContentRoot && site.docsRoute !== "/"
            ? `did you mean ${fromContentRoot}? (a site moved from VitePress keeps its root links with \`docsPath: ""\`)`
            : suggestion
              ? `did you mean ${suggestion}?`
              : link.kind === "image"
                ? "keep the image in the content folder and link it by its path from the page, or put it in public/ and link it from the site root (/name.png)"
                : "link to a page's route, a relative .md(x) file, or a file in public/",
      });
    }
  }
  return messages;
}

/**
 * The page a root-absolute link names when read from the content folder's root, as VitePress writes links
 * (`/guide/features.html#x`, `/config/index.md`): on a site served at `/docs`, `/docs/guide/features#x`.
 */
function contentRootRoute(url: URL, docsRoute: string | undefined, byRoute: Map<string, unknown>): string | undefined {
  if (docsRoute === undefined) return undefined;
  const stem = pathOf(url)
    .replace(/\.(html|mdx?)$/, "")
    .replace(/(^|\/)index$/, "");
  const route = docsRoute === "/" ? stem || "/" : `${docsRoute}${stem === "/" ? "" : stem}`;
  return route !== pathOf(url) && byRoute.has(route) ? `${route}${url.hash}` : undefined;
}

function missingAnchor(
  link: PageLink,
  target: LinkedPage,
  fragment: string,
  where: Pick<BuildMessage, "file" | "line" | "column">,
  shownOn: string,
): BuildMessage {
  const suggestion = closestName(fragment, target.anchors);
  const listed = target.anchors
    .slice(0, 6)
    .map((id) => `#${id}`)
    .join(", ");
  return {
    severity: "warning",
    rule: "links/missing-anchor",
    ...where,
    reason: `link ${link.written}: ${target.route} has no heading or id "${fragment}"${shownOn}`,
    hint: suggestion
      ? `did you mean #${suggestion}?`
      : target.anchors.length > 0
        ? `its anchors include ${listed}`
        : "that page has no headings to link to",
  };
}

/** The decoded path, without a trailing slash (the runtime redirects `/x/` to `/x`). */
function pathOf(url: URL): string {
  let pathname = url.pathname;
  try {
    pathname = decodeURIComponent(pathname);
  } catch {
    // keep it encoded: it will not match and is reported as written
  }
  return pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
}

function fragmentOf(url: URL): string {
  const raw = url.hash.slice(1);
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

function isFile(target: string, files: ReadonlySet<string>): boolean {
  const relative = target.slice(1);
  return files.has(relative) || files.has(relative ? `${relative}/index.html` : "index.html");
}
