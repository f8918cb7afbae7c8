/**
 * `docs search sync --typesense` (issue 12, SPEC 2.14), over Typesense's REST API with the admin key in
 * `X-TYPESENSE-API-KEY`:
 *
 * 1. `GET /collections/{c}`: 404 → `POST /collections` with the schema below (the `embedding` field only in hybrid
 *    mode with embeddings; an existing collection without it gets it through `PATCH /collections/{c}`).
 * 2. `GET /collections/{c}/documents/export?include_fields=id,digest` (JSONL): what the engine holds.
 * 3. `POST /collections/{c}/documents/import?action=upsert` (JSONL, one result line per document; a line with
 *    `"success": false` fails the sync) for new and changed documents, in batches.
 * 4. `DELETE /collections/{c}/documents?filter_by=id:[…]` for documents no chunk has any more, in batches.
 *
 * A dry run does steps 1–2 only (reads) and reports what 1, 3 and 4 would do.
 */
import type { SearchTransport } from "../providers/config.ts";
import { SearchProviderError } from "../providers/provider-error.ts";
import { adminRequest, parseAnswer, type AdminCall } from "./admin-request.ts";
import { embeddingText, embedTexts, type EmbeddingsSettings } from "./embedder.ts";
import { batches, planSync, type SyncDocument } from "./sync-documents.ts";
import type { SyncProgress, SyncReport } from "./sync-report.ts";

const ENGINE = "typesense";
export const TYPESENSE_EMBEDDING_FIELD = "embedding";
/** Documents per import request and ids per delete filter. */
export const TYPESENSE_BATCH = 200;

export interface TypesenseSyncOptions {
  baseUrl: string;
  collection: string;
  adminApiKey: string;
  documents: readonly SyncDocument[];
  transport: SearchTransport;
  dryRun?: boolean;
  /** Hybrid mode: embed each sent document with this provider. */
  embeddings?: EmbeddingsSettings | null;
  onProgress?: SyncProgress;
  /** Backoff before retrying 429/5xx (tests shorten it). */
  backoffMs?: number;
}

export async function syncTypesense(options: TypesenseSyncOptions): Promise<SyncReport> {
  const { baseUrl, collection, transport } = options;
  const call: AdminCall = { engine: ENGINE, transport, backoffMs: options.backoffMs };
  const headers = { "x-typesense-api-key": options.adminApiKey, accept: "application/json" };
  const base = `${baseUrl.replace(/\/+$/, "")}/collections`;
  const path = `${base}/${encodeURIComponent(collection)}`;
  const report: SyncReport = {
    engine: ENGINE,
    target: collection,
    created: false,
    upserted: 0,
    unchanged: 0,
    deleted: 0,
    batches: 0,
    dryRun: !!options.dryRun,
    embedded: null,
    embeddingsSkipped: null,
  };

  const found = await adminRequest(call, path, { headers }, (status) => status === 404);
  report.created = found.status === 404;
  const schema = report.created ? null : parseAnswer<{ fields?: { name?: string }[] }>(ENGINE, found);
  const existing = report.created ? new Map<string, string>() : await exportDigests(call, path, headers);
  const model = options.embeddings ? `|${options.embeddings.model}` : "";
  const plan = planSync(
    options.documents.map((document) => ({ ...document, digest: document.digest + model })),
    existing,
  );
  report.unchanged = plan.unchanged;

  // Vectors for what is sent; without the embeddings server the sync says so and stays keyword-only.
  let vectors: number[][] | null = null;
  if (options.embeddings && plan.upsert.length > 0 && !options.dryRun) {
    try {
      vectors = await embedTexts(options.embeddings, transport, plan.upsert.map(embeddingText));
      report.embedded = vectors.length;
    } catch (error) {
      report.embeddingsSkipped = (error as Error).message;
    }
  } else if (options.embeddings) report.embedded = options.dryRun ? plan.upsert.length : 0;
  const dimensions = vectors?.[0]?.length ?? 0;

  if (report.created) {
    report.batches++;
    if (!options.dryRun) await createCollection(call, base, headers, collection, dimensions);
  } else if (dimensions && !schema?.fields?.some((field) => field.name === TYPESENSE_EMBEDDING_FIELD)) {
    report.batches++;
    await adminRequest(call, path, {
      method: "PATCH",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ fields: [embeddingField(dimensions)] }),
    });
  }

  const sent = plan.upsert.map((document, i) => {
    // Sent without a vector: the digest must not claim one, so the next sync with the server up embeds it.
    const digest = vectors ? document.digest : document.digest.slice(0, document.digest.length - model.length);
    return vectors ? { ...document, digest, [TYPESENSE_EMBEDDING_FIELD]: vectors[i] } : { ...document, digest };
  });
  for (const batch of batches(sent, TYPESENSE_BATCH)) {
    report.batches++;
    if (!options.dryRun) await importBatch(call, path, headers, batch);
    report.upserted += batch.length;
    options.onProgress?.("upsert", report.upserted, sent.length);
  }
  for (const batch of batches(plan.stale, TYPESENSE_BATCH)) {
    report.batches++;
    if (!options.dryRun) {
      const filter = `id:[${batch.map((id) => `\`${id.replaceAll("`", "")}\``).join(",")}]`;
      await adminRequest(call, `${path}/documents?${new URLSearchParams({ filter_by: filter })}`, {
        method: "DELETE",
        headers,
      });
    }
    report.deleted += batch.length;
    options.onProgress?.("delete", report.deleted, plan.stale.length);
  }
  return report;
}

