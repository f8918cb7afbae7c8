/** `docs build`: config → discover → pages → model → emit → write. Each step is a call into its module. */
import path from "node:path";
import { buildPagesCached } from "./cache/cached-pages.ts";
import { intactBuild, recordBuild, unchangedBuild } from "./cache/build-record.ts";
import { forgetSourcePaths } from "./cache/per-source-path.ts";
import { siteKeys } from "./cache/site-keys.ts";
import { type BuildInputs, readBuildInputs } from "./build-inputs.ts";
import type { SourceReads } from "./content/source-reads.ts";
import { defaultCacheDir, openPageCache, type PageCache, type PageCacheStats } from "./cache/page-cache.ts";
import type { ResolvedConfig } from "./config/types.ts";
import { orderIgnoredWarning } from "./content/order-ignored.ts";
import { BuildFailure, hasErrors, type BuildMessage } from "./diagnostics.ts";
import { excludeChangelogFromSearch } from "./changelog/changelog-search.ts";
import type { EmitContext } from "./emit/context.ts";
import { emitOgImages } from "./emit/og/index.ts";
import { emitNotFoundPage } from "./emit/not-found.ts";
import { emitPages } from "./emit/pages.ts";
import { emitSearchPage } from "./emit/search-page.ts";
import { emitSiteFiles } from "./emit/site-files.ts";
import type { ChangesLog } from "../runtime/contract/index.ts";
import { firstUsePerLanguage } from "./markdown/code-fences.ts";
import { prepareHighlighter, withHighlighter } from "./markdown/highlighter.ts";
import { createHtmlRenderer } from "./markdown/html.ts";
import type { PageContext } from "./model/build-page.ts";
import { buildLocaleNavigation } from "./i18n/locale-nav.ts";
import { localizePages } from "./i18n/localize-pages.ts";
import { countNavLinks } from "./model/prune-nav.ts";
import type { Page, SiteModel } from "./model/types.ts";
import { renderHeadExtra } from "./render/head/index.ts";
import { buildAssets } from "./render/html/assets.ts";
import { previousDigests } from "./write/reusable-files.ts";
import { type ReusableOutput, StagedDist } from "./write/staged-dist.ts";
import { writeChangedFiles } from "./write/write-changed.ts";
import { writeDist, type OutputFiles } from "./write/write-dist.ts";
import { createTimer } from "./timer.ts";
import { spoolProperty, TextSpool } from "./write/text-spool.ts";
import { createFileDigests, outputCount, outputNames } from "./emit/file-digests.ts";

export { tuneBuildProcess } from "./parallel/build-process.ts";

export interface BuildOptions {
  /** Site root holding docs.config.ts(x). */
  root: string;
  /** Output folder; replaced atomically. Default `<root>/dist`. */
  outDir?: string;
  /** Read last-updated dates from git (default true). Snapshot tests turn it off. */
  git?: boolean;
  /** Called after each page, for progress bars. */
  onPage?: (done: number, total: number) => void;
  /**
   * Incremental page cache (issue 11): a cache opened with `openPageCache` (`docs dev` keeps one across builds),
   * `false` to build every page, default `<root>/node_modules/.cache/quire`.
   */
  cache?: PageCache | false;
  /**
   * How page sources are listed and read: `docs dev` passes `rememberedReads()` for its whole session, so a rebuild
   * reads only the files whose status changed. Default: read everything.
   */
  sourceReads?: SourceReads;
  /** Config and sources already read by `readBuildInputs` for this build (`docs build` reads them first to see
   * whether anything changed at all). */
  inputs?: BuildInputs;
  /** What the previous build of this process wrote to `outDir`: only the differences are written, in place (`docs dev`). */
  previous?: PreviousBuild;
  /**
   * `docs dev`, with `previous`: the pages are written first. `build()` resolves once every page's HTML and `.md` is
   * on disk, with the previous build's site files (emit/site-files.ts: llms files, sitemaps, the runtime bundle,
   * the search indexes, the build manifest…) standing in, and the result's `writeSiteFiles()` then makes and writes
   * this build's, after which the folder holds exactly what a cold build writes. A reloading tab waits for its page
   * only; the link check and the site files' warnings come with `writeSiteFiles()`.
   */
  pagesFirst?: boolean;
  /**
   * Keep every output file in memory and return it as `output`, the `previous` of a next build (`docs dev`; implied
   * by `previous`). Default: each page is written to disk as it is rendered, which keeps a large build's memory down.
   */
  keepOutput?: boolean;
}

