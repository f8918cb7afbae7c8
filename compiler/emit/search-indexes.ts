/**
 * The built-in search index of each audience, serialized at build time (issue 12, SPEC 2.14): the same chunk order
 * as `search-human.json` / `search-agent.json`, laid out so the runtime's first query decodes only what it touches.
 */
import {
  runtimeFile,
  searchPostingsFile,
  searchRecordsFile,
  serializeRuntimeJson,
} from "../../runtime/contract/index.ts";
import { searchRecordShards, serializeSearchIndex } from "../../runtime/search/simple.ts";
import type { EmitContext } from "./context.ts";

export function emitSearchIndexes(context: EmitContext): void {
  const { site, files } = context;
  const audiences = [
    ["human", site.pages.flatMap((page) => page.chunks.human)],
    ["agent", site.pages.flatMap((page) => page.chunks.agent)],
  ] as const;
  for (const [audience, chunks] of audiences) {
    const { index, postings } = serializeSearchIndex(chunks);
    const name = `search-index-${audience}.json` as const;
    files.set(runtimeFile(name), serializeRuntimeJson(name, index));
    postings.forEach((shard, n) => {
      files.set(searchPostingsFile(audience, n), `${JSON.stringify(shard)}\n`);
    });
    searchRecordShards(chunks).forEach((shard, n) => {
      files.set(searchRecordsFile(audience, n), `${JSON.stringify(shard)}\n`);
    });
  }
}
