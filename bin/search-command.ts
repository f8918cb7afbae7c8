/**
 * `docs search sync --typesense | --algolia [--dry-run]` (issue 12, SPEC 2.14): pushes the built site's public
 * search documents (`dist/_docs/search-human.json`, chunked by `search.chunking`) to the external engine named by
 * the flag. Settings come from the config's `search` section; the admin key from `search.adminApiKey` or the
 * environment. Progress is drawn only on a terminal; keys are never printed.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { loadConfig } from "../compiler/config/load.ts";
import { checkConfig } from "../compiler/config/resolve.ts";
import { BuildFailure, formatMessage } from "../compiler/diagnostics.ts";
import { parseRuntimeJson, runtimeFile } from "../runtime/contract/index.ts";
import { resolveSearchConfig } from "../runtime/search/providers/config.ts";
import { resolveSyncTarget, type SyncEngine, type SyncReport, syncSearch } from "../runtime/search/sync/index.ts";

export interface SearchSyncOptions {
  root: string;
  dist?: string;
  typesense?: boolean;
  algolia?: boolean;
  dryRun?: boolean;
  /** Tests: the environment and fetch to use, and whether output is a terminal. */
  env?: Record<string, string | undefined>;
  fetch?: typeof fetch;
  tty?: boolean;
}

/** Exit codes: 0 synced, 1 the engine or the build failed, 2 usage (flags, missing settings). */
export async function runSearchSync(options: SearchSyncOptions): Promise<number> {
  if (!!options.typesense === !!options.algolia) {
    console.error("✗ name one engine: docs search sync --typesense or docs search sync --algolia");
    return 2;
  }
  const engine: SyncEngine = options.typesense ? "typesense" : "algolia";
  const root = path.resolve(options.root);
  const dist = path.resolve(root, options.dist ?? "dist");
  const env = options.env ?? process.env;
  let secrets: string[] = [];
  try {
    const loaded = await loadConfig(root);
    checkConfig(loaded);
    const search = (loaded.value as { search?: unknown }).search;
    const resolved = resolveSyncTarget(engine, search, env);
    if ("missing" in resolved) {
      console.error(`✗ docs search sync --${engine} needs ${resolved.missing.join(", ")} (in ${loaded.file})`);
      return 2;
    }
    const { target } = resolved;
    secrets = [target.adminApiKey];
    const chunksFile = path.join(dist, runtimeFile("search-human.json"));
    const text = await readFile(chunksFile, "utf8").catch(() => null);
    if (text === null) {
      console.error(`✗ ${path.relative(process.cwd(), chunksFile) || chunksFile} is missing: run \`docs build\` first`);
      return 1;
    }
    const chunks = parseRuntimeJson("search-human.json", text);
    const transport = {
      ...resolveSearchConfig({}, { timeoutMs: 30_000 }).transport,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    };
    const tty = options.tty ?? !!process.stdout.isTTY;
    const report = await syncSearch({
      target,
      chunks,
      transport,
      dryRun: options.dryRun,
      onProgress: tty
        ? (phase, done, total) => {
            process.stdout.write(`\r${phase === "upsert" ? "upserting" : "deleting"} ${done}/${total}\x1b[K`);
            if (done === total) process.stdout.write("\r\x1b[K");
          }
        : undefined,
    });
    console.log(summary(report));
    if (report.embeddingsSkipped)
      console.warn(
        `! hybrid search: ${report.embeddingsSkipped} Documents were synced keyword-only; run the sync again once the embeddings server answers.`,
      );
    return 0;
  } catch (error) {
    if (error instanceof BuildFailure) {
      for (const message of error.messages.filter((m) => m.severity === "error"))
        console.error(`error ${formatMessage(message)}`);
      return 1;
    }
    let message = (error as Error).message;
    for (const secret of secrets) message = message.split(secret).join("[redacted]");
    console.error(`✗ ${message}`);
    return 1;
  }
}

/** One line: what was (or would be) done to which collection/index. */
export function summary(report: SyncReport): string {
  const kind = report.engine === "typesense" ? "collection" : "index";
  const parts = [
    ...(report.created ? [`${kind} ${report.dryRun ? "would be " : ""}created`] : []),
    `${report.upserted} upserted`,
    `${report.deleted} deleted`,
    `${report.unchanged} unchanged`,
    ...(report.embedded !== null ? [`${report.embedded} embedded`] : []),
  ];
  const head = report.dryRun ? `dry run, nothing written: ${report.engine}` : `✓ ${report.engine}`;
  return `${head} ${kind} "${report.target}": ${parts.join(", ")} (${report.batches} write request${report.batches === 1 ? "" : "s"})`;
}
