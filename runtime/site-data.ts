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
  const [settingsText, pagesText, navText] = await Promise.all(
    (["site.json", "pages.json", "nav.json"] as const).map((name) => store.readText(runtimeFile(name))),
  );
  if (settingsText === null || pagesText === null || navText === null)
    throw new Error("runtime data missing: run `docs build` first (expected _docs/site.json, pages.json, nav.json)");
  const settings = parseRuntimeJson("site.json", settingsText);
  // The page list and the navigation are parsed when a route first needs them (issue 12): at 5,000 pages that is
  // ~50 ms of JSON.parse which a cold isolate's first search, served from the index alone, never pays.
  const pages = lazily(() => parseRuntimeJson("pages.json", pagesText));
  const pagesByPath = lazily(() => new Map(pages().map((page) => [page.path, page])));
  const nav = lazily(() => parseRuntimeJson("nav.json", navText));
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
  const humanChunks = lazily(async () => (await readJson("search-human.json")) ?? []);
  const agentChunks = lazily(async () => (await readJson("search-agent.json")) ?? []);
  return {
    store,
    settings,
    get pages() {
      return pages();
    },
    get pagesByPath() {
      return pagesByPath();
    },
    get nav() {
      return nav();
    },
    // The build's serialized index when present (issue 12): a cold runtime parses instead of tokenizing every chunk.
    // With the build's index, results are read from its record shards: the chunk file is read only without one.
    humanSearch: lazily(async () => {
      const index = await readJson("search-index-human.json");
      return usableIndex(index)
        ? createSimpleSearch(null, index, readShards("human"))
        : createSimpleSearch(await humanChunks());
    }),
    agentSearch: lazily(async () => {
      const index = await readJson("search-index-agent.json");
      return usableIndex(index)
        ? createSimpleSearch(null, index, readShards("agent"))
        : createSimpleSearch(await agentChunks());
    }),
    humanChunks,
    agentChunks,
    changes: lazily(() => readJson("changes.json")),
    readMarkdown: (page) => store.readText(page.markdownRoute.slice(1)),
    readJson,
  };
}

/** A value computed on first use, then kept (also when it is falsy). */
export function lazily<T>(compute: () => T): () => T {
  let computed = false;
  let value: T;
  return () => {
    if (!computed) {
      value = compute();
      computed = true;
    }
    return value;
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