/** What a `docs dev` build hands to the next one. */
export interface PreviousBuild {
  output: OutputFiles;
  /** The names in `output` that the site files were written to (emit/site-files.ts). */
  siteFiles: ReadonlySet<string>;
}

export interface BuildResult {
  config: ResolvedConfig;
  site: SiteModel;
  outDir: string;
  files: number;
  bytes: number;
  warnings: BuildMessage[];
  /** Milliseconds per pass, in order. */
  timings: Record<string, number>;
  /** True when `outDir` already held this build's output and nothing was written. */
  unchanged: boolean;
  /**
   * Every file of the build, by path, when they were kept in memory (`keepOutput`, `previous`); a `docs build`
   * writes each page as it is made and keeps none.
   */
  output?: OutputFiles;
  /** The names in `output` that the site files were written to (emit/site-files.ts). */
  siteFiles?: ReadonlySet<string>;
  /**
   * With `pagesFirst`: makes the site files, checks the links and writes what changed; resolves to the build's
   * final files (the `previous` of the next build) and the warnings they added.
   */
  writeSiteFiles?: () => Promise<PreviousBuild & { warnings: BuildMessage[] }>;
  /** Page cache use; undefined with `cache: false`. `rebuilt` pages were compiled, the others reused. */
  cache?: PageCacheStats & { rebuilt: number };
}

