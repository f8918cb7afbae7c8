// A docs page in the app's own layout, from the build's page data.
import { notFound, redirect } from "next/navigation";
import { SearchButton } from "quire/next";
import { docs } from "../../../lib/docs.js";

export const dynamic = "force-dynamic";

function pathOf(slug) {
  return ["/docs", ...(slug ?? [])].join("/");
}

export async function generateMetadata({ params }) {
  const data = await docs.load(pathOf((await params).slug));
  if (!data || "redirect" in data) return {};
  return { title: `${data.page.title} — ${data.site.title}`, description: data.page.description ?? undefined };
}

function NavTree({ nodes, current }) {
  return (
    <ul>
      {nodes.map((node) => (
        <li key={node.type === "page" ? node.route : node.slug}>
          {node.type === "page" ? (
            <a href={node.url} aria-current={node.route === current ? "page" : undefined}>
              {node.name}
            </a>
          ) : (
            <>
              <span>{node.name}</span>
              <NavTree nodes={node.children} current={current} />
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

export default async function DocsPage({ params }) {
  const data = await docs.load(pathOf((await params).slug));
  if (!data) notFound();
  if ("redirect" in data) redirect(data.redirect.location);
  const { page, html, stylesheets, tree, site } = data;
  return (
    <>
      <link rel="alternate" type="text/markdown" href={page.markdownRoute} />
      {stylesheets.map((href) => (
        <link key={href} rel="stylesheet" href={href} precedence="default" />
      ))}
      <div style={{ display: "grid", gridTemplateColumns: "16rem minmax(0, 1fr)", gap: "2rem", padding: "1rem" }}>
        <nav aria-label={site.title}>
          <SearchButton />
          <NavTree nodes={tree.children} current={page.route} />
        </nav>
        <main>
          <h1>{page.title}</h1>
          {page.description ? <p className="lead">{page.description}</p> : null}
          {/* Quire's client adds copy buttons to the content before React hydrates it: suppressHydrationWarning. */}
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the docs build's own rendered content */}
          <article className="q-content" dangerouslySetInnerHTML={{ __html: html }} suppressHydrationWarning />
        </main>
      </div>
    </>
  );
}
