/**
 * The documents `docs search sync` pushes (issue 12, SPEC 2.14): the build's public chunks (`search-human.json`,
 * already split by `search.chunking`, never `<Agent>` text), one document per chunk with the SPEC 2.14 fields and a
 * `digest` of those fields, so a second sync of the same build sends nothing (idempotent).
 */
import type { SearchChunk } from "../../contract/index.ts";

export interface SyncDocument {
  /** The chunk id (`path` or `path#heading`). */
  id: string;
  path: string;
  url: string;
  title: string;
  section: string;
  content: string;
  description: string;
  type: "page" | "section";
  /** `sha256:` of the fields above: equal digests mean nothing to send. */
  digest: string;
}

/** A document is changed when the engine lacks its id or holds another digest. */
export interface SyncPlan {
  upsert: SyncDocument[];
  unchanged: number;
  /** Engine ids no chunk of this build has any more. */
  stale: string[];
}

export async function syncDocuments(chunks: readonly SearchChunk[]): Promise<SyncDocument[]> {
  const documents: SyncDocument[] = [];
  const seen = new Set<string>();
  for (const chunk of chunks) {
    if (seen.has(chunk.id)) continue;
    seen.add(chunk.id);
    const fields = {
      id: chunk.id,
      path: chunk.path,
      url: chunk.url,
      title: chunk.title,
      section: chunk.section ?? "",
      content: chunk.content,
      description: chunk.description ?? "",
      type: chunk.type,
    };
    documents.push({ ...fields, digest: await sha256(JSON.stringify(fields)) });
  }
  return documents;
}

/** What to send, given the digests the engine holds (id → digest, "" when it has none). */
export function planSync(documents: readonly SyncDocument[], existing: ReadonlyMap<string, string>): SyncPlan {
  const wanted = new Set(documents.map((document) => document.id));
  const upsert = documents.filter((document) => existing.get(document.id) !== document.digest);
  const stale = [...existing.keys()].filter((id) => !wanted.has(id)).sort();
  return { upsert, unchanged: documents.length - upsert.length, stale };
}

/** Splits `items` into runs of at most `size`. */
export function batches<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

async function sha256(text: string): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return `sha256:${[...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("")}`;
}
