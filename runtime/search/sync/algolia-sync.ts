/**
 * `docs search sync --algolia` (issue 12, SPEC 2.14), over Algolia's Search REST API on the write host
 * `https://{appId}.algolia.net` with `X-Algolia-Application-Id` and the admin key in `X-Algolia-API-Key`:
 *
 * 1. `GET /1/indexes/{i}/settings`: 404 → `PUT /1/indexes/{i}/settings` (searchable attributes; creates the index).
 * 2. `POST /1/indexes/{i}/browse` with `attributesToRetrieve: ["objectID", "digest"]`, following `cursor` pages.
 * 3. `POST /1/indexes/{i}/batch` with `updateObject` requests for new and changed records, then `deleteObject` for
 *    records no chunk has any more, at most ALGOLIA_BATCH per request.
 * 4. `GET /1/indexes/{i}/task/{taskID}` until the last task is `published`, so a search right after sees the sync.
 *
 * A dry run does steps 1–2 only (reads).
 */
import type { SearchTransport } from "../providers/config.ts";
import { SearchProviderError } from "../providers/provider-error.ts";
import { adminRequest, parseAnswer, type AdminCall } from "./admin-request.ts";
import { batches, planSync, type SyncDocument } from "./sync-documents.ts";
import type { SyncProgress, SyncReport } from "./sync-report.ts";

const ENGINE = "algolia";
/** Algolia advises batches of about 1,000 records. */
export const ALGOLIA_BATCH = 1000;
/** Searchable attributes, most important first (Algolia ranks by their order). */
export const ALGOLIA_SETTINGS = {
  searchableAttributes: ["title", "section", "unordered(content)", "unordered(description)"],
  attributesForFaceting: ["type", "path"],
  attributesToSnippet: ["content:30"],
};

export interface AlgoliaSyncOptions {
  appId: string;
  indexName: string;
  adminApiKey: string;
  documents: readonly SyncDocument[];
  transport: SearchTransport;
  dryRun?: boolean;
  onProgress?: SyncProgress;
  backoffMs?: number;
  /** Waits between task status checks. @default 200 */
  pollMs?: number;
}

/** `https://{appId}.algolia.net`, the host for writes (searches use `-dsn`). */
export function algoliaWriteHost(appId: string): string {
  return `https://${encodeURIComponent(appId.toLowerCase())}.algolia.net`;
}

export async function syncAlgolia(options: AlgoliaSyncOptions): Promise<SyncReport> {
  const call: AdminCall = { engine: ENGINE, transport: options.transport, backoffMs: options.backoffMs };
  const headers = {
    "x-algolia-application-id": options.appId,
    "x-algolia-api-key": options.adminApiKey,
    accept: "application/json",
  };
  const json = { ...headers, "content-type": "application/json" };
  const path = `${algoliaWriteHost(options.appId)}/1/indexes/${encodeURIComponent(options.indexName)}`;
  const report: SyncReport = {
    engine: ENGINE,
    target: options.indexName,
    created: false,
    upserted: 0,
    unchanged: 0,
    deleted: 0,
    batches: 0,
    dryRun: !!options.dryRun,
    embedded: null,
    embeddingsSkipped: null,
  };

  const found = await adminRequest(call, `${path}/settings`, { headers }, (status) => status === 404);
  report.created = found.status === 404;
  let lastTask: number | null = null;
  if (report.created) {
    report.batches++;
    if (!options.dryRun) {
      const answer = await adminRequest(call, `${path}/settings`, {
        method: "PUT",
        headers: json,
        body: JSON.stringify(ALGOLIA_SETTINGS),
      });
      lastTask = taskOf(answer);
    }
  }
  const existing = report.created ? new Map<string, string>() : await browseDigests(call, path, json);
  const plan = planSync(options.documents, existing);
  report.unchanged = plan.unchanged;

  const records = plan.upsert.map(({ id, ...fields }) => ({ ...fields, objectID: id, id }));
  for (const batch of batches(records, ALGOLIA_BATCH)) {
    report.batches++;
    if (!options.dryRun) {
      const requests = batch.map((body) => ({ action: "updateObject", body }));
      lastTask = taskOf(
        await adminRequest(call, `${path}/batch`, {
          method: "POST",
          headers: json,
          body: JSON.stringify({ requests }),
        }),
      );
    }
    report.upserted += batch.length;
    options.onProgress?.("upsert", report.upserted, records.length);
  }
  for (const batch of batches(plan.stale, ALGOLIA_BATCH)) {
    report.batches++;
    if (!options.dryRun) {
      const requests = batch.map((objectID) => ({ action: "deleteObject", body: { objectID } }));
      lastTask = taskOf(
        await adminRequest(call, `${path}/batch`, {
          method: "POST",
          headers: json,
          body: JSON.stringify({ requests }),
        }),
      );
    }
    report.deleted += batch.length;
    options.onProgress?.("delete", report.deleted, plan.stale.length);
  }
  // Tasks of one index are applied in order: the last one published means all are.
  if (lastTask !== null) await waitForTask(call, path, headers, lastTask, options.pollMs ?? 200);
  return report;
}

/** objectID → digest of every record, following browse cursors (up to 1,000 records a page). */
async function browseDigests(call: AdminCall, path: string, headers: Record<string, string>) {
  const digests = new Map<string, string>();
  let cursor: string | undefined;
  do {
    const body = cursor ? { cursor } : { attributesToRetrieve: ["objectID", "digest"], hitsPerPage: 1000 };
    const page = parseAnswer<{ hits?: { objectID?: unknown; digest?: unknown }[]; cursor?: unknown }>(
      ENGINE,
      await adminRequest(call, `${path}/browse`, { method: "POST", headers, body: JSON.stringify(body) }),
    );
    if (!Array.isArray(page.hits)) throw invalid("a browse page without hits");
    for (const hit of page.hits)
      if (typeof hit?.objectID === "string")
        digests.set(hit.objectID, typeof hit.digest === "string" ? hit.digest : "");
    cursor = typeof page.cursor === "string" && page.cursor ? page.cursor : undefined;
  } while (cursor);
  return digests;
}

async function waitForTask(
  call: AdminCall,
  path: string,
  headers: Record<string, string>,
  task: number,
  pollMs: number,
) {
  for (let attempt = 0; attempt < 300; attempt++) {
    const answer = parseAnswer<{ status?: unknown }>(
      ENGINE,
      await adminRequest(call, `${path}/task/${task}`, { headers }),
    );
    if (answer.status === "published") return;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  throw new SearchProviderError(ENGINE, "timeout", `The algolia task ${task} was not published after 300 checks.`);
}

function taskOf(answer: { status: number; text: string }): number {
  const task = parseAnswer<{ taskID?: unknown }>(ENGINE, answer).taskID;
  if (typeof task !== "number") throw invalid("a write without a taskID");
  return task;
}

const invalid = (what: string) =>
  new SearchProviderError(ENGINE, "invalid_response", `The algolia server answered ${what}.`);
