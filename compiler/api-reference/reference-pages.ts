/**
 * The API reference as pages (SPEC 2.15, 4.6): reads and bundles `apiReference.specUrl`, then writes Markdown pages
 * that join the site's own: an index by tag at `<docs>/<path>`, a page per tag, and a page per operation at
 * `<docs>/<path>/<tag>/<operation>`. They go through the normal page pipeline, so the sidebar, search, sitemap,
 * llms files and agent `.md` include them. The bundled document is returned for `_docs/openapi.json`.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { DOCS_API_ROUTE } from "../../runtime/contract/index.ts";
import type { ResolvedConfig } from "../config/types.ts";
import type { SourcePage } from "../content/discover.ts";
import type { BuildMessage } from "../diagnostics.ts";
import { bundleContract } from "./bundle-contract.ts";
import { contractVersion, type ContractVersion } from "./contract-version.ts";
import { descriptionBlock, escapeInline } from "./markdown-text.ts";
import { operationBlocks, operationMarkdown, operationTitle } from "./operation-page.ts";
import { isObject, listOperations, type Json, type Operation } from "./operations.ts";
import { applyOverlays } from "./overlays.ts";
import { type ContractSource, readContract } from "./read-contract.ts";
import { scanApiRoutes, scannedContract } from "./scan-routes.ts";
import { apiVersionsOf, type ApiVersion } from "./versions.ts";

export interface ApiReference {
  pages: SourcePage[];
  /** The default version's bundled contract, written as `_docs/openapi.json`. */
  document?: Json;
  version?: ContractVersion;
  /** The other versions' bundled contracts by id, written as `_docs/openapi-versions.json`. */
  otherVersions?: { defaultVersion: string; documents: Record<string, Json> };
  messages: BuildMessage[];
}

type ReferenceConfig = Pick<ResolvedConfig, "root" | "configFile" | "docsPath" | "surfaces"> &
  Partial<Pick<ResolvedConfig, "title" | "staticExport">>;

export async function apiReferencePages(config: ReferenceConfig): Promise<ApiReference> {
  const surface = config.surfaces.apiReference;
  if (!surface.enabled) return { pages: [], messages: [] };
  const { versions, messages } = apiVersionsOf(surface, config.configFile);
  if (versions.length === 0 && messages.length === 0 && !surface.specUrl) return scannedReference(config);
  if (versions.length === 0) return { pages: [], messages };
  const route = (slug: string) => `/${[config.docsPath, slug].filter(Boolean).join("/")}`;
  const links = versions.length > 1 ? versions.map((v) => ({ version: v, href: route(v.base) })) : [];
  const built = await Promise.all(versions.map((version) => versionPages(config, version, versions, links)));
  const reference: ApiReference = { pages: [], messages: [...messages] };
  const others: Record<string, Json> = {};
  for (const [index, result] of built.entries()) {
    reference.messages.push(...result.messages);
    reference.pages.push(...result.pages);
    const version = versions[index];
    if (!result.document) continue;
    if (version.isDefault) {
      reference.document = result.document;
      reference.version = result.version;
    } else if (version.id) others[version.id] = result.document;
  }
  const defaultId = versions.find((version) => version.isDefault)?.id;
  if (defaultId && Object.keys(others).length > 0)
    reference.otherVersions = { defaultVersion: defaultId, documents: others };
  return reference;
}

/**
 * No `specUrl`: the reference of the project's own route handlers (scan-routes.ts), when it has any. Under
 * `staticExport` there are no route handlers to document, so nothing is scanned.
 */
async function scannedReference(config: ReferenceConfig): Promise<ApiReference> {
  if (config.staticExport) return { pages: [], messages: [] };
  const { routeRoot, exclude } = config.surfaces.apiReference;
  const { routes, conventions } = await scanApiRoutes(config.root, { routeRoot, exclude });
  if (routes.length === 0)
    return {
      pages: [],
      messages: [
        {
          severity: "warning",
          rule: "api-reference/no-routes",
          file: config.configFile,
          reason:
            conventions.length > 0
              ? `apiReference found no route handlers in ${conventions.join(", ")}`
              : "apiReference has no specUrl and the project has no API route folder to scan",
          hint: "set apiReference.specUrl to an OpenAPI contract, or apiReference.routeRoot to your routes' folder",
        },
      ],
    };
  const title = `${config.title ?? "API"} API`;
  const document = scannedContract(routes, title, await projectVersion(config.root));
  const text = JSON.stringify(document, null, 2);
  const source: ContractSource = { label: conventions.join(", "), location: config.root, text, value: document };
  const version: ApiVersion = {
    specUrl: "",
    overlays: config.surfaces.apiReference.overlays,
    isDefault: true,
    base: config.surfaces.apiReference.path,
  };
  const built = await versionPages(config, version, [version], [], source);
  return { pages: built.pages, document: built.document, version: built.version, messages: built.messages };
}

