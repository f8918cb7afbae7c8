/**
 * `syncOnSearch` (SPEC 2.14: on by default when the runtime config holds an `adminApiKey`): the first search a
 * runtime answers with Typesense or Algolia first brings the engine up to date with this build's public documents,
 * the same digest-based sync as `docs search sync`, once per loaded build. The search waits for it, so it never
 * answers from an index that predates the deploy; after that a sync costs nothing. A failed sync is logged (keys
 * scrubbed) and retried on a later search; the search itself still goes to the engine.
 */
import type { SiteData } from "../../site-data.ts";
import type { SearchTransport } from "../providers/config.ts";
import { asProviderError, logProviderFailure, SearchProviderError } from "../providers/provider-error.ts";
import type { SearchProvider } from "../providers/types.ts";
import { syncSearch } from "./index.ts";
import type { SyncTarget } from "./sync-target.ts";

/** One sync per build the runtime loaded (a reloaded build is another SiteData); pending or done. */
const synced = new WeakMap<SiteData, Map<string, Promise<void>>>();

export function withSyncOnSearch(
  provider: SearchProvider,
  target: SyncTarget,
  data: SiteData,
  transport: SearchTransport,
  secrets: readonly string[],
): SearchProvider {
  const key =
    target.engine === "typesense"
      ? `typesense:${target.baseUrl}/${target.collection}`
      : `algolia:${target.appId}/${target.indexName}`;
  return {
    name: provider.name,
    async search(query, options) {
      let runs = synced.get(data);
      if (!runs) synced.set(data, (runs = new Map()));
      let run = runs.get(key);
      if (!run) {
        run = data
          .humanChunks()
          .then((chunks) => syncSearch({ target, chunks, transport }))
          .then(
            () => {},
            (error) => {
              runs.delete(key);
              const failure = asProviderError(target.engine, error);
              const label = `${target.engine} (syncOnSearch)`;
              logProviderFailure(
                new SearchProviderError(label, failure.reason, failure.message, failure.detail),
                secrets,
              );
            },
          );
        runs.set(key, run);
      }
      await run;
      return provider.search(query, options);
    },
  };
}