export async function build(options: BuildOptions): Promise<BuildResult> {
  const inputs = options.inputs ?? (await readBuildInputs(options));
  const { root, outDir, config, previousChanges, apiReference } = inputs;
  const timer = createTimer({ ...inputs.timings });

  const context: PageContext = {
    config,
    renderer: createHtmlRenderer(config),
    components: inputs.components,
    gitDates: inputs.gitDates,
  };
  const { languages } = inputs;
  const cache = options.cache ?? openPageCache(defaultCacheDir(root));
  const keys = cache ? siteKeys(inputs) : undefined;
  // A `docs build` keeps each page result on disk until every page is built, and then each record's long texts until
  // the emitters read them (model/shelve-page.ts); `docs dev` keeps its records in memory, frozen, for the next build.
  const spool = options.previous || options.keepOutput ? undefined : TextSpool.open(path.dirname(outDir));
  // The sources too: the workers are sent theirs as they go, and a two-byte source text takes twice its length.
  if (spool) {
    for (const source of inputs.pages) spoolProperty(source, "source", spool);
    forgetSourcePaths();
  }
  const { pages, messages, rebuilt } = await buildPagesCached(inputs.pages, context, {
    spool,
    languages,
    bundledConfig: inputs.loaded,
    onPage: options.onPage,
    cache: cache || undefined,
    identity: keys?.identity ?? "",
    config: keys?.config ?? "",
    keys: keys?.pageKeys,
    inProcess: async (work) => withHighlighter(await prepareHighlighter(config.theme, languages), work),
  });
  // Issue 10: an unknown code language is reported once per build, at its first use (pages are in source order).
  const pageMessages = firstUsePerLanguage(messages);
  messages.splice(
    0,
    messages.length,
    ...inputs.configMessages,
    ...inputs.discoverMessages,
    ...duplicateRoutes(pages),
    ...pageMessages,
  );
  if (hasErrors(messages)) throw new BuildFailure(messages);
  excludeChangelogFromSearch(pages, config.surfaces.changelog);
  timer.lap("pages");

  // Each source is read when asked (only the first page with an `order` is): a spooled build reads none back.
  const sources = new Map(inputs.pages.map((source) => [source.sourcePath, source]));
  messages.push(
    ...orderIgnoredWarning(
      pages.map((page) => ({
        sourcePath: page.sourcePath,
        order: page.frontmatter.order,
        get source() {
          return sources.get(page.sourcePath)?.source ?? "";
        },
      })),
      config.ordering,
    ),
  );
  // Issue 14: locales from content folders, fallback pages for missing translations, one sidebar per locale.
  const sitePages = localizePages(pages, config);
  const navigation = buildLocaleNavigation(sitePages, config);
  const site: SiteModel = {
    pages: sitePages,
    nav: navigation.tree,
    localeNavs: config.i18n ? navigation.trees : undefined,
    readingOrder: navigation.readingOrder,
    redirects: navigation.redirects,
    locales: [...new Set(sitePages.flatMap((page) => page.frontmatter.locale ?? []))].sort(),
    navLinkCount: countNavLinks(navigation.tree.children),
    staticFiles: inputs.staticFiles,
    openapi: apiReference.document,
    openapiVersions: apiReference.otherVersions,
  };
  timer.lap("model");

  // Issue 11: same inputs as the build that wrote outDir, and outDir as it left it → that output stands as is.
  const previous = options.previous;
  const fingerprint = previous ? undefined : keys?.fingerprint;
  const unchanged = fingerprint && cache ? await unchangedBuild(cache.dir, outDir, fingerprint) : undefined;
  if (unchanged && cache) {
    timer.lap("unchanged");
    return {
      config,
      site,
      outDir,
      files: unchanged.files.length,
      bytes: unchanged.bytes,
      warnings: unchanged.messages,
      unchanged: true,
      timings: timer.laps,
      cache: { ...cache.stats, rebuilt },
    };
  }

  // A `docs build` writes each page as it is rendered (write/staged-dist.ts); `docs dev` keeps every file in memory
  // to compare the next build with.
  const reuse = previous ? undefined : await reusableOutput(cache || undefined, outDir);
  const staged = previous || options.keepOutput ? undefined : await StagedDist.open(outDir, reuse);
  const files: OutputFiles = new Map();
  const emit: EmitContext = { site, config, files, messages, digests: createFileDigests(previous?.output), staged };
  const pagesFirst = options.pagesFirst && previous ? previous : undefined;
  const shadowed: OutputFiles = new Map();
  let siteFiles: ReadonlySet<string>;
  try {
    const assets = buildAssets(config);
    for (const asset of assets.files) files.set(asset.path, asset.contents);
    const ogCache = path.join(cache ? cache.dir : defaultCacheDir(root), "og");
    const ogImages = await emitOgImages(emit, { cacheDir: ogCache });
    timer.lap("og images");
    const pageFiles = staged ?? files;
    emitPages(
      site,
      config,
      assets.urls,
      pageFiles,
      (page) => renderHeadExtra(page, site, config, ogImages.get(page.route)),
      (page) => ogImages.get(page.route),
    );
    emitNotFoundPage(site, config, assets.urls, pageFiles);
    emitSearchPage(site, config, assets.urls, pageFiles);
    timer.lap("emit pages");

    if (pagesFirst) {
      // The last build's site files stand in until writeSiteFiles(); a page file a public file overrode stays aside.
      for (const name of pagesFirst.siteFiles) {
        const page = files.get(name);
        if (page !== undefined) shadowed.set(name, page);
        files.set(name, pagesFirst.output.get(name)!);
      }
      siteFiles = pagesFirst.siteFiles;
    } else siteFiles = emitSiteFiles(emit, await previousChanges());
    if (hasErrors(messages)) throw new BuildFailure(messages);
    timer.lap("emit artifacts");
  } catch (error) {
    await staged?.discard();
    throw error;
  }

  // The sorted list only for the build record; a `docs dev` rebuild needs the count alone (10,000 names at 5,000 pages).
  const names = cache && fingerprint ? outputNames(emit) : undefined;
  const fileCount = names?.length ?? outputCount(emit);
  if (previous) await writeChangedFiles(outDir, files, previous.output);
  else if (staged) await staged.commit(files);
  else await writeDist(outDir, files, reuse);
  if (cache && keys) await cache.retain(new Set(keys.pageKeys));
  if (cache && fingerprint && names)
    await recordBuild(cache.dir, outDir, { fingerprint, pages: site.pages.length, messages }, names);
  timer.lap("write");

  let bytes: number | undefined;
  return {
    config,
    site,
    outDir,
    files: fileCount,
    // Counted when asked (the build summary): UTF-8 lengths of every file are ~110 ms at 5,000 pages, which a
    // `docs dev` rebuild does not need.
    get bytes() {
      bytes ??= outputBytes(emit);
      return bytes;
    },
    warnings: messages,
    timings: timer.laps,
    unchanged: false,
    output: staged ? undefined : files,
    siteFiles,
    writeSiteFiles: pagesFirst && (() => writeSiteFilesLater(emit, outDir, pagesFirst, shadowed, previousChanges)),
    cache: cache ? { ...cache.stats, rebuilt } : undefined,
  };
}

