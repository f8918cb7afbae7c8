/** What one `docs search sync` run did or, with `--dry-run`, would do (issue 12). */
export interface SyncReport {
  engine: "typesense" | "algolia";
  /** Collection (Typesense) or index (Algolia) name. */
  target: string;
  /** The collection/index was missing and is created (with its schema/settings). */
  created: boolean;
  upserted: number;
  unchanged: number;
  deleted: number;
  /** Write requests sent (or, in a dry run, that would be sent). */
  batches: number;
  dryRun: boolean;
  /** Hybrid mode: documents sent with a vector; null when no embeddings were asked for. */
  embedded: number | null;
  /** Why the sync stayed keyword-only although embeddings were asked for (server unreachable, model missing). */
  embeddingsSkipped: string | null;
}

/** Progress callback: `done` of `total` documents written (or deleted) so far in `phase`. */
export type SyncProgress = (phase: "upsert" | "delete", done: number, total: number) => void;
