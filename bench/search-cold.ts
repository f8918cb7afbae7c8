/**
 * One cold runtime's first search (issue 12), run in a fresh process by bench/search.ts so nothing is warm: a new
 * `createDocsHandler` over `dist` answers `GET /api/docs?query=` — loading the site data, then the build's serialized
 * index (`with`) or the index built from the chunks (`without`) — timed from the handler's creation to the parsed
 * response body. Module loading is not counted.
 *
 *   npx tsx bench/search-cold.ts <dist> with|without <query>   → prints milliseconds
 */
import { runtimeFile } from "../runtime/contract/index.ts";
import { createDocsHandler } from "../runtime/index.ts";
import { createDirectoryStore } from "../runtime/store/directory.ts";

const [dist, mode, query] = process.argv.slice(2);
const store = createDirectoryStore(dist);
// `without`: the handler sees no serialized index, as with a build from before issue 12.
const withoutIndex: typeof store = {
  readText: (file) => (file === runtimeFile("search-index-human.json") ? Promise.resolve(null) : store.readText(file)),
};
const started = performance.now();
const handler = createDocsHandler({ store: mode === "with" ? store : withoutIndex });
const response = await handler(new Request(`http://docs.test/api/docs?query=${encodeURIComponent(query)}`));
const body = (await response.json()) as { results?: unknown[] };
const elapsed = performance.now() - started;
if (response.status !== 200 || !body.results?.length) throw new Error(`cold search answered ${response.status}`);
console.log(elapsed.toFixed(1));