async function projectVersion(root: string): Promise<string> {
  try {
    const manifest = JSON.parse(await readFile(path.join(root, "package.json"), "utf8")) as { version?: unknown };
    return typeof manifest.version === "string" ? manifest.version : "unversioned";
  } catch {
    return "unversioned";
  }
}

/** One version's pages: an index by tag at `version.base`, a page per tag, and a page per operation. */
async function versionPages(
  config: ReferenceConfig,
  version: ApiVersion,
  versions: ApiVersion[],
  links: { version: ApiVersion; href: string }[],
  scanned?: ContractSource,
): Promise<{ pages: SourcePage[]; document?: Json; version?: ContractVersion; messages: BuildMessage[] }> {
  const read = scanned
    ? { source: scanned, messages: [] }
    : await readContract(version.specUrl, config.root, config.configFile);
  if (!read.source) return { pages: [], messages: read.messages };
  let { source } = read;
  const messages: BuildMessage[] = [];
  if (version.overlays.length > 0 && isObject(source.value)) {
    const overlaid = await applyOverlays(source.value, version.overlays, config);
    messages.push(...overlaid.messages);
    if (!overlaid.document) return { pages: [], messages };
    source = { ...source, value: overlaid.document };
  }
  const bundled = await bundleContract(source, config.root);
  if (!bundled.document) return { pages: [], messages: [...messages, ...bundled.messages] };
  const document = bundled.document;
  const checked = contractVersion(document, source.text, source.label);
  if (!checked.version) return { pages: [], messages: [...messages, ...checked.messages] };

  const base = version.base;
  const operations = listOperations(document, checked.version);
  const route = (slug: string) => `/${[config.docsPath, slug].filter(Boolean).join("/")}`;
  const slugs = new UniqueSlugs();
  // The default version's folder also holds the other versions' folders: their ids are not tag slugs.
  if (version.isDefault) for (const other of versions) if (!other.isDefault && other.id) slugs.take(other.id, base);
  const byTag = new Map<string, { slug: string; operations: { operation: Operation; slug: string }[] }>();
  for (const tag of tagOrder(document, operations))
    byTag.set(tag, { slug: `${base}/${slugs.take(slugify(tag) || "default", base)}`, operations: [] });
  for (const operation of operations) {
    const group = byTag.get(operation.tag);
    if (!group) continue;
    const name = slugify(operation.operationId ?? `${operation.method}-${operation.path}`) || operation.method;
    group.operations.push({ operation, slug: `${group.slug}/${slugs.take(name, group.slug)}` });
  }

  const info = isObject(document.info) ? document.info : {};
  const contractTitle = typeof info.title === "string" && info.title.trim() ? info.title.trim() : "API reference";
  const title = version.isDefault || !version.label ? contractTitle : `${contractTitle} (${version.label})`;
  const page = (slug: string, id: string, text: string): SourcePage => ({
    sourcePath: `${source.label}#${version.id ? `${version.id}:` : ""}${id}`,
    slug,
    syntax: "md",
    source: text,
  });
  const versionLine = versionsLine(version, links);
  const pages: SourcePage[] = [
    page(
      base,
      "/",
      indexMarkdown({
        title,
        info,
        version: checked.version,
        byTag,
        route,
        versionLine,
        versionId: version.isDefault ? undefined : version.id,
      }),
    ),
  ];
  for (const [tag, group] of byTag) {
    pages.push(
      page(group.slug, `/tags/${tag}`, tagMarkdown(tag, tagDescription(document, tag), group.operations, route)),
    );
    for (const entry of group.operations) {
      const blocks = operationBlocks(document, entry.operation);
      pages.push({
        ...page(
          entry.slug,
          `/${entry.operation.kind === "webhook" ? "webhooks" : "paths"}/${entry.operation.path}/${entry.operation.method}`,
          operationMarkdown(document, entry.operation, blocks),
        ),
        blocks,
      });
    }
  }
  return { pages, document, version: checked.version, messages };
}

