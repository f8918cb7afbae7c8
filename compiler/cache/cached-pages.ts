/**
 * The pages pass with the incremental cache in front (issue 11): records whose key matches are taken from the
 * cache, the rest go through `buildPageResults` (workers past the threshold, as in a cold build) and are stored.
 * Results come back in source order, so pages and messages are in the same order as a cold build's.
 * Only pages that built without errors are stored: a broken page is rebuilt (and reported) every time.
 * An MDX page with an `import` is never stored either: its output depends on files (local components, packages)
 * that are not in its key, so it is compiled on every build.
 */
import type { SourcePage } from "../content/discover.ts";
import type { BuildMessage } from "../diagnostics.ts";
import { hasErrors } from "../diagnostics.ts";
import type { PageContext } from "../model/build-page.ts";
import { buildPageResults, type BuildPagesOptions, type PageResult } from "../model/build-pages.ts";
import { inMemory, inSpool, type ResultShelf } from "../model/shelve-page.ts";
import type { Page, PageTerms } from "../model/types.ts";
import { rememberTermCounts } from "../../runtime/search/simple.ts";
import { importsModules } from "./imports-modules.ts";
import { pageKey } from "./cache-key.ts";
import type { CachedPage, PageCache } from "./page-cache.ts";
import type { TextSpool } from "../write/text-spool.ts";

export { importsModules };

const termsGiven = new WeakSet<Page>();

export interface CachedPagesOptions extends BuildPagesOptions {
  /** Undefined: every page is compiled (`--no-cache`). */
  cache?: PageCache;
  /** Quire build identity and config key (cache-key.ts). */
  identity: string;
  config: string;
  /** Page keys in source order, when the caller computed them already (site-keys.ts). */
  keys?: readonly string[];
  /**
   * A `docs build`'s spool, where each result waits out of the heap until every page is built
   * (model/shelve-page.ts); without it, results stay in memory (`docs dev`).
   */
  spool?: TextSpool;
}

export interface CachedPagesResult {
  pages: Page[];
  messages: BuildMessage[];
  /** Pages compiled in this build (cache misses). */
  rebuilt: number;
  /** Every key this build used, in source order, for pruning the cache after a successful build. */
  keys: Set<string>;
  /** True when the keys decide every page (no page imports modules), so they can fingerprint the whole build. */
  keyed: boolean;
}

export async function buildPagesCached(
  sources: SourcePage[],
  context: PageContext,
  options: CachedPagesOptions,
): Promise<CachedPagesResult> {
  return options.spool
    ? await cachedPages(sources, context, options, inSpool(options.spool))
    : await cachedPages(sources, context, options, inMemory);
}

async function cachedPages<Kept>(
  sources: SourcePage[],
  context: PageContext,
  options: CachedPagesOptions,
  shelf: ResultShelf<Kept>,
): Promise<CachedPagesResult> {
  const keys =
    options.keys ??
    sources.map((source) =>
      pageKey(source, {
        identity: options.identity,
        config: options.config,
        languages: options.languages,
        gitDate: context.gitDates.get(source.sourcePath),
      }),
    );
  const results: (PageResult | undefined)[] = await Promise.all(
    keys.map(async (key, index) => {
      const cached = importsModules(sources[index]) ? undefined : await options.cache?.get(key);
      return cached && shelf.hold(cached);
    }),
  );
  const missing = sources.map((_, index) => index).filter((index) => results[index] === undefined);
  if (missing.length > 0) {
    const built = await buildPageResults(
      missing.map((index) => sources[index]),
      context,
      {
        languages: options.languages,
        bundledConfig: options.bundledConfig,
        inProcess: options.inProcess,
        onPage: options.onPage && ((done) => options.onPage!(sources.length - missing.length + done, sources.length)),
      },
      shelf,
    );
    // Every page is built: the results come back.
    built.forEach((kept, i) => (results[missing[i]] = shelf.take(kept)));
  }
  if (options.cache) {
    const storable: [string, CachedPage][] = [];
    for (const index of missing) {
      const result = results[index]!;
      if (result.page && !hasErrors(result.messages) && !importsModules(sources[index]))
        storable.push([keys[index], { page: result.page, messages: result.messages, terms: result.terms }]);
    }
    await storeAll(options.cache, storable);
  }
  const pages: Page[] = [];
  const messages: BuildMessage[] = [];
  for (const result of results) {
    if (result!.page) {
      pages.push(result!.page);
      rememberPageTerms(result!.page, result!.terms);
    }
    messages.push(...result!.messages);
  }
  return { pages, messages, rebuilt: missing.length, keys: new Set(keys), keyed: !sources.some(importsModules) };
}

/** Cache writes under way at once: each holds its record serialized until it is on disk (10,000 pages: ~1 GB). */
const STORE_LANES = 8;

async function storeAll(cache: PageCache, entries: readonly [string, CachedPage][]): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: STORE_LANES }, async () => {
      while (next < entries.length) {
        const [key, value] = entries[next++];
        await cache.set(key, value).catch(() => {
          // The cache is only a shortcut: a folder that cannot be written leaves this page to be rebuilt next time.
        });
      }
    }),
  );
}

/**
 * Hands a page's chunk term counts (from its worker or the cache) to the search indexes, when they line up; once per
 * page object (`docs dev` hands every build the same record).
 */
function rememberPageTerms(page: Page, terms: PageTerms | undefined): void {
  if (!terms || termsGiven.has(page)) return;
  termsGiven.add(page);
  for (const audience of ["human", "agent"] as const) {
    const chunks = page.chunks[audience];
    const packed = terms[audience];
    if (packed?.length !== chunks.length) continue;
    // Read when the indexes are made: a `docs build` keeps them on disk until then (model/shelve-page.ts).
    chunks.forEach((chunk, i) => rememberTermCounts(chunk, () => packed[i]));
  }
}
