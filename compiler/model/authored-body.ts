/**
 * What a page's parsed body needs before the audience projection (issue 10): `{#id}` heading ids, the title (from
 * frontmatter or the leading `# heading`, content/page-title.ts) and relative links rewritten to routes. The same
 * changes are returned as the edited source text, which is the `.md` body of a plain page.
 */
import path from "node:path";
import type { Root } from "mdast";
import type { ResolvedConfig } from "../config/types.ts";
import { contentAssetUrl } from "../content/content-assets.ts";
import type { AuthoredFrontmatter } from "../content/frontmatter.ts";
import { takePageTitle } from "../content/page-title.ts";
import { applyTextEdits, type TextEdit } from "../content/text-edits.ts";
import type { BuildMessage } from "../diagnostics.ts";
import { takeCustomHeadingIds } from "../links/custom-heading-ids.ts";
import { rewriteRelativeLinks, type PageLink } from "../links/page-links.ts";
import { inlineHtmlEdits } from "../markdown/inline-html.ts";
import { pageRoutes } from "./routes.ts";
import type { PageFrontmatter } from "./types.ts";

export interface AuthoredBody {
  /** Undefined when the page has no title (an error in `messages`). */
  frontmatter?: PageFrontmatter;
  /** The body text with the tree's changes applied (`.md` links point at `.md` URLs). */
  agentSource: string;
  /** Those changes, as edits of the body text (`agentSource` is the body with all of them applied). */
  edits: TextEdit[];
  links: PageLink[];
  messages: BuildMessage[];
}

/** Mutates `tree`. `body` is the text it was parsed from; `file` the root-relative source path. */
export function prepareAuthoredBody(
  tree: Root,
  body: string,
  frontmatter: AuthoredFrontmatter | undefined,
  file: string,
  config: Pick<ResolvedConfig, "root" | "contentDir" | "docsPath"> & Partial<Pick<ResolvedConfig, "i18n" | "github">>,
): AuthoredBody {
  const idEdits = takeCustomHeadingIds(tree, body);
  const title = takePageTitle(tree, frontmatter?.title, file);
  // Invalid frontmatter was reported already; whether it held a title is unknown, so no title error on top.
  const messages = frontmatter ? title.messages : [];
  if (title.title === undefined || !frontmatter) return { agentSource: body, edits: [], links: [], messages };
  const contentFile = path.relative(config.contentDir, path.join(config.root, file)).split(path.sep).join("/");
  const linked = rewriteRelativeLinks(tree, {
    contentFile,
    repositoryContentDir: repositoryContentDir(config),
    routesOf: (slug) => pageRoutes(config, slug),
    assetUrl: (contentPath) => contentAssetUrl(config.docsPath, contentPath),
    source: body,
  });
  // After the link rewrite: an inline `<a>` that became a Markdown link carries the rewritten `.md` URL.
  const edits = [...idEdits, ...(title.edit ? [title.edit] : []), ...inlineHtmlEdits(tree, body), ...linked.edits];
  return {
    frontmatter: { ...frontmatter, title: title.title, ...(title.heading !== undefined && { heading: title.heading }) },
    agentSource: applyTextEdits(body, edits),
    edits,
    links: linked.links,
    messages: [],
  };
}

/**
 * The content folder's path in the site's repository: `github.directory` (the site's folder there, SPEC 2.17) joined
 * with the content folder's path in the site. Undefined without a directory.
 */
function repositoryContentDir(
  config: Pick<ResolvedConfig, "root" | "contentDir"> & Partial<Pick<ResolvedConfig, "github">>,
): string | undefined {
  const directory = config.github?.directory;
  if (directory === undefined || directory === "") return undefined;
  const inSite = path.relative(config.root, config.contentDir).split(path.sep).join("/");
  const joined = path.posix.normalize(path.posix.join(directory.replace(/^\/+|\/+$/g, ""), inSite));
  return joined === "." ? "" : joined;
}