/**
 * `pagesFirst`'s second half: the stand-ins give way to this build's site files, made from the pages as a cold
 * build makes them, and only what differs from the first half's files is written or removed.
 */
async function writeSiteFilesLater(
  emitted: EmitContext,
  outDir: string,
  previous: PreviousBuild,
  shadowed: OutputFiles,
  previousChanges: () => Promise<ChangesLog | undefined>,
): Promise<PreviousBuild & { warnings: BuildMessage[] }> {
  const written = emitted.files;
  const files: OutputFiles = new Map(written);
  for (const name of previous.siteFiles) {
    const page = shadowed.get(name);
    if (page === undefined) files.delete(name);
    else files.set(name, page);
  }
  // The build's messages so far go into the diagnostics report, as in a cold build; the first half's digests are
  // made from the previous build's files and manifest (the stand-in manifest in `written` describes those).
  const messages = [...emitted.messages];
  const context: EmitContext = { ...emitted, files, messages };
  const siteFiles = emitSiteFiles(context, await previousChanges());
  if (hasErrors(messages)) throw new BuildFailure(messages);
  await writeChangedFiles(outDir, files, written);
  return { output: files, siteFiles, warnings: messages.slice(emitted.messages.length) };
}

/** The files of `outDir` a build may link rather than write, when the build record vouches that the folder is as
 * the last build left it (write/reusable-files.ts). */
async function reusableOutput(cache: PageCache | undefined, outDir: string): Promise<ReusableOutput | undefined> {
  if (!cache || !(await intactBuild(cache.dir, outDir))) return undefined;
  const digests = await previousDigests(outDir);
  return digests && { from: outDir, digests };
}

/** UTF-8 bytes of every output file, in memory or written ahead. */
function outputBytes(emit: EmitContext): number {
  let bytes = 0;
  for (const contents of emit.files.values())
    bytes += typeof contents === "string" ? Buffer.byteLength(contents) : contents.byteLength;
  for (const [name, file] of emit.staged?.written ?? []) if (!emit.files.has(name)) bytes += file.bytes;
  return bytes;
}

/** Route groups and `docsPath` can map two folders to one URL. */
function duplicateRoutes(pages: Page[]): BuildMessage[] {
  const seen = new Map<string, Page>();
  const messages: BuildMessage[] = [];
  for (const page of pages) {
    const first = seen.get(page.route);
    if (first)
      messages.push({
        severity: "error",
        rule: "content/duplicate-route",
        file: page.sourcePath,
        reason: `route ${page.route} is also produced by ${first.sourcePath}`,
        hint: "rename one of the folders",
      });
    else seen.set(page.route, page);
  }
  return messages;
}