/** "Versions: **v2** (this one, the default) · [v1](…)", on each version's index; nothing for one version. */
function versionsLine(current: ApiVersion, links: { version: ApiVersion; href: string }[]): string | undefined {
  if (links.length === 0) return undefined;
  const items = links.map(({ version, href }) => {
    const name = escapeInline(version.label ?? version.id ?? "");
    const note = version.isDefault ? " (default)" : "";
    return version === current ? `**${name}**${note}` : `[${name}](${href})${note}`;
  });
  return `Versions: ${items.join(" · ")}`;
}

function indexMarkdown(input: {
  title: string;
  info: Json;
  version: ContractVersion;
  byTag: Map<string, { slug: string; operations: { operation: Operation; slug: string }[] }>;
  route: (slug: string) => string;
  versionLine?: string;
  /** Set for a version other than the default, whose contract is served with `&version=`. */
  versionId?: string;
}): string {
  const { info } = input;
  const description = typeof info.description === "string" ? info.description : undefined;
  const summary = `${input.version === "2.0" ? "Swagger 2.0" : `OpenAPI ${input.version}`} contract${typeof info.version === "string" ? `, API version ${escapeInline(info.version)}` : ""}.`;
  const lines = [
    `---\ntitle: ${JSON.stringify(input.title)}\ndescription: ${JSON.stringify(description ? description.split("\n")[0].slice(0, 300) : `Reference of every operation of ${input.title}.`)}\n---`,
    summary,
    input.versionLine,
    descriptionBlock(description),
    `The bundled contract is served at \`${DOCS_API_ROUTE}?format=openapi${input.versionId ? `&version=${input.versionId}` : ""}\` where the site runs the Quire runtime.`,
  ];
  for (const [tag, group] of input.byTag) {
    lines.push(
      `## [${escapeInline(tag)}](${input.route(group.slug)})`,
      group.operations.map(({ operation, slug }) => operationLink(operation, input.route(slug))).join("\n"),
    );
  }
  return `${lines.filter(Boolean).join("\n\n")}\n`;
}

function tagMarkdown(
  tag: string,
  description: string | undefined,
  operations: { operation: Operation; slug: string }[],
  route: (slug: string) => string,
): string {
  const lines = [
    `---\ntitle: ${JSON.stringify(tag)}\ndescription: ${JSON.stringify(description ? description.split("\n")[0].slice(0, 300) : `Operations tagged ${tag}.`)}\n---`,
    descriptionBlock(description),
    operations.map(({ operation, slug }) => operationLink(operation, route(slug))).join("\n"),
  ];
  return `${lines.filter(Boolean).join("\n\n")}\n`;
}

function operationLink(operation: Operation, href: string): string {
  const where =
    operation.kind === "webhook" ? `webhook ${operation.path}` : `${operation.method.toUpperCase()} ${operation.path}`;
  return `- [${escapeInline(operationTitle(operation))}](${href}) — \`${where.replace(/`/g, "")}\`${operation.deprecated ? " (deprecated)" : ""}`;
}

/** Tags in the order the contract's `tags` list gives, then the others in order of first use. */
function tagOrder(document: Json, operations: Operation[]): string[] {
  const declared = Array.isArray(document.tags) ? document.tags.filter(isObject).map((tag) => String(tag.name)) : [];
  const used = new Set(operations.map((operation) => operation.tag));
  return [...new Set([...declared.filter((tag) => used.has(tag)), ...used])];
}

function tagDescription(document: Json, tag: string): string | undefined {
  const found = Array.isArray(document.tags)
    ? document.tags.filter(isObject).find((entry) => entry.name === tag)
    : undefined;
  return found && typeof found.description === "string" ? found.description : undefined;
}

export function slugify(value: string): string {
  return value
    .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80);
}

/** Slugs unique within their parent folder: a second `list` becomes `list-2`. */
class UniqueSlugs {
  private readonly taken = new Set<string>();
  take(name: string, parent: string): string {
    let candidate = name;
    for (let n = 2; this.taken.has(`${parent}/${candidate}`); n++) candidate = `${name}-${n}`;
    this.taken.add(`${parent}/${candidate}`);
    return candidate;
  }
}
