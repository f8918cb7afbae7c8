/**
 * llms.txt (llmstxt.org shape: H1, `>` summary, `##` sections of links, no bodies) and llms-full.txt (the agent
 * projection of every page), at the root, under /.well-known/, and per configured section (SPEC 2.9, 4.2).
 */
import { LLMS_ROUTES, sectionLlmsRoutes, sourceMarker } from "../../runtime/contract/index.ts";
import type { ResolvedConfig } from "../config/types.ts";
import { absoluteUrl, canonicalPages } from "../model/routes.ts";
import type { NavNode, Page } from "../model/types.ts";
import { walkPages } from "../model/nav.ts";
import { renderAgentDocument } from "../render/agent-page.ts";
import { sectionCardsOf } from "../render/section-cards.ts";
import { linkRepairsOf } from "../links/link-repairs.ts";
import type { EmitContext } from "./context.ts";
import { writeParts } from "./file-parts.ts";
import { matchesRoute, matchPrefix } from "./route-match.ts";
import { localeLlmsFiles } from "../i18n/locale-llms.ts";
import { localeCodeOf } from "../i18n/localize-pages.ts";

interface LinkGroup {
  title: string;
  pages: Page[];
}

export function emitLlmsTxt(context: EmitContext): void {
  const { config, site } = context;
  const llms = config.surfaces.llmsTxt;
  if (!llms.enabled) return;
  // Issue 14: the root files hold the default locale; each other locale gets /<code>/llms.txt and llms-full.txt.
  const inDefaultLocale = (page: Page) => !config.i18n || localeCodeOf(page, config) === config.i18n.defaultLocale;
  const linked = canonicalPages(site).filter(inDefaultLocale);
  const sections = llms.sections.map((section) => {
    const inSection = (page: Page) => section.match.some((pattern) => matchesRoute(pattern, page.route));
    return {
      ...section,
      prefix: matchPrefix(section.match[0] ?? "/"),
      pages: site.pages.filter(inSection),
      linked: linked.filter(inSection),
    };
  });

  const sectionLinks = sections.map(
    (s) =>
      `- [${s.title}](${absoluteUrl(config.baseUrl, sectionLlmsRoutes(s.prefix).index)})${s.description ? `: ${s.description}` : ""}`,
  );
  const locales = localeLlmsFiles(site, config);
  const root = renderIndex(
    config,
    llms.siteTitle,
    llms.siteDescription,
    sectionLinks,
    groupByNav(site.nav.children, linked),
    locales.map((locale) => locale.link),
  );
  putLlms(context, LLMS_ROUTES.index.slice(1), root, llms.maxChars.chars);
  context.files.set(LLMS_ROUTES.wellKnownIndex.slice(1), root);
  writeFull(context, [LLMS_ROUTES.full, LLMS_ROUTES.wellKnownFull], llms.siteTitle, llms.siteDescription, {
    pages: site.pages.filter(inDefaultLocale),
  });
  for (const section of sections) {
    const routes = sectionLlmsRoutes(section.prefix);
    const index = renderIndex(
      config,
      section.title,
      section.description,
      [],
      [{ title: "Docs", pages: section.linked }],
    );
    putLlms(context, routes.index.slice(1), index, section.maxChars ?? llms.maxChars.chars);
    writeFull(context, [routes.full], section.title, section.description, section);
  }
  for (const locale of locales) {
    const title = `${llms.siteTitle} (${locale.label})`;
    const index = renderIndex(
      config,
      title,
      llms.siteDescription,
      [],
      groupByNav(locale.nav, locale.linked),
      [],
      locale.routes.full,
    );
    putLlms(context, locale.routes.index.slice(1), index, llms.maxChars.chars);
    writeFull(context, [locale.routes.full], title, llms.siteDescription, locale);
  }
}

/** SPEC 7.1: `warn` reports, `error` fails the build naming the file and its size, `off` skips the check. */
function putLlms(context: EmitContext, file: string, text: string, limit: number): void {
  context.files.set(file, text);
  const { mode } = context.config.surfaces.llmsTxt.maxChars;
  if (mode === "off" || text.length <= limit) return;
  context.messages.push({
    severity: mode === "error" ? "error" : "warning",
    rule: "llms/over-budget",
    file: context.config.configFile,
    reason: `${file} is ${text.length} characters, over the llmsTxt.maxChars budget of ${limit}`,
    hint: "split it with llmsTxt.sections, shorten page descriptions, or raise maxChars",
  });
}

