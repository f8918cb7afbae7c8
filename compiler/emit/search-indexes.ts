/**
 * The built-in search index of each audience, serialized at build time (issue 12, SPEC 2.14): the same chunk order
 * as `search-human.json` / `search-agent.json`, laid out so the runtime's first query decodes only what it touches.
 */
import { runtimeFile, searchRecordsFile, serializeRuntimeJson } from "../../runtime/contract/index.ts";
import { searchRecordShards, serializeSearchIndex } from "../../runtime/search/simple.ts";
import type { EmitContext } from "./context.ts";

export function emitSearchIndexes(context: EmitContext): void {
  const { site, files } = context;
  const human = site.pages.flatMap((page) => page.chunks.human);
  const agent = site.pages.flatMap((page) => page.chunks.agent);
  files.set(
    runtimeFile("search-index-human.json"),
    serializeRuntimeJson("search-index-human.json", serializeSearchIndex(human)),
  );
  files.set(
    runtimeFile("search-index-agent.json"),
    serializeRuntimeJson("search-index-agent.json", serializeSearchIndex(agent)),
  );
  for (const [audience, chunks] of [
    ["human", human],
    ["agent", agent],
  ] as const) {
    searchRecordShards(chunks).forEach((shard, n) => {
      files.set(searchRecordsFile(audience, n), `${JSON.stringify(shard)}\n`);
    });
  }
}
