/**
 * AGENTS.md and skill.md (root and /.well-known/ copies) and the Agent Skills index. Files the site ships
 * beside its config are served byte-for-byte; otherwise both are generated from the config and site model.
 */
import { createHash } from "node:crypto";
import matter from "gray-matter";
import { hasContract } from "../content/contract.ts";
import {
  AGENT_SKILLS_INDEX_ROUTE,
  AGENTS_ROUTES,
  agentSkillRoute,
  LLMS_ROUTES,
  MANIFEST_ROUTES,
  SITEMAP_ROUTES,
  SKILL_ROUTES,
} from "../../runtime/contract/index.ts";
import type { ResolvedConfig } from "../config/types.ts";
import { absoluteUrl } from "../model/routes.ts";
import type { SiteModel } from "../model/types.ts";
import type { EmitContext } from "./context.ts";
import { agentRoutes } from "./agent-routes.ts";

const encoder = new TextEncoder();

export function emitAgentFiles(context: EmitContext): void {
  const { site, config, files } = context;
  const agents = site.staticFiles.agentsMd?.bytes ?? encoder.encode(renderAgentsMd(site, config));
  const skill = site.staticFiles.skillMd?.bytes ?? encoder.encode(renderSkillMd(site, config));
  for (const route of [AGENTS_ROUTES.file, AGENTS_ROUTES.wellKnown]) files.set(route.slice(1), agents);
  for (const route of [SKILL_ROUTES.file, SKILL_ROUTES.wellKnown]) files.set(route.slice(1), skill);

  // SPEC 4.2: each index entry's digest covers the exact bytes served at its url.
  const { name, description } = skillIdentity(skill, config);
  const skillRoute = agentSkillRoute(name);
  files.set(skillRoute.slice(1), skill);
  const index = {
    skills: [
      {
        name,
        type: "skill-md",
        description,
        url: absoluteUrl(config.baseUrl, skillRoute),
        digest: `sha256:${createHash("sha256").update(skill).digest("hex")}`,
        files: ["SKILL.md"],
      },
    ],
  };
  files.set(AGENT_SKILLS_INDEX_ROUTE.slice(1), JSON.stringify(index, null, 2) + "\n");
}

/** Name and description from the skill's own frontmatter, else derived from the site title. */
function skillIdentity(skill: Uint8Array, config: ResolvedConfig): { name: string; description: string } {
  let data: Record<string, unknown> = {};
  try {
    data = matter(Buffer.from(skill).toString("utf8"), {}).data;
  } catch {
    // A hand-written skill.md with broken frontmatter still gets listed under the derived name.
  }
  const name =
    typeof data.name === "string" && /^[a-z0-9]+(-[a-z0-9]+)*$/.test(data.name) ? data.name : skillName(config);
  const description = typeof data.description === "string" ? data.description : skillDescription(config);
  return { name, description };
}

/** Agent Skills names: lowercase letters, digits and single hyphens, at most 64 characters. */
export function skillName(config: ResolvedConfig): string {
  const base = config.surfaces.llmsTxt.siteTitle
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return `${base || "site"}-docs`.slice(0, 64).replace(/-+$/, "");
}

function skillDescription(config: ResolvedConfig): string {
  const title = config.surfaces.llmsTxt.siteTitle;
  return `Find and read the ${title} documentation as Markdown: page index, per-page Markdown, search and task contracts. Use when a task involves ${title}.`;
}

