/**
 * `custom` search (SPEC 2.14): the site's adapter, given the normalized pages and chunked documents of the
 * audience's projection. Whatever it returns is validated (malformed items dropped, capped at the limit), and it is
 * held to the same timeout as the external engines.
 */
import type { SiteData } from "../../site-data.ts";
import type { PageEntry, SearchChunk } from "../../contract/index.ts";
import type { CustomSettings, SearchTransport } from "./config.ts";
import { normalizeResults, resultList } from "./normalize.ts";
import { asProviderError, SearchProviderError } from "./provider-error.ts";
import type { SearchAudience, SearchDocument, SearchPage, SearchProvider } from "./types.ts";
import { callSignal, networkFailure } from "./upstream.ts";

const NAME = "custom";

export function createCustomProvider(
  settings: CustomSettings,
  transport: SearchTransport,
  data: SiteData,
): SearchProvider {
  return {
    name: NAME,
    async search(query, { limit, locale, audience, signal }) {
      const deadline = callSignal(transport, signal);
      const answer = await untilAborted(deadline, transport, async () => {
        const adapter = await settings.adapter();
        return adapter.search(query, {
          locale,
          limit,
          audience,
          signal: deadline,
          documents: () => documentsFor(data, audience),
          pages: pagesOf(data),
        });
      });
      const list = resultList(answer);
      if (!list)
        throw new SearchProviderError(NAME, "invalid_response", `The ${NAME} search adapter returned no result list.`);
      return normalizeResults(list, limit);
    },
  };
}

/** The adapter's answer, or a timeout failure when the signal fires first (the adapter cannot hold the request). */
async function untilAborted<T>(signal: AbortSignal, transport: SearchTransport, run: () => Promise<T>): Promise<T> {
  let onAbort = () => {};
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(networkFailure(NAME, transport, signal.reason));
    if (signal.aborted) onAbort();
    else signal.addEventListener("abort", onAbort, { once: true });
  });
  try {
    return await Promise.race([
      run().catch((error) => {
        throw asProviderError(NAME, error);
      }),
      aborted,
    ]);
  } finally {
    signal.removeEventListener("abort", onAbort);
  }
}

const documentCache = new WeakMap<SiteData, Map<SearchAudience, Promise<SearchDocument[]>>>();

/** Chunks of the audience's projection as SearchDocuments, computed once per site. */
function documentsFor(data: SiteData, audience: SearchAudience): Promise<SearchDocument[]> {
  let byAudience = documentCache.get(data);
  if (!byAudience) documentCache.set(data, (byAudience = new Map()));
  let documents = byAudience.get(audience);
  if (!documents) {
    documents = (audience === "agent" ? data.agentChunks() : data.humanChunks()).then((chunks) =>
      chunks.map((chunk) => toDocument(chunk, data)),
    );
    byAudience.set(audience, documents);
    documents.catch(() => byAudience!.delete(audience));
  }
  return documents;
}

function toDocument(chunk: SearchChunk, data: SiteData): SearchDocument {
  return {
    id: chunk.id,
    url: chunk.url,
    title: chunk.title,
    section: chunk.section,
    content: chunk.content,
    description: chunk.description ?? null,
    type: chunk.type,
    path: chunk.path,
    locale: data.pagesByPath.get(chunk.path)?.locale ?? null,
  };
}

const pageCache = new WeakMap<SiteData, readonly SearchPage[]>();

/** Shared by every search, so frozen: one adapter call cannot change what the next one sees. */
function pagesOf(data: SiteData): readonly SearchPage[] {
  let pages = pageCache.get(data);
  if (!pages) pageCache.set(data, (pages = Object.freeze(data.pages.map((page) => Object.freeze(toPage(page))))));
  return pages;
}

function toPage(page: PageEntry): SearchPage {
  return {
    path: page.path,
    url: page.route,
    markdownUrl: page.markdownRoute,
    title: page.title,
    description: page.description,
    locale: page.locale,
    tags: page.tags,
    hidden: page.hidden,
  };
}