/** Schema of the collection: every SPEC 2.14 document field; only the searchable ones are indexed. */
export function typesenseSchema(collection: string, dimensions: number) {
  const text = (name: string, index = true) => ({
    name,
    type: "string",
    ...(index ? {} : { index: false, optional: true }),
  });
  return {
    name: collection,
    fields: [
      text("title"),
      text("section"),
      text("content"),
      text("description"),
      { name: "type", type: "string", facet: true },
      { name: "path", type: "string", facet: true },
      text("url", false),
      text("digest", false),
      ...(dimensions ? [embeddingField(dimensions)] : []),
    ],
  };
}

function embeddingField(dimensions: number) {
  return { name: TYPESENSE_EMBEDDING_FIELD, type: "float[]", num_dim: dimensions, optional: true };
}

async function createCollection(
  call: AdminCall,
  base: string,
  headers: Record<string, string>,
  collection: string,
  dimensions: number,
) {
  await adminRequest(call, base, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify(typesenseSchema(collection, dimensions)),
  });
}

/** id → digest of every document the collection holds (JSONL, one document a line). */
async function exportDigests(call: AdminCall, path: string, headers: Record<string, string>) {
  const answer = await adminRequest(call, `${path}/documents/export?include_fields=id,digest`, { headers });
  const digests = new Map<string, string>();
  for (const line of answer.text.split("\n")) {
    if (!line.trim()) continue;
    const document = parseAnswer<{ id?: unknown; digest?: unknown }>(ENGINE, { status: 200, text: line });
    if (typeof document.id === "string")
      digests.set(document.id, typeof document.digest === "string" ? document.digest : "");
  }
  return digests;
}

async function importBatch(call: AdminCall, path: string, headers: Record<string, string>, batch: object[]) {
  const answer = await adminRequest(call, `${path}/documents/import?action=upsert`, {
    method: "POST",
    headers: { ...headers, "content-type": "text/plain" },
    body: batch.map((document) => JSON.stringify(document)).join("\n"),
  });
  const lines = answer.text.split("\n").filter((line) => line.trim());
  const failed = lines
    .map((line) => parseAnswer<{ success?: boolean; error?: string }>(ENGINE, { status: 200, text: line }))
    .filter((result) => result.success !== true);
  if (lines.length !== batch.length || failed.length > 0) {
    const first = failed[0]?.error ? `; first error: ${failed[0].error.slice(0, 200)}` : "";
    throw new SearchProviderError(
      ENGINE,
      "invalid_response",
      `The typesense server imported ${lines.length - failed.length} of ${batch.length} documents${first}.`,
    );
  }
}
