/**
 * What the framework adapters share (SPEC 4.7, issue 18): one `createDocsHandler` over the build, read from
 * `<rootDir>/dist` on a server or from `_preloadedContent` in a serverless bundle, and the page data a framework page
 * renders in its own layout. The adapters (`sveltekit/`, `tanstack-start/`) only reshape arguments; no route is
 * implemented twice. Web APIs only, except the directory mode, which loads its Node modules on first use.
 */
import type { DocsRuntimeConfig } from "../config.ts";
import { createDocsHandler, type DocsHandler } from "../handler.ts";
import type { FeedbackValidator } from "../routes/context.ts";
import { loadSiteData, type SiteData } from "../site-data.ts";
import type { BuildStamp } from "./build-stamp.ts";
import { createPreloadedStore } from "../store/preloaded.ts";
import type { DocsStore } from "../store/types.ts";
import { loadPageData, loadSiteClient, type DocsClient, type DocsPageData, type DocsRedirect } from "./page-data.ts";
import { preloadedEntries } from "./preloaded-content.ts";

export type { DocsClient, DocsPageData, DocsRedirect } from "./page-data.ts";

/** The site's `defineDocs()` object (its runtime part) plus where the build is. */
export interface DocsServerConfig extends DocsRuntimeConfig {
  /** The project root; the build is read from `<rootDir>/dist`. Default: the process working directory. */
  rootDir?: string;
  /**
   * SPEC 4.7: the build as `dist`-relative path → text, for serverless bundles without a filesystem. Keys as
   * `import.meta.glob("/dist/**", { query: "?raw", import: "default", eager: true })` gives them are accepted.
   */
  _preloadedContent?: Record<string, string>;
  /** The build's `_docs/feedback-validator.mjs` default export; read from `<rootDir>/dist` when not preloaded. */
  validateFeedback?: FeedbackValidator;
  /** The environment the Ask AI key is read from (`DOCS_AI_API_KEY`). Default: `process.env` where there is one. */
  env?: Record<string, string | undefined>;
  /** Host names the MCP routes accept (DNS-rebinding guard for an app on loopback), as in `createDocsHandler`. */
  allowedHosts?: string[];
}

export interface FrameworkDocs {
  /** Every docs route (API, MCP, `.md`, discovery, negotiated pages; static files in directory mode). */
  handle(request: Request): Promise<Response>;
  /** The page at `pathname` with the sidebar tree, a redirect (hidden folder parent), or null when there is none. */
  load(pathname: string, locale?: string): Promise<DocsPageData | DocsRedirect | null>;
  /** Quire's client scripts and settings for a layout (page-data.ts `DocsClient`). */
  client(locale?: string): Promise<DocsClient>;
}

interface Source {
  store: DocsStore;
  handler: DocsHandler;
  /** Directory mode: the stamp of the build this source opened (build-stamp.ts). */
  builtAt?: number;
  /** The page data of this source's build; a newer build gets a new source, so stale data never outlives it. */
  site?: Promise<SiteData>;
}

export function createFrameworkDocs(config: DocsServerConfig = {}): FrameworkDocs {
  const { rootDir, _preloadedContent, validateFeedback, env, allowedHosts, ...runtimeConfig } = config;
  const processLike = (globalThis as { process?: { env: Record<string, string | undefined>; cwd(): string } }).process;
  let source: Promise<Source> | undefined;
  let stamp: BuildStamp | undefined;

  const open = async (): Promise<Source> => {
    const options = { config: runtimeConfig, env: env ?? processLike?.env, allowedHosts };
    if (_preloadedContent) {
      const store = createPreloadedStore(preloadedEntries(_preloadedContent));
      return { store, handler: createDocsHandler({ ...options, store, validateFeedback }) };
    }
    if (!processLike) throw new Error("no filesystem here: pass the build as `_preloadedContent`");
    const dist = `${(rootDir ?? processLike.cwd()).replace(/[\\/]+$/, "")}/dist`;
    const [{ createDirectoryStore }, { createStaticFiles }, { loadFeedbackValidator }, { createBuildStamp }] =
      await Promise.all([
        import("../store/directory.ts"),
        import("../adapters/node-static.ts"),
        import("../adapters/node-server.ts"),
        import("./build-stamp.ts"),
      ]);
    stamp ??= createBuildStamp(dist);
    // Read before the build's files: a build landing meanwhile makes the stamp differ on the next request.
    const builtAt = await stamp.read(true);
    const store = createDirectoryStore(dist);
    return {
      store,
      builtAt,
      handler: createDocsHandler({
        ...options,
        store,
        validateFeedback: validateFeedback ?? (await loadFeedbackValidator(dist)),
        fallback: createStaticFiles(dist),
      }),
    };
  };
  // A failed start is retried on the next request, as the handler does with a build written after start-up.
  const opened = () =>
    (source ??= open().catch((error) => {
      source = undefined;
      throw error;
    }));
  // A newer build in `dist/` (`docs build --watch`) is opened afresh, its page data with it.
  const sourceOnce = async (): Promise<Source> => {
    const promise = opened();
    const current = await promise;
    if (current.builtAt === undefined || !stamp || (await stamp.read()) === current.builtAt) return current;
    if (source === promise) source = undefined;
    return opened();
  };
  const siteOnce = async () => {
    const current = await sourceOnce();
    return (current.site ??= loadSiteData(current.store).catch((error) => {
      current.site = undefined;
      throw error;
    }));
  };

  return {
    async handle(request) {
      let handler: DocsHandler;
      try {
        ({ handler } = await sourceOnce());
      } catch (error) {
        console.error(`[quire] cannot open the build: ${(error as Error)?.message ?? error}`);
        return Response.json(
          { error: { code: "site_unavailable", message: "The docs build could not be loaded; run `docs build`." } },
          { status: 503, headers: { "cache-control": "no-store" } },
        );
      }
      return handler(request);
    },
    async load(pathname, locale) {
      return loadPageData(await siteOnce(), pathname, locale);
    },
    async client(locale) {
      return loadSiteClient(await siteOnce(), locale);
    },
  };
}
