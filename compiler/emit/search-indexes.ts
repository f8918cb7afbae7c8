/**
 * The runtime's search files of each audience: the chunks (`search-human.json` / `search-agent.json`) and the
 * built-in index over them, serialized at build time (issue 12, SPEC 2.14) in the same chunk order, laid out so the
 * runtime's first query decodes only what it touches. A chunk's JSON is remembered per frozen record
 * (per-record.ts): a `docs dev` rebuild serializes only the chunks of the pages that changed.
 */
import {
  runtimeFile,
  searchPostingsFile,
  searchRecordsFile,
  serializeRuntimeJson,
} from "../../runtime/contract/index.ts";
import { searchRecordShards, serializeSearchIndex } from "../../runtime/search/simple.ts";
import type { EmitContext } from "./context.ts";
import { writeParts } from "./file-parts.ts";
import { oncePerRecord } from "../cache/per-record.ts";
import type { SearchChunk } from "../../runtime/contract/index.ts";

const chunkJson = oncePerRecord((chunk: SearchChunk) => JSON.stringify(chunk));

export function emitSearchIndexes(context: EmitContext): void {
  const { site, files } = context;
  const audiences = [
    ["human", site.pages.flatMap((page) => page.chunks.human)],
    ["agent", site.pages.flatMap((page) => page.chunks.agent)],
  ] as const;
  for (const [audience, chunks] of audiences) {
    // search-<audience>.json is what serializeRuntimeJson writes (`JSON.stringify` of the array), one remembered
    // chunk at a time; each record shard is made of the same chunk texts, so only one shard's are held at once.
    const all = writeParts(files, runtimeFile(`search-${audience}.json`), { open: "[", separator: ",", close: "]\n" });
    searchRecordShards(chunks).forEach((shard, n) => {
      const records = shard.map(chunkJson);
      files.set(searchRecordsFile(audience, n), `[${records.join(",")}]\n`);
      for (const record of records) all.write(record);
    });
    all.end();
    const { index, postings } = serializeSearchIndex(chunks);
    const name = `search-index-${audience}.json` as const;
    files.set(runtimeFile(name), serializeRuntimeJson(name, index));
    postings.forEach((shard, n) => {
      files.set(searchPostingsFile(audience, n), `${JSON.stringify(shard)}\n`);
    });
  }
}
