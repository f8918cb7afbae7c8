/**
 * The files made from the whole site once the pages are rendered — llms files, sitemaps, robots.txt, the changelog
 * feed, agent files, the manifest, the API catalog, host headers, the runtime bundle, the search indexes, `public/`
 * (which wins over any of them; the content folder's images and documents come first, so any of them wins over
 * those) and last the build manifest — in the order a build has always emitted them, then
 * the link check over the complete file list. `docs dev` writes these after the pages (index.ts `pagesFirst`), so
 * the emitters run the same either way and report which names they set.
 */
import { checkLinks } from "../links/check-links.ts";
import { linkRepairsOf, repairedLinks } from "../links/link-repairs.ts";
import { sectionCardMessages } from "../render/section-cards.ts";
import type { ChangesLog } from "../../runtime/contract/index.ts";
import type { StagedDist } from "../write/staged-dist.ts";
import type { OutputFiles } from "../write/write-dist.ts";
import { emitAgentFiles } from "./agent-files.ts";
import { emitApiCatalog } from "./api-catalog.ts";
import { emitChangelogFeed } from "./changelog-feed.ts";
import type { EmitContext } from "./context.ts";
import { outputNames } from "./file-digests.ts";
import type { PartsSink, PartsWriter } from "./file-parts.ts";
import { emitLlmsTxt } from "./llms.ts";
import { emitManifest } from "./manifest.ts";
import { applyContentAssets, applyPublicFiles } from "./public-files.ts";
import { emitRobots } from "./robots.ts";
import { emitBuildManifest, emitRuntimeBundle } from "./runtime-bundle.ts";
import { emitHostHeaders, emitRuntimeData } from "./runtime-data.ts";
import { emitSearchIndexes } from "./search-indexes.ts";
import { emitSitemaps } from "./sitemap.ts";
import { emitStaticSearch } from "./static-search.ts";

/** Adds the site files to `context.files`; returns the names it set (public files over a page's included). */
export function emitSiteFiles(context: EmitContext, previousChanges?: ChangesLog): Set<string> {
  const files = new NamesSet(context.files, context.staged);
  const own: EmitContext = { ...context, files };
  applyContentAssets(own);
  emitLlmsTxt(own);
  emitSitemaps(own);
  emitRobots(own);
  emitChangelogFeed(own);
  emitAgentFiles(own);
  emitManifest(own);
  emitApiCatalog(own);
  emitHostHeaders(own);
  emitRuntimeData(own);
  emitRuntimeBundle(own, previousChanges);
  emitStaticSearch(own);
  emitSearchIndexes(own);
  applyPublicFiles(own);
  emitBuildManifest(own);
  for (const name of files.names) {
    const contents = files.get(name);
    // Written ahead: the staged file is the one that stands (a public file over an asset, say).
    if (contents === undefined) context.files.delete(name);
    else context.files.set(name, contents);
  }
  const { site } = context;
  context.messages.push(...sectionCardMessages(site, context.config));
  context.messages.push(
    ...checkLinks({
      pages: site.pages.map((page) => ({
        sourcePath: page.sourcePath,
        route: page.route,
        markdownRoute: page.markdownRoute,
        // A link written for another tool and mended is checked where it now leads (links/link-repairs.ts).
        links: repairedLinks(page.links ?? [], linkRepairsOf(page, site, context.config)),
        anchors: page.anchors ?? [],
      })),
      files: outputNames(context),
      docsRoute: context.config.docsRoute,
    }),
  );
  return files.names;
}

/**
 * A copy of the build's files that remembers which names the emitters set. With `staged`, each file set is written
 * at once and not kept: the search indexes and llms files of a large site are not all held together.
 */
class NamesSet extends Map<string, string | Uint8Array> implements PartsSink {
  readonly names = new Set<string>();

  constructor(
    files: OutputFiles,
    private readonly staged?: StagedDist,
  ) {
    super(files);
  }

  override set(name: string, contents: string | Uint8Array): this {
    // Map's constructor adds the initial entries through set(), before `names` and `staged` exist.
    this.names?.add(name);
    if (!this.staged) return super.set(name, contents);
    this.staged.set(name, contents);
    super.delete(name);
    return this;
  }

  override has(name: string): boolean {
    return super.has(name) || (this.staged?.written.has(name) ?? false);
  }

  /** A large file part by part, straight to the staged folder (emit/file-parts.ts); undefined when not staged. */
  openParts(name: string): PartsWriter | undefined {
    if (!this.staged) return undefined;
    const writer = this.staged.openParts(name);
    return {
      write: (part) => writer.write(part),
      end: (...copies) => {
        writer.end(...copies);
        for (const written of [name, ...copies]) {
          this.names.add(written);
          super.delete(written);
        }
      },
    };
  }
}
