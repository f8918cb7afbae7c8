/**
 * `createDocsLayout(config)` (SPEC 4.7 adapter-react-app): the docs server of a Next.js app — the route handlers of
 * `app/api/docs/[[...path]]/route.ts` (search, Ask AI, feedback, MCP and everything `withDocs()` forwards there:
 * `.md`, Markdown negotiation, llms, discovery, assets) and `load(pathname)` for the app's docs page.
 */
import {
  createFrameworkDocs,
  type DocsClient,
  type DocsPageData,
  type DocsRedirect,
  type DocsServerConfig,
} from "../docs-server.ts";
import { originalRequest } from "./rewrites.ts";

type Handler = (request: Request) => Promise<Response>;

export interface NextDocsLayout {
  /** The page at `pathname` (a `/docs/...` path) with the sidebar tree, a redirect, or null. */
  load(pathname: string, locale?: string): Promise<DocsPageData | DocsRedirect | null>;
  /** Quire's client scripts and settings, for `RootProvider`. */
  client(locale?: string): Promise<DocsClient>;
  GET: Handler;
  HEAD: Handler;
  POST: Handler;
  OPTIONS: Handler;
  DELETE: Handler;
}

export function createDocsLayout(config: DocsServerConfig = {}): NextDocsLayout {
  const docs = createFrameworkDocs(config);
  const handle: Handler = (request) => docs.handle(originalRequest(request));
  return {
    load: (pathname, locale) => docs.load(pathname, locale),
    client: (locale) => docs.client(locale),
    GET: handle,
    HEAD: handle,
    POST: handle,
    OPTIONS: handle,
    DELETE: handle,
  };
}
