/**
 * One cold runtime's first search (issue 12), run in a fresh process by bench/search.ts so nothing is warm: load
 * the site data from `dist`, then answer one query with the build's serialized index or by building the index.
 *
 *   npx tsx bench/search-cold.ts <dist> with|without <query>   → prints milliseconds
 */
import { createSimpleSearch } from "../runtime/search/simple.ts";
import { loadSiteData } from "../runtime/site-data.ts";
import { createDirectoryStore } from "../runtime/store/directory.ts";

const [dist, mode, query] = process.argv.slice(2);
const started = performance.now();
const data = await loadSiteData(createDirectoryStore(dist));
const search = mode === "with" ? await data.humanSearch() : createSimpleSearch(await data.humanChunks());
await search.search(query);
console.log((performance.now() - started).toFixed(1));
