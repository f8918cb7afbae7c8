/** Loads and caches the compiled data once per store; every route reads through here. */
import { createSimpleSearch, type SimpleSearch, usableIndex } from "./search/simple.ts";
import type { DocsStore } from "./store/types.ts";
import {
  parseRuntimeJson,
  runtimeFile,
  searchPostingsFile,
  searchRecordsFile,
  type ChangesLog,
  type NavTree,
  type PageEntry,
  type RuntimeJsonFiles,
  type RuntimeJsonName,
  type SearchChunk,
  type SiteSettings,
} from "./contract/index.ts";

export interface SiteData {
  store: DocsStore;
  settings: SiteSettings;
  pages: PageEntry[];
  /** Page path → entry; the root page is under "". */
  pagesByPath: Map<string, PageEntry>;
  nav: NavTree;
  /** Public search over the human projection (never sees <Agent> text). */
  humanSearch(): Promise<SimpleSearch>;
  /** Agent search over the agent projection (MCP, agent retrieval). */
  agentSearch(): Promise<SimpleSearch>;
  /** The chunks behind `humanSearch()` and `agentSearch()`, for custom search adapters (SPEC 2.14). */
  humanChunks(): Promise<SearchChunk[]>;
  agentChunks(): Promise<SearchChunk[]>;
  changes(): Promise<ChangesLog | null>;
  /** Agent Markdown of a page (the `.md` file), or null. */
  readMarkdown(page: PageEntry): Promise<string | null>;
  /** A JSON file of the runtime bundle, or null. */
  readJson<N extends RuntimeJsonName>(name: N): Promise<RuntimeJsonFiles[N] | null>;
}

export async function loadSiteData(store: DocsStore): Promise<SiteData> {
  const readJson = async <N extends RuntimeJsonName>(name: N): Promise<RuntimeJsonFiles[N] | null> => {
    const text = await store.readText(runtimeFile(name));
    return text === null ? null : parseRuntimeJson(name, text);
  };
  const [settings, pages, nav] = await Promise.all([
    readJson("site.json"),
    readJson("pages.json"),
    readJson("nav.json"),
  ]);
  if (!settings || !pages || !nav)
    throw new Error("runtime data missing: run `docs build` first (expected _docs/site.json, pages.json, nav.json)");
  const once = <T>(load: () => Promise<T>) => {
    let value: Promise<T> | undefined;
    return () => (value ??= load());
  };
  const readShards = (audience: "human" | "agent") => ({
    async records(shard: number) {
      const text = await store.readText(searchRecordsFile(audience, shard));
      return text === null ? null : (JSON.parse(text) as SearchChunk[]);
    },
    async postings(shard: number) {
      const text = await store.readText(searchPostingsFile(audience, shard));
      return text === null ? null : (JSON.parse(text) as string[]);
    },
  });
  const humanChunks = once(async () => (await readJson("search-human.json")) ?? []);
  const agentChunks = once(async () => (await readJson("search-agent.json")) ?? []);
  return {
    store,
    settings,
    pages,
    pagesByPath: new Map(pages.map((page) => [page.path, page])),
    nav,
    // The build's serialized index when present (issue 12): a cold runtime parses instead of tokenizing every chunk.
    // With the build's index, results are read from its record shards: the chunk file is read only without one.
    humanSearch: once(async () => {
      const index = await readJson("search-index-human.json");
      return usableIndex(index)
        ? createSimpleSearch(null, index, readShards("human"))
        : createSimpleSearch(await humanChunks());
    }),
    agentSearch: once(async () => {
      const index = await readJson("search-index-agent.json");
      return usableIndex(index)
        ? createSimpleSearch(null, index, readShards("agent"))
        : createSimpleSearch(await agentChunks());
    }),
    humanChunks,
    agentChunks,
    changes: once(() => readJson("changes.json")),
    readMarkdown: (page) => store.readText(page.markdownRoute.slice(1)),
    readJson,
  };
}

/** Normalizes what clients send as a page path: leading/trailing slashes, `.md`, the docs prefix, `index`. */
export function normalizePagePath(input: string, docsPath: string): string | null {
  let value = input.trim();
  try {
    value = decodeURIComponent(value);
  } catch {
    return null;
  }
  value = value
    .replace(/[?#].*$/, "")
    .replace(/^\/+|\/+$/g, "")
    .replace(/\.mdx?$/, "");
  if (docsPath && (value === docsPath || value.startsWith(`${docsPath}/`)))
    value = value.slice(docsPath.length).replace(/^\/+/, "");
  if (value === "index") value = "";
  // Reject traversal and control characters outright: page paths are plain slugs.
  if (value.split("/").some((segment) => segment === ".." || segment === ".") || /[\0-\x1f\\]/.test(value)) return null;
  return value;
}
