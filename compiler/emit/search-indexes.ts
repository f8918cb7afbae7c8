/**
 * The built-in search index of each audience, serialized at build time (issue 12, SPEC 2.14): the same chunk order
 * as `search-human.json` / `search-agent.json`, laid out so the runtime's first query decodes only what it touches.
 */
import { runtimeFile, serializeRuntimeJson } from "../../runtime/contract/index.ts";
import { serializeSearchIndex } from "../../runtime/search/simple.ts";
import type { EmitContext } from "./context.ts";

export function emitSearchIndexes(context: EmitContext): void {
  const { site, files } = context;
  const human = serializeSearchIndex(site.pages.flatMap((page) => page.chunks.human));
  const agent = serializeSearchIndex(site.pages.flatMap((page) => page.chunks.agent));
  files.set(runtimeFile("search-index-human.json"), serializeRuntimeJson("search-index-human.json", human));
  files.set(runtimeFile("search-index-agent.json"), serializeRuntimeJson("search-index-agent.json", agent));
}
