/**
 * The content-changes log behind `docs-content-changes.v1` (SPEC 2.4). Generations persist across builds: the
 * previous dist/'s log is read back, the generation only moves when a document's agent Markdown changed, and
 * recent generations are kept so `since=<generation>` can be answered with a delta after a redeploy.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { CHANGES_LOG_FORMAT, runtimeFile, type ChangesLog } from "../../runtime/contract/index.ts";

export type { ChangesLog };

/** How many earlier generations a `since` can reach back to; older ones get a reset. */
export const HISTORY_LIMIT = 32;

export function nextChangesLog(previous: ChangesLog | undefined, documents: Record<string, string>): ChangesLog {
  if (!previous) return { format: CHANGES_LOG_FORMAT, generation: 1, documents, history: [] };
  // Same content, same generation: rebuilding unchanged input stays byte-identical.
  if (sameDocuments(previous.documents, documents)) return { ...previous, documents };
  return {
    format: CHANGES_LOG_FORMAT,
    generation: previous.generation + 1,
    documents,
    history: [{ generation: previous.generation, documents: previous.documents }, ...previous.history].slice(
      0,
      HISTORY_LIMIT,
    ),
  };
}

/** The log the last successful build left in `outDir`, if it is one we can read. */
export async function readPreviousChanges(outDir: string): Promise<ChangesLog | undefined> {
  try {
    const log = JSON.parse(await readFile(path.join(outDir, runtimeFile("changes.json")), "utf8"));
    return log?.format === CHANGES_LOG_FORMAT && Number.isInteger(log.generation) ? log : undefined;
  } catch {
    return undefined;
  }
}

function sameDocuments(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}
