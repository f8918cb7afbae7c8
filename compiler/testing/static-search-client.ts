/**
 * The dialog's own static-index search (`templates/search.js`) run in a Node VM over build output, for tests and the
 * bench: the same code the browser runs, with `fetch` reading files from `read` and counting the bytes it fetched.
 */
import { readFileSync } from "node:fs";
import vm from "node:vm";
import { STATIC_SEARCH_INDEX_FILE } from "../../runtime/contract/index.ts";

export interface StaticSearchHit {
  url: string;
  title: string;
  section: string | null;
  content: string;
}

export interface StaticSearchClient {
  search(query: string): Promise<StaticSearchHit[]>;
  tokenize(text: string): string[];
  /** Bytes and files fetched since the client was made (shards are cached like in a page). */
  fetched: { bytes: number; files: string[] };
}

const SCRIPT = readFileSync(new URL("../../templates/search.js", import.meta.url), "utf8");

/** `read(path)` returns a dist-relative file's text, or null (404). */
export function createStaticSearchClient(read: (path: string) => string | null): StaticSearchClient {
  const fetched = { bytes: 0, files: [] as string[] };
  const fetch = async (url: string) => {
    const file = url.replace(/^\//, "").replace(/\?.*$/, "");
    const text = read(file);
    if (text !== null) {
      fetched.bytes += Buffer.byteLength(text);
      fetched.files.push(file);
    }
    return { ok: text !== null, status: text === null ? 404 : 200, json: async () => JSON.parse(text ?? "null") };
  };
  const window: Record<string, any> = {};
  vm.runInNewContext(SCRIPT, { window, fetch, Promise, JSON, Math, Set, Map, Array, Object, String, Number, RegExp });
  const api = window.quireSearch;
  const settings = { api: null, index: `/${STATIC_SEARCH_INDEX_FILE}`, page: "/search", js: "", css: "", askAi: false };
  return {
    search: (query) => api.staticSearch(settings, query),
    tokenize: (text) => api.tokenize(text),
    fetched,
  };
}
