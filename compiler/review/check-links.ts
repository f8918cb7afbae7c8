/**
 * SPEC 2.12 `brokenLinks`: body links are checked by the build's own link checker (compiler/links/check-links.ts,
 * issue 10) against the pages, `public/` and the routes the build generates; frontmatter `related` entries and links
 * in a sibling agent.md (which the build does not check) here, the same way. External URLs are not fetched.
 */
import { localeGeneratedRoutes } from "../i18n/localize-pages.ts";
import {
  AGENT_SKILLS_INDEX_ROUTE,
  AGENTS_ROUTES,
  API_CATALOG_ROUTE,
  DOCS_API_ROUTE,
  LLMS_ROUTES,
  MANIFEST_ROUTES,
  MANIFEST_SCHEMA_ROUTE,
  MCP_ALIAS_ROUTES,
  ROBOTS_ROUTE,
  SITEMAP_ROUTES,
  SKILL_ROUTES,
  docsSitemapRoute,
  sectionLlmsRoutes,
} from "../../runtime/contract/index.ts";
import type { ResolvedConfig } from "../config/types.ts";
import { locateYamlPath } from "../content/yaml-position.ts";
import { closestName } from "../diagnostics.ts";
import { checkLinks as buildLinkMessages } from "../links/check-links.ts";
import { repairedLinks, repairLinks, repairTargets } from "../links/link-repairs.ts";
import { findingFromMessage, type RawFinding } from "./finding.ts";
import type { SourceLink } from "./page-facts.ts";
import type { ReviewPage, ReviewSite } from "./review-site.ts";

interface Target {
  page?: ReviewPage;
  /** The link names the `.md` route, so its anchors are agent heading ids. */
  markdown?: boolean;
  ok: boolean;
}

export function checkLinks(site: ReviewSite): RawFinding[] {
  const byRoute = new Map<string, ReviewPage>();
  for (const page of site.pages) {
    byRoute.set(page.route, page);
    byRoute.set(page.markdownRoute, page);
  }
  const generated = generatedRoutes(site.config);
  // Issue 14: fallback pages, per-locale llms files and locale APIs exist in the build without a source of their own.
  for (const route of localeGeneratedRoutes(
    site.pages.map((page) => page.source.slug),
    site.config,
  ))
    generated.add(route);
  const files = [...generated, ...site.publicFiles].map((route) => route.slice(1));
  const targets = repairTargets(
    site.pages.map((page) => ({ ...page, title: page.frontmatter?.title })),
    [...site.publicFiles].map((route) => route.slice(1)),
    site.config,
  );
  const linked = site.pages
    .filter((page) => page.parsed)
    .map((page) => ({
      sourcePath: page.source.sourcePath,
      route: page.route,
      markdownRoute: page.markdownRoute,
      anchors: page.anchors,
      // As the build mends a link written for another tool (links/link-repairs.ts), so does the review.
      links: repairedLinks(page.bodyLinks, repairLinks(page.route, page.bodyLinks, targets)),
    }));
  const findings: RawFinding[] = buildLinkMessages({ pages: linked, files }).map((message) =>
    findingFromMessage("brokenLinks", message, "fix the link"),
  );
  for (const page of site.pages) {
    for (const link of [...relatedLinksOf(page), ...agentFileLinksOf(page)]) {
      const problem = problemOf(link.url, page, {
        byRoute,
        generated,
        publicFiles: site.publicFiles,
        docsRoute: site.config.docsRoute,
      });
      if (problem)
        findings.push({ rule: "brokenLinks", file: link.file, line: link.line, column: link.column, ...problem });
    }
  }
  return findings;
}

/** Frontmatter `related` entries, positioned in the YAML. */
function relatedLinksOf(page: ReviewPage): SourceLink[] {
  return (page.frontmatter?.related ?? []).map((url, index) => {
    const at = locateYamlPath(page.yaml, ["related", String(index)]);
    return { url, file: page.source.sourcePath, line: at?.line, column: at?.column };
  });
}

function agentFileLinksOf(page: ReviewPage): SourceLink[] {
  const agentFile = page.source.agentFile?.sourcePath;
  return agentFile ? page.links.filter((link) => link.file === agentFile) : [];
}

