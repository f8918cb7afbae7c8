/**
 * The runtime bundle under `_docs/`: everything the edge runtime reads (site settings, page index, nav tree,
 * feedback validator, content-changes log, build manifest) but the search files (search-indexes.ts). Bodies stay in
 * the `.md` files.
 */
import {
  BUILD_MANIFEST_FORMAT,
  FEEDBACK_VALIDATOR_FILE,
  runtimeFile,
  serializeRuntimeJson,
  SITE_SETTINGS_FORMAT,
  type RuntimeJsonFiles,
  type RuntimeJsonName,
} from "../../runtime/contract/index.ts";
import { hasContract } from "../content/contract.ts";
import type { EmitContext } from "./context.ts";
import { compileFeedbackValidator, DEFAULT_FEEDBACK_SCHEMA } from "./feedback-validator.ts";
import { hashEveryFile, outputDigest, outputNames } from "./file-digests.ts";
import { nextChangesLog, type ChangesLog } from "./changes-log.ts";
import { agentRoutes, dynamicOgRoute } from "./agent-routes.ts";
import { oncePerRecord } from "../cache/per-record.ts";
import type { Page } from "../model/types.ts";

export function emitRuntimeBundle(context: EmitContext, previousChanges?: ChangesLog): void {
  const { site, config, files } = context;
  const s = config.surfaces;
  const put = <N extends RuntimeJsonName>(name: N, value: RuntimeJsonFiles[N]) =>
    files.set(runtimeFile(name), serializeRuntimeJson(name, value));
  const routes = agentRoutes(config);

  put("site.json", {
    format: SITE_SETTINGS_FORMAT,
    title: s.llmsTxt.siteTitle,
    description: s.llmsTxt.siteDescription ?? null,
    entry: config.entry,
    docsPath: config.docsPath,
    baseUrl: config.baseUrl,
    staticExport: config.staticExport,
    mcp: s.mcp,
    search: { ...s.search, available: routes.search !== undefined },
    feedback: {
      agent: {
        enabled: s.feedback.agent.enabled,
        route: s.feedback.agent.route,
        schemaRoute: s.feedback.agent.schemaRoute,
      },
    },
    contentChanges: s.contentChanges,
    apiReference: { enabled: s.apiReference.enabled, path: s.apiReference.path },
    locales: site.locales,
    ...(config.i18n ? { i18n: config.i18n } : {}),
    ai: { enabled: s.ai.enabled, packageName: s.ai.packageName },
    og: { endpoint: dynamicOgRoute(config) ?? null },
  });
  // What serializeRuntimeJson writes (`JSON.stringify` of the array), one remembered page entry at a time.
  files.set(runtimeFile("pages.json"), `[${site.pages.map(pageEntryJson).join(",")}]\n`);
  put("nav.json", site.nav);
  put(
    "redirects.json",
    site.redirects.map((r) => ({ from: r.from, to: r.to, status: 302 })),
  );

  const schema = s.feedback.agent.schema ?? DEFAULT_FEEDBACK_SCHEMA;
  put("feedback-schema.json", schema);
  files.set(FEEDBACK_VALIDATOR_FILE, compileFeedbackValidator(schema));

  const documents = Object.fromEntries(
    site.pages.map((page) => {
      const file = page.markdownRoute.slice(1);
      return [page.slug, outputDigest(context, file) ?? (context.digests ?? hashEveryFile)(file, "")];
    }),
  );
  put("changes.json", nextChangesLog(previousChanges, documents));
}

type PageEntry = RuntimeJsonFiles["pages.json"][number];

/** A page's entry in `pages.json`, remembered per frozen record (per-record.ts). */
const pageEntryJson = oncePerRecord((page: Page) =>
  JSON.stringify({
    path: page.slug,
    route: page.route,
    markdownRoute: page.markdownRoute,
    title: page.frontmatter.title,
    description: page.frontmatter.description ?? null,
    related: page.frontmatter.related,
    tags: page.frontmatter.tags,
    framework: page.frontmatter.framework ?? null,
    version: page.frontmatter.version ?? null,
    locale: page.frontmatter.locale ?? null,
    ...(page.fallbackOf ? { fallbackOf: page.fallbackOf } : {}),
    hidden: page.frontmatter.hidden,
    hasAgentFile: page.hasAgentFile,
    contract: hasContract(page.frontmatter.agent) ? page.frontmatter.agent : null,
    lastModified: page.lastModified ?? null,
    headings: page.toc,
  } satisfies PageEntry),
);

/** Content hashes of every output file, written last so it covers everything else. */
export function emitBuildManifest(context: EmitContext): void {
  const entries = outputNames(context).map((path) => [path, outputDigest(context, path)!]);
  const manifest = { format: BUILD_MANIFEST_FORMAT, files: Object.fromEntries(entries) } as const;
  context.files.set(runtimeFile("build-manifest.json"), serializeRuntimeJson("build-manifest.json", manifest));
}
