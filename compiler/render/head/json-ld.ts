/** SPEC 2.21: Schema.org JSON-LD for every docs page, plus a HowTo for pages with an agent contract (SPEC 2.6). */
import type { ResolvedConfig } from "../../config/types.ts";
import { hasContract } from "../../content/contract.ts";
import { absoluteUrl } from "../../model/routes.ts";
import type { AgentContract, ContractCommand, NavNode, Page, SiteModel } from "../../model/types.ts";

type JsonLd = Record<string, unknown>;

/**
 * The TechArticle and the HowTo go in two separate scripts rather than one `@graph`: the article script then has the
 * same top-level shape on every page (what SPEC 2.21 describes), and the HowTo is purely additive. Search engines
 * read every ld+json script on a page. Objects are built as literals, so key order is fixed; undefined keys drop out.
 */
export function renderJsonLd(page: Page, site: SiteModel, config: ResolvedConfig): string {
  const documents = [techArticleOf(page, site, config)];
  const contract = page.frontmatter.agent;
  if (hasContract(contract)) documents.push(howToOf(page, contract, config));
  return documents.map(jsonLdScript).join("\n");
}

/** `<` becomes `\u003c` (same JSON value) so a title like `</script>` cannot end the script element early. */
export function jsonLdScript(document: JsonLd): string {
  return `<script type="application/ld+json">${JSON.stringify(document).replace(/</g, "\\u003c")}</script>`;
}

function techArticleOf(page: Page, site: SiteModel, config: ResolvedConfig): JsonLd {
  const url = absoluteUrl(config.baseUrl, page.route);
  return {
    "@context": "https://schema.org",
    "@type": "TechArticle",
    headline: page.frontmatter.title,
    description: descriptionOf(page, config),
    url,
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    // Frontmatter dates like `2024-05-01` are already ISO 8601 (a calendar date); git gives a full timestamp.
    dateModified: page.lastModified,
    breadcrumb: {
      "@type": "BreadcrumbList",
      itemListElement: breadcrumbTrailOf(page, site).map((crumb, index) => ({
        "@type": "ListItem",
        position: index + 1,
        name: crumb.name,
        item: absoluteUrl(config.baseUrl, crumb.route),
      })),
    },
  };
}

/**
 * Folders above the page that have a linked landing page, then the page itself. Folders without one are left out
 * (not listed without a URL) because a ListItem other than the last needs an `item` to be valid for search engines.
 */
function breadcrumbTrailOf(page: Page, site: SiteModel): { name: string; route: string }[] {
  const trail: { name: string; route: string }[] = [];
  const segments = page.slug ? page.slug.split("/") : [];
  let level: NavNode[] = site.nav.children;
  let slug = "";
  for (const segment of segments.slice(0, -1)) {
    slug = slug ? `${slug}/${segment}` : segment;
    const folder = level.find((node) => node.type === "folder" && node.slug === slug);
    if (!folder || folder.type !== "folder") break;
    if (folder.index) trail.push({ name: folder.name, route: folder.index.route });
    level = folder.children;
  }
  trail.push({ name: page.frontmatter.title, route: page.route });
  return trail;
}

/**
 * Prerequisites become `tool` (HowToTool: used, not consumed), the closest Schema.org has to a precondition such as
 * "Node 20 installed"; nothing in a contract is consumed, so there is no `supply`. Commands become the steps.
 */
function howToOf(page: Page, contract: AgentContract, config: ResolvedConfig): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "HowTo",
    name: contract.task ?? page.frontmatter.title,
    description: contract.outcome ?? descriptionOf(page, config),
    url: absoluteUrl(config.baseUrl, page.route),
    tool: nonEmpty(contract.prerequisites.map((name) => ({ "@type": "HowToTool", name }))),
    step: nonEmpty(
      contract.commands.map((command, index) => ({
        "@type": "HowToStep",
        position: index + 1,
        name: command.description ?? command.run,
        text: stepTextOf(command),
      })),
    ),
  };
}

/** The command as typed (with its working directory when it needs one), then what it does. */
function stepTextOf(command: ContractCommand): string {
  const run = command.cwd ? `${command.run} (in ${command.cwd})` : command.run;
  return command.description ? `${run} — ${command.description}` : run;
}

function descriptionOf(page: Page, config: ResolvedConfig): string | undefined {
  return page.frontmatter.description ?? config.metadata.description;
}

function nonEmpty<T>(list: T[]): T[] | undefined {
  return list.length > 0 ? list : undefined;
}
