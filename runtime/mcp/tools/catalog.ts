/** Tools that describe the site as a whole: list_docs, list_pages, get_navigation, get_config_schema. */
import * as z from "zod";
import type { NavNode, NavTree, PageEntry } from "../../contract/index.ts";
import { matchesScope, pageScope } from "../scope.ts";
import { defineTool, jsonResult, pageSummary, pageSummarySchema, toolError, type ToolContext } from "../tool.ts";

const sectionSchema = z.object({
  name: z.string(),
  path: z.string().describe("Page path of the section (a folder prefix or a single page)"),
  url: z.string().nullable().describe("Landing page URL, or null for a folder without one"),
  pageCount: z.number().int(),
  taskCount: z.number().int().describe("Pages in the section with an agent task contract"),
});

export const listDocs = defineTool({
  key: "listDocs",
  title: "List docs sections",
  description:
    "Overview of the documentation: site title and description, total page and task counts, and the top-level sections " +
    "of the sidebar with their page counts, plus the frameworks, versions and locales pages are scoped to (usable as " +
    "filters of list_tasks and get_context). Start here, then use list_pages, search_docs or get_context.",
  input: z.object({}),
  output: z.object({
    site: z.object({ title: z.string(), description: z.string().nullable(), docsUrl: z.string() }),
    pageCount: z.number().int(),
    taskCount: z.number().int(),
    sections: z.array(sectionSchema),
    frameworks: z.array(z.string()),
    versions: z.array(z.string()),
    locales: z.array(z.string()),
  }),
  async run(_args, context) {
    const { settings, pages, nav } = context.data;
    const byRoute = new Map(pages.map((page) => [page.route, page]));
    const sections = nav.children.map((node) => describeSection(node, pages, byRoute, context));
    const distinct = (pick: (page: PageEntry) => string[]) => [...new Set(pages.flatMap(pick))].sort();
    return jsonResult({
      site: {
        title: settings.title,
        description: settings.description,
        docsUrl: context.publicUrl(`/${settings.docsPath}`),
      },
      pageCount: pages.length,
      taskCount: pages.filter((page) => page.contract).length,
      sections,
      frameworks: distinct((page) => pageScope(page).framework),
      versions: distinct((page) => pageScope(page).version),
      locales: distinct((page) => pageScope(page).locale),
    });
  },
});

function describeSection(node: NavNode, pages: PageEntry[], byRoute: Map<string, PageEntry>, context: ToolContext) {
  if (node.type === "page") {
    const page = byRoute.get(node.route);
    return {
      name: node.name,
      path: page?.path ?? "",
      url: context.publicUrl(node.url),
      pageCount: 1,
      taskCount: page?.contract ? 1 : 0,
    };
  }
  // Counted from the page index, not the sidebar: the sidebar may be pruned on large sites and omits hidden pages.
  const inside = pages.filter((page) => page.path === node.slug || page.path.startsWith(`${node.slug}/`));
  return {
    name: node.name,
    path: node.slug,
    url: node.index ? context.publicUrl(node.index.url) : null,
    pageCount: inside.length,
    taskCount: inside.filter((page) => page.contract).length,
  };
}

export const listPages = defineTool({
  key: "listPages",
  title: "List pages",
  description:
    "Every page of the docs (hidden ones included) with its path, URL, Markdown URL, title, description and a concise " +
    "agent entry: whether it has a task contract, and the contract's task, outcome and appliesTo. locale (or lang) " +
    "keeps the pages of that locale and pages without one; on a multilingual site fallback pages carry fallbackOf. " +
    "Read a page with read_page.",
  input: z.object({
    locale: z.string().max(35).optional().describe('A locale such as "fr" or "pt-BR"; "en" also matches "en-US"'),
    lang: z.string().max(35).optional().describe("Same as locale"),
  }),
  output: z.object({ pages: z.array(pageSummarySchema) }),
  async run(args, context) {
    const locale = (args.locale ?? args.lang)?.trim();
    const pages = locale ? context.data.pages.filter((page) => matchesScope(page, { locale })) : context.data.pages;
    return jsonResult({ pages: pages.map((page) => pageSummary(page, context)) });
  },
});

export const getNavigation = defineTool({
  key: "getNavigation",
  title: "Get navigation",
  description:
    "The sidebar tree as readers see it: folders (with optional landing page) and pages, in display order, with names " +
    "and URLs. Hidden pages are not in it.",
  input: z.object({}),
  async run(_args, context) {
    const { nav } = context.data;
    return jsonResult({
      name: nav.name,
      children: nav.children.map((node) => withPublicUrls(node, context)),
    } satisfies NavTree);
  },
});

function withPublicUrls(node: NavNode, context: ToolContext): NavNode {
  if (node.type === "page") return { ...node, url: context.publicUrl(node.url) };
  return {
    ...node,
    ...(node.index ? { index: { ...node.index, url: context.publicUrl(node.index.url) } } : {}),
    children: node.children.map((child) => withPublicUrls(child, context)),
  };
}

export const getConfigSchema = defineTool({
  key: "getConfigSchema",
  title: "Get config map",
  description:
    "The site's config map (format docs-config-map.v1, also at /api/docs?format=config): one pointer per field set in " +
    "the docs config, as a dot-path (e.g. mcp.tools.readPage) and a coarse kind (boolean, string, number, object, array). " +
    "Sensitive values are redacted. It maps which options this site sets; it is not a JSON Schema of every option.",
  input: z.object({}),
  // Exactly the docs-config-map.v1 shape: open objects would leave `additionalProperties` untyped for clients.
  output: z.object({
    format: z.string(),
    pointers: z.array(z.object({ path: z.string(), kind: z.string() })),
  }),
  async run(_args, context) {
    const map = await context.data.readJson("config-map.json");
    if (!map)
      return toolError(
        "The config map is missing from this build (_docs/config-map.json); rebuild the site with `docs build`.",
      );
    return jsonResult(map);
  },
});
