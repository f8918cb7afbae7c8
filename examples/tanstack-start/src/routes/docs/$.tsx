// A docs page in the app's own layout; the same URL answers agents with Markdown (`.md`, `Accept: text/markdown`).
import { createFileRoute, Link, notFound, redirect } from "@tanstack/react-router";
import { createServerFn } from "@tanstack/react-start";
import type { DocsPageData } from "quire/tanstack-start";
import { docs } from "../../docs.server";

const loadDocsPage = createServerFn({ method: "GET" })
  .validator((pathname: string) => pathname)
  .handler(async ({ data }) => {
    const page = await docs.load({ pathname: data });
    if (!page) throw notFound();
    // A hidden folder's landing page sends the reader to its first visible page, as the docs runtime does.
    if ("redirect" in page) throw redirect({ href: page.redirect.location, statusCode: page.redirect.status });
    return page;
  });

export const Route = createFileRoute("/docs/$")({
  server: { handlers: docs.pageHandlers },
  loader: ({ location }) => loadDocsPage({ data: location.pathname }),
  head: ({ loaderData }) => ({
    meta: loaderData
      ? [
          { title: `${loaderData.page.title} — ${loaderData.site.title}` },
          { name: "description", content: loaderData.page.description ?? "" },
        ]
      : [],
    links: (loaderData?.stylesheets ?? []).map((href) => ({ rel: "stylesheet", href })),
    // Quire's client: search (Ctrl/⌘-K, "/", the Search link), Ask AI when the site has it, copy buttons.
    scripts: loaderData
      ? [
          ...Object.entries(loaderData.client.settings).map(([id, json]) => ({
            type: "application/json",
            id,
            children: json,
          })),
          ...loaderData.client.scripts.map((src) => ({ src, defer: true })),
        ]
      : [],
  }),
  component: DocsPage,
});

function DocsPage() {
  const data = Route.useLoaderData();
  return (
    <div style={{ display: "grid", gridTemplateColumns: "16rem minmax(0, 1fr)", gap: "2rem", padding: "1rem" }}>
      <nav aria-label={data.site.title}>
        <a className="q-search-button" href="/search" data-q-search="" suppressHydrationWarning>
          <span className="q-search-label">Search</span>
          <kbd className="q-search-kbd">Ctrl K</kbd>
        </a>
        <NavTree nodes={data.tree.children} current={data.page.route} />
      </nav>
      <main>
        <h1>{data.page.title}</h1>
        {data.page.description ? <p>{data.page.description}</p> : null}
        {/* Quire's client adds copy buttons to the content before React hydrates it. */}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the build's own HTML for this page, from your sources */}
        <article className="q-content" dangerouslySetInnerHTML={{ __html: data.html }} suppressHydrationWarning />
      </main>
    </div>
  );
}

function NavTree({ nodes, current }: { nodes: DocsPageData["tree"]["children"]; current: string }) {
  return (
    <ul>
      {nodes.map((node) =>
        node.type === "page" ? (
          <li key={node.route}>
            <Link to={node.url} aria-current={node.route === current ? "page" : undefined}>
              {node.name}
            </Link>
          </li>
        ) : (
          <li key={node.slug}>
            <span>{node.name}</span>
            <NavTree nodes={node.children} current={current} />
          </li>
        ),
      )}
    </ul>
  );
}