function renderIndex(
  config: ResolvedConfig,
  title: string,
  description: string | undefined,
  sectionLinks: string[],
  groups: LinkGroup[],
  languageLinks: string[] = [],
  fullRoute: string = LLMS_ROUTES.full,
): string {
  const parts = [`# ${title}`];
  if (description) parts.push(`> ${description}`);
  parts.push(
    "Every page is available as Markdown: append `.md` to its URL or send `Accept: text/markdown`. " +
      `The full text of all pages is in [llms-full.txt](${absoluteUrl(config.baseUrl, fullRoute)}).`,
  );
  if (sectionLinks.length > 0) parts.push(`## Sections\n\n${sectionLinks.join("\n")}`);
  if (languageLinks.length > 0) parts.push(`## Languages\n\n${languageLinks.join("\n")}`);
  for (const group of groups) {
    if (group.pages.length === 0) continue;
    parts.push(`## ${group.title}\n\n${group.pages.map((page) => pageLink(config, page)).join("\n")}`);
  }
  return parts.join("\n\n") + "\n";
}

function pageLink(config: ResolvedConfig, page: Page): string {
  const description = page.frontmatter.description ? `: ${page.frontmatter.description.replace(/\s+/g, " ")}` : "";
  // Issue 14: a fallback page says so, and where its original is.
  const original = config.i18n?.locales.find((locale) => locale.code === config.i18n?.defaultLocale);
  const fallback = page.fallbackOf
    ? ` (not translated yet; shown in ${original?.label ?? "the default locale"} from ${absoluteUrl(config.baseUrl, page.fallbackOf)})`
    : "";
  return `- [${page.frontmatter.title}](${absoluteUrl(config.baseUrl, page.markdownRoute)})${description}${fallback}`;
}

/** Top-level pages under "Docs", each top-level folder as its own section, pages outside the sidebar last. */
function groupByNav(nav: NavNode[], pages: Page[]): LinkGroup[] {
  const byRoute = new Map(pages.map((page) => [page.route, page]));
  const listed = new Set<string>();
  const collect = (nodes: NavNode[]) => {
    const found: Page[] = [];
    walkPages(nodes, (node) => {
      const page = byRoute.get(node.route);
      if (page && !listed.has(page.route)) {
        listed.add(page.route);
        found.push(page);
      }
    });
    return found;
  };
  const groups: LinkGroup[] = [{ title: "Docs", pages: collect(nav.filter((n) => n.type === "page")) }];
  for (const node of nav) if (node.type === "folder") groups.push({ title: node.name, pages: collect([node]) });
  // llmstxt.org: "Optional" holds links an agent can skip when context is short.
  groups.push({ title: "Optional", pages: pages.filter((page) => !listed.has(page.route)) });
  return groups;
}

/**
 * An llms-full.txt at `routes` (the first, then copies): the heading, then each page's agent document, written one
 * at a time (emit/file-parts.ts): at 10,000 pages the file is 58 MB.
 */
function writeFull(
  context: EmitContext,
  routes: string[],
  title: string,
  description: string | undefined,
  { pages }: { pages: Page[] },
): void {
  const { baseUrl } = context.config;
  const [first, ...copies] = routes.map((route) => route.slice(1));
  const full = writeParts(context.files, first, { open: "", separator: "\n\n---\n\n", close: "\n" });
  full.write([`# ${title}`, ...(description ? [`> ${description}`] : [])].join("\n\n"));
  const { site, config } = context;
  for (const page of pages) {
    const options = {
      baseUrl,
      llmsTxt: false,
      sectionCards: sectionCardsOf(page, site, config),
      linkRepairs: linkRepairsOf(page, site, config),
    };
    full.write(
      `${sourceMarker(absoluteUrl(baseUrl, page.markdownRoute))}\n${renderAgentDocument(page, options).trim()}`,
    );
  }
  full.end(...copies);
}
