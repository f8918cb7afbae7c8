/** Pushing the built search documents to an external engine (issue 12, SPEC 2.14): `docs search sync`, `syncOnSearch`. */
import type { SearchChunk } from "../../contract/index.ts";
import type { SearchTransport } from "../providers/config.ts";
import { syncAlgolia } from "./algolia-sync.ts";
import { syncDocuments } from "./sync-documents.ts";
import type { SyncProgress, SyncReport } from "./sync-report.ts";
import type { SyncTarget } from "./sync-target.ts";
import { syncTypesense } from "./typesense-sync.ts";

export { ADMIN_KEY_ENV, resolveSyncTarget, type SyncEngine, type SyncTarget } from "./sync-target.ts";
export type { SyncProgress, SyncReport } from "./sync-report.ts";

export interface SyncRun {
  target: SyncTarget;
  /** The public (human) chunks of the build, already split by `search.chunking`. */
  chunks: readonly SearchChunk[];
  transport: SearchTransport;
  dryRun?: boolean;
  onProgress?: SyncProgress;
}

export async function syncSearch(run: SyncRun): Promise<SyncReport> {
  const documents = await syncDocuments(run.chunks);
  const { target } = run;
  const common = { documents, transport: run.transport, dryRun: run.dryRun, onProgress: run.onProgress };
  return target.engine === "typesense"
    ? syncTypesense({ ...common, ...target })
    : syncAlgolia({ ...common, ...target });
}