function renderSkillMd(site: SiteModel, config: ResolvedConfig): string {
  const routes = agentRoutes(config);
  const url = (route: string) => absoluteUrl(config.baseUrl, route);
  const { llmsTxt, sitemap } = config.surfaces;
  const steps = [
    llmsTxt.enabled
      ? `Read the index at ${url(LLMS_ROUTES.index)}: every page with a one-line description and its Markdown URL.`
      : sitemap.enabled
        ? `Read the page list at ${url(SITEMAP_ROUTES.markdown)}.`
        : `Start at ${url(config.docsRoute)}.`,
    `Fetch the Markdown of the pages you need (the \`.md\` URLs in the index), or request a page URL with \`Accept: text/markdown\`.`,
    `Pages with an \`## Agent Contract\` section list prerequisites, commands, verification and rollback: follow them in order.`,
    routes.search
      ? `Search with \`GET ${url(routes.search)}?query=<text>\` when the index is not enough.`
      : llmsTxt.enabled
        ? `For everything at once, read ${url(LLMS_ROUTES.full)}.`
        : "",
    routes.mcp
      ? `An MCP server is available at ${url(routes.mcp)} (tools: list_pages, search_docs, read_page, get_context, …).`
      : "",
  ]
    .filter(Boolean)
    .map((step, i) => `${i + 1}. ${step}`);
  const body = [
    `# ${config.surfaces.llmsTxt.siteTitle} documentation`,
    config.surfaces.llmsTxt.siteDescription ?? "",
    "## How to use these docs",
    steps.join("\n"),
    "## Discovery",
    [
      `- Manifest: ${url(MANIFEST_ROUTES[0])}`,
      sitemap.enabled ? `- Sitemap (Markdown): ${url(SITEMAP_ROUTES.markdown)}` : "",
      `- Coding-agent notes: ${url(AGENTS_ROUTES.file)}`,
    ]
      .filter(Boolean)
      .join("\n"),
  ]
    .filter(Boolean)
    .join("\n\n");
  return matter.stringify(body + "\n", { name: skillName(config), description: skillDescription(config) }, {
    lineWidth: -1,
  } as matter.GrayMatterOption<string, never>);
}

function renderAgentsMd(site: SiteModel, config: ResolvedConfig): string {
  const routes = agentRoutes(config);
  const url = (route: string) => absoluteUrl(config.baseUrl, route);
  const example = site.pages.find((p) => p.slug !== "") ?? site.pages[0];
  const { llmsTxt, sitemap } = config.surfaces;
  const access = [
    llmsTxt.enabled ? `- Index of every page: ${url(LLMS_ROUTES.index)} (full text in ${url(LLMS_ROUTES.full)})` : "",
    `- Markdown of any page: append \`.md\` to its URL${example ? ` (e.g. ${url(example.markdownRoute)})` : ""}, or send \`Accept: text/markdown\``,
    sitemap.enabled ? `- Page list: ${url(SITEMAP_ROUTES.markdown)}` : "",
    `- Discovery manifest: ${url(MANIFEST_ROUTES[0])}`,
  ].filter(Boolean);
  if (routes.search) access.push(`- Search: \`GET ${url(routes.search)}?query=<text>\``);
  if (routes.mcp) access.push(`- MCP server (streamable HTTP): ${url(routes.mcp)}; over stdio: \`npx docs mcp\``);
  if (routes.feedback)
    access.push(
      `- Feedback on these docs: \`POST ${url(routes.feedback.submit)}\` with a body that follows ${url(routes.feedback.schema)}`,
    );
  const sections = site.nav.children.map((node) => {
    // A folder's landing page keeps its Markdown even when the sidebar hides or unlinks it.
    const page =
      node.type === "page"
        ? site.pages.find((p) => p.route === node.route)
        : site.pages.find((p) => p.slug === node.slug);
    const link = page ? `[${node.name}](${url(page.markdownRoute)})` : node.name;
    return `- ${link}${page?.frontmatter.description ? `: ${page.frontmatter.description}` : ""}`;
  });
  const tasks = site.pages
    .filter((p) => hasContract(p.frontmatter.agent) && p.frontmatter.agent?.task)
    .map((p) => `- [${p.frontmatter.title}](${url(p.markdownRoute)}): ${p.frontmatter.agent!.task}`);
  const parts = [
    `# ${config.surfaces.llmsTxt.siteTitle}: notes for coding agents`,
    "These docs are published twice: as HTML for people and as Markdown for agents. Prefer the Markdown routes; they carry the same content without navigation chrome, plus agent-only notes.",
    `## Reading the docs\n\n${access.join("\n")}`,
    `## Sections\n\n${sections.join("\n")}`,
  ];
  if (tasks.length > 0)
    parts.push(
      `## Task guides\n\nThese pages end with an \`## Agent Contract\` (prerequisites, commands, verification, rollback):\n\n${tasks.join("\n")}`,
    );
  return parts.join("\n\n") + "\n";
}
