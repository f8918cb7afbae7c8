/**
 * Where `docs search sync` (and `syncOnSearch`) writes, from the `search` config (SPEC 2.14) and the environment:
 * the admin key comes from `search.adminApiKey` or, so it need not sit in a committed file, from
 * `TYPESENSE_ADMIN_API_KEY` / `ALGOLIA_ADMIN_API_KEY`. `hybrid` mode with `embeddings.model` embeds documents.
 */
import { DEFAULT_EMBEDDINGS_URL } from "../providers/config.ts";
import type { EmbeddingsSettings } from "./embedder.ts";

export type SyncEngine = "typesense" | "algolia";

export const ADMIN_KEY_ENV: Record<SyncEngine, string> = {
  typesense: "TYPESENSE_ADMIN_API_KEY",
  algolia: "ALGOLIA_ADMIN_API_KEY",
};

export type SyncTarget =
  | {
      engine: "typesense";
      baseUrl: string;
      collection: string;
      adminApiKey: string;
      embeddings: EmbeddingsSettings | null;
    }
  | { engine: "algolia"; appId: string; indexName: string; adminApiKey: string };

/** The target, or the names of what is missing (config keys, or the env variable for the key). */
export function resolveSyncTarget(
  engine: SyncEngine,
  search: unknown,
  env: Record<string, string | undefined>,
): { target: SyncTarget } | { missing: string[] } {
  const config = search && typeof search === "object" ? (search as Record<string, unknown>) : {};
  const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : undefined);
  const adminApiKey = text(config.adminApiKey) ?? text(env[ADMIN_KEY_ENV[engine]]);
  const need = (fields: Record<string, string | undefined>) =>
    Object.entries(fields)
      .filter(([, value]) => !value)
      .map(([name]) => (name === "adminApiKey" ? `search.adminApiKey or ${ADMIN_KEY_ENV[engine]}` : `search.${name}`));
  if (engine === "typesense") {
    const baseUrl = text(config.baseUrl);
    const collection = text(config.collection);
    const missing = need({ baseUrl, collection, adminApiKey });
    if (missing.length) return { missing };
    const embeddings = config.embeddings as Record<string, unknown> | undefined;
    const model = config.mode === "hybrid" ? text(embeddings?.model) : undefined;
    return {
      target: {
        engine,
        baseUrl: baseUrl!.replace(/\/+$/, ""),
        collection: collection!,
        adminApiKey: adminApiKey!,
        embeddings: model
          ? { model, baseUrl: (text(embeddings?.baseUrl) ?? DEFAULT_EMBEDDINGS_URL).replace(/\/+$/, "") }
          : null,
      },
    };
  }
  const appId = text(config.appId);
  const indexName = text(config.indexName);
  const missing = need({ appId, indexName, adminApiKey });
  if (missing.length) return { missing };
  return { target: { engine, appId: appId!, indexName: indexName!, adminApiKey: adminApiKey! } };
}
