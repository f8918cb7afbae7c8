/**
 * `quire/next` (SPEC 4.7 adapter-react-app): `withDocs(nextConfig)` builds the docs in `next build`/`next dev` and adds
 * the rewrites; `createDocsLayout(config)` gives the route handlers and `load()` for the app's docs page. Nothing is
 * imported from `next` (an optional peer).
 *
 * ```ts
 * // next.config.mjs
 * export default withDocs({}, { root: "docs-site" });
 * // lib/docs.ts
 * export const docs = createDocsLayout({ rootDir: process.cwd() });
 * // app/api/docs/[[...path]]/route.ts
 * export const { GET, HEAD, POST, OPTIONS, DELETE } = docs;
 * // app/docs/[[...slug]]/page.tsx renders (await docs.load(`/docs/${slug.join("/")}`)) in the app's layout
 * // app/layout.tsx: <body><RootProvider docs={docs}>{children}</RootProvider></body>; <SearchButton /> in a header
 * ```
 */
export type { DocsClient, DocsPageData, DocsRedirect, DocsServerConfig } from "../docs-server.ts";
export { createDocsLayout, type NextDocsLayout } from "./route-handlers.ts";
export { docsRewrites, NEXT_FORWARD_PREFIX, type NextRewrite, type NextRewrites } from "./rewrites.ts";
export { RootProvider, SearchButton, type RootProviderProps, type SearchButtonProps } from "./root-provider.ts";
export { withDocs, type WithDocsOptions } from "./with-docs.ts";
