/**
 * The rule id of every build message, declared once with what it reports. `formatMessage` prints the id, the
 * diagnostics report uses it as the issue code, and tests assert on id + position rather than on wording.
 * An id is stable: rewording a message keeps its id; a new kind of problem gets a new id here.
 */
export const RULES = {
  "config/missing": "no docs.config.ts(x) in the site root",
  "config/syntax": "the config file does not compile",
  "config/evaluate": "the config module throws or cannot be imported when evaluated",
  "config/no-default-export": "the config module has no default export",
  "config/not-object": "the default export is not a config object",
  "config/unknown-key": "a key the config schema does not know",
  "config/type": "a config value of the wrong type or outside its allowed values",
  "config/required": "a required config key is missing or blank",
  "config/not-implemented": "a key the schema accepts but that nothing in the build or runtime implements yet",
  "config/page-actions": "an Open-in provider that is no preset and has no urlTemplate or promptUrlTemplate",
  "config/locales": "an i18n setting that names no locale, a code that is no language tag, or an unknown defaultLocale",
  "content/missing-folder": "the content folder does not exist",
  "content/no-pages": "the content folder holds no page",
  "content/duplicate-page": "two source files are the same page (page.md and page.mdx, guide.md and guide/index.md, …)",
  "content/duplicate-route": "two page folders map to the same URL",
  "content/no-title": "a page with neither a frontmatter `title` nor a leading `# heading`",
  "frontmatter/yaml": "the frontmatter block is not valid YAML",
  "frontmatter/required": "a required frontmatter key is missing",
  "frontmatter/unknown-key": "a frontmatter key the schema does not know",
  "frontmatter/type": "a frontmatter value of the wrong type",
  "frontmatter/enum": "a frontmatter value outside its allowed values",
  "frontmatter/form": "a frontmatter value in none of the accepted forms",
  "frontmatter/invalid": "a frontmatter value the schema rejects for another reason",
  "frontmatter/foreign-key":
    "a frontmatter key of another docs tool (sidebar_position, sidebar.order, slug, …), ignored with a hint",
  "frontmatter/order-ignored":
    'pages set `order` but the config\'s `ordering` is not "numeric", so the sidebar ignores it (one per build)',
  "links/broken": "an internal link or image whose target is no page and no file of the build",
  "links/missing-anchor": "a link to a #fragment that no heading or id on the target page has",
  "mdx/invalid": "the page body does not parse as Markdown/MDX",
  "mdx/import": "an import in a page that cannot be resolved or bundled",
  "mdx/unknown-component": "a JSX component that is neither built in, registered, imported nor exported by the page",
  "mdx/partial":
    "an imported `.md`/`.mdx` partial that cannot be read, imports itself, or reads `props` beyond `{props.name}`",
  "mdx/evaluate": "evaluating a page throws (the position is the expression's, through the source map)",
  "mdx/doc-card-list":
    "a Docusaurus `<DocCardList>` on a page that is no section's landing page, or with `items` that are not read",
  "markdown/unknown-admonition": "a `:::name` container whose name is no admonition type",
  "markdown/raw-script": "raw <script> or <style> in a Markdown page, dropped from the output",
  "markdown/missing-snippet":
    "a VitePress `<<<` snippet import whose file is missing, unreadable or outside the site, or lacks the region named",
  "markdown/missing-include":
    "a VitePress `<!--@include:-->` whose file is missing, unreadable, outside the site or itself, or lacks the region",
  "markdown/vue-component": "a Vue component's tag in a `.md` page (VitePress), dropped with what it wraps kept",
  "code/unknown-language": "a code fence language Shiki does not know (reported once per language per build)",
  "api-reference/unreadable":
    "apiReference.specUrl names no readable file, points outside the project, or its URL cannot be fetched",
  "api-reference/syntax": "the OpenAPI contract is not valid JSON or YAML",
  "api-reference/version": "the contract is no Swagger 2.0 or OpenAPI 3.0, 3.1 or 3.2 document",
  "api-reference/invalid": "the contract lacks what an API reference needs (`paths` or, from 3.1, `webhooks`)",
  "api-reference/ref": "a `$ref` of the contract cannot be bundled (missing target, outside the project, over a bound)",
  "api-reference/versions":
    "`apiReference.versions` entries without a URL-safe unique id or a contract, or a `defaultVersion` that names none of them",
  "api-reference/no-routes": "`apiReference` without `specUrl` in a project with no API route handlers to scan",
  "api-reference/overlay":
    "an `apiReference.overlays` entry that is unreadable, not Overlay 1.0/1.1, has a bad JSONPath, an incompatible merge, or a target that selects nothing",
  "changelog/bad-date": "a changelog entry folder whose name is no YYYY-MM-DD date",
  "llms/over-budget": "an llms.txt file over its llmsTxt.maxChars budget",
  "sitemap/no-base-url": "sitemap.xml without a base URL, so its locations are relative",
  "sitemap/bad-date": "a page's last-modified date that is not a date",
  "sitemap/route-conflict": "a page whose Markdown route is also a Markdown sitemap route",
  "og/render-failed": "an Open Graph card that could not be rendered",
  "og/no-endpoint": "og.type dynamic without og.endpoint: pages get no generated image",
  "og/no-runtime": "a same-origin dynamic og.endpoint in a staticExport build, which has no runtime to answer it",
  "robots/damaged-block": "a robots.txt whose quire managed block has lost a marker line",
} as const satisfies Record<string, string>;

export type RuleId = keyof typeof RULES;