/** Every link of a page with its place: body, sibling agent.md, then frontmatter `related` (positioned in the YAML). */
export function linksOf(page: ReviewPage): SourceLink[] {
  return [...page.links, ...relatedLinksOf(page)];
}

interface LinkContext {
  byRoute: Map<string, ReviewPage>;
  generated: Set<string>;
  publicFiles: Set<string>;
  docsRoute: string;
}

function problemOf(url: string, from: ReviewPage, context: LinkContext): { message: string; fix: string } | undefined {
  if (url === "" || /^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith("//")) return undefined;
  let resolved: URL;
  try {
    resolved = new URL(url, `http://site.invalid${from.route === "/" ? "/" : from.route}`);
  } catch {
    return { message: `link "${url}" is not a valid URL`, fix: "write a site path such as /docs/guide or a full URL" };
  }
  const pathname = decodeURIComponent(resolved.pathname).replace(/(.)\/+$/, "$1");
  const anchor = resolved.hash ? decodeURIComponent(resolved.hash.slice(1)) : undefined;
  const target: Target = url.startsWith("#") ? { page: from, ok: true } : targetOf(pathname, context);
  if (!target.ok) {
    const suggestion = closestName(pathname, [...context.byRoute.keys()]);
    return {
      message: `link "${url}" points to ${pathname}, which no page, asset or generated route provides`,
      fix: suggestion
        ? `did you mean ${suggestion}?`
        : "fix the path, or add the page (a folder with page.md(x)) or the file under public/",
    };
  }
  if (anchor === undefined || anchor === "" || !target.page) return undefined;
  const ids = target.markdown ? target.page.agentIds : target.page.humanIds;
  if (ids.has(anchor)) return undefined;
  const suggestion = closestName(anchor, ids);
  return {
    message: `link "${url}" names the anchor #${anchor}, which ${target.page.source.sourcePath} has no heading for`,
    fix: suggestion
      ? `did you mean #${suggestion}?`
      : `use one of the page's heading ids${
          ids.size > 0
            ? ` (${[...ids]
                .slice(0, 5)
                .map((id) => `#${id}`)
                .join(", ")})`
            : ""
        }`,
  };
}

function targetOf(pathname: string, context: LinkContext): Target {
  const page = context.byRoute.get(pathname);
  if (page) return { page, markdown: pathname === page.markdownRoute, ok: true };
  if (context.generated.has(pathname) || context.publicFiles.has(pathname)) return { ok: true };
  if (pathname === DOCS_API_ROUTE || pathname.startsWith(`${DOCS_API_ROUTE}/`)) return { ok: true };
  // Outside the docs route a path may belong to the host app (e.g. /blog); only assets are checked there.
  const underDocs =
    context.docsRoute === "/" || pathname === context.docsRoute || pathname.startsWith(`${context.docsRoute}/`);
  const asset = /\.[a-z0-9]{1,5}$/i.test(pathname) && !pathname.endsWith(".html");
  return { ok: !underDocs && !asset };
}

/** Routes the build writes besides pages (SPEC 4.2), from the contract. */
function generatedRoutes(config: ResolvedConfig): Set<string> {
  const routes = new Set<string>([
    ...Object.values(LLMS_ROUTES),
    ...Object.values(SITEMAP_ROUTES),
    docsSitemapRoute(config.docsRoute),
    ROBOTS_ROUTE,
    AGENTS_ROUTES.file,
    AGENTS_ROUTES.wellKnown,
    ...AGENTS_ROUTES.aliases,
    SKILL_ROUTES.file,
    SKILL_ROUTES.wellKnown,
    ...MANIFEST_ROUTES,
    MANIFEST_SCHEMA_ROUTE,
    API_CATALOG_ROUTE,
    AGENT_SKILLS_INDEX_ROUTE,
    ...MCP_ALIAS_ROUTES,
    config.surfaces.mcp.route,
    config.surfaces.feedback.agent.route,
    config.surfaces.feedback.agent.schemaRoute,
  ]);
  for (const section of config.surfaces.llmsTxt.sections) {
    for (const match of section.match) {
      const prefix = match.replace(/\/?\*.*$/, "") || "/";
      const { index, full } = sectionLlmsRoutes(prefix);
      routes.add(index).add(full);
    }
  }
  return routes;
}
