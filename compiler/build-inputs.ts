/**
 * The first two passes of `docs build` — config and discover — as one step that loads none of the page pipeline
 * (MDX, Shiki, the renderers, the emitters). Issue 11: `docs build` with nothing changed has to answer in well under a
 * second, so everything it needs to decide that (the resolved config, the sources, git dates, `public/` and the root
 * agent files, the site's code languages, the component map) is read here, and the rest of the compiler is imported
 * only when something has to be built. `build()` takes the result as it is, so nothing is read twice.
 */
import path from "node:path";
import type { ApiReference } from "./api-reference/reference-pages.ts";
import { changelogPages } from "./changelog/changelog-pages.ts";
import { loadConfig, type LoadedConfig } from "./config/load.ts";
import { notImplementedWarnings } from "./config/not-implemented.ts";
import { checkConfig, resolveConfig } from "./config/resolve.ts";
import type { ResolvedConfig } from "./config/types.ts";
import { discoverPages, type SourcePage } from "./content/discover.ts";
import type { SourceReads } from "./content/source-reads.ts";
import { readGitDates } from "./content/git-dates.ts";
import { readStaticFiles, type StaticFiles } from "./content/static-files.ts";
import type { BuildMessage } from "./diagnostics.ts";
import { type ChangesLog, readPreviousChanges } from "./emit/changes-log.ts";
import { builtInComponents } from "./markdown/components/index.ts";
import { siteLanguages } from "./markdown/site-languages.ts";
import { createTimer } from "./timer.ts";

export interface BuildInputs {
  root: string;
  outDir: string;
  loaded: LoadedConfig;
  config: ResolvedConfig;
  /** Config warnings (keys accepted but not implemented yet). */
  configMessages: BuildMessage[];
  /** Every page source in build order: discovered, API reference, changelog entries moved to their routes. */
  pages: SourcePage[];
  discoverMessages: BuildMessage[];
  /** The API reference's bundled contracts (`_docs/openapi.json`, other versions), when the site has one. */
  apiReference: Pick<ApiReference, "document" | "otherVersions">;
  gitDates: Map<string, string>;
  /** Whether git dates were read (`git: false` in snapshot tests and `--no-git`). */
  git: boolean;
  /**
   * The changes log the last build left in the output folder, read when first asked: only the site files need it
   * (in `docs dev`, after the pages are written), and at 5,000 pages it is 8 MB of JSON.
   */
  previousChanges: () => Promise<ChangesLog | undefined>;
  staticFiles: StaticFiles;
  /** The site's code languages, sorted (the highlighter loads them all before the first page). */
  languages: string[];
  /** Built-in components with the config's on top. */
  components: Record<string, unknown>;
  /** `config` and `discover` pass times. */
  timings: Record<string, number>;
}

export async function readBuildInputs(options: {
  root: string;
  outDir?: string;
  git?: boolean;
  sourceReads?: SourceReads;
}): Promise<BuildInputs> {
  const root = path.resolve(options.root);
  const outDir = path.resolve(root, options.outDir ?? "dist");
  const timer = createTimer();

  const loaded = await loadConfig(root);
  const config = resolveConfig(checkConfig(loaded), root, loaded.file);
  const configMessages = notImplementedWarnings(loaded);
  timer.lap("config");

  const discovered = await discoverPages(root, config.contentDir, options.sourceReads);
  // SPEC 2.15: the API reference's generated pages join the authored ones and go through the same pipeline. Its
  // module (a JSON Schema bundler) is loaded only for sites that have one.
  const apiReference: ApiReference = config.surfaces.apiReference.enabled
    ? await (await import("./api-reference/reference-pages.ts")).apiReferencePages(config)
    : { pages: [], messages: [] };
  discovered.pages.push(...apiReference.pages);
  discovered.messages.push(...apiReference.messages);
  // SPEC 2.16: dated entry folders move to <path>/<date>, drafts leave before anything is built, a listing joins.
  const changelog = changelogPages(discovered.pages, config.surfaces.changelog, config.docsPath);
  discovered.messages.push(...changelog.messages);
  const git = options.git !== false;
  const [gitDates, staticFiles] = await Promise.all([
    git ? readGitDates(root, config.contentDir) : new Map<string, string>(),
    readStaticFiles(root, config.contentDir, outDir, options.sourceReads),
  ]);
  let previousChanges: Promise<ChangesLog | undefined> | undefined;
  timer.lap("discover");

  return {
    root,
    outDir,
    loaded,
    config,
    configMessages,
    pages: changelog.pages,
    discoverMessages: discovered.messages,
    apiReference: { document: apiReference.document, otherVersions: apiReference.otherVersions },
    gitDates,
    git,
    previousChanges: () => (previousChanges ??= readPreviousChanges(outDir)),
    staticFiles,
    languages: siteLanguages(changelog.pages),
    components: { ...builtInComponents, ...config.components },
    timings: timer.laps,
  };
}
