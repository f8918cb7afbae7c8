import { describe, it, expect } from "vitest";
import { h } from "preact";
import { renderPageHtml } from "./layout.ts";
import { makeTestConfig, makeTestPageView } from "./test-config.ts";
import type { ResolvedConfig } from "../../config/types.ts";

function withConfig(patch: Partial<ResolvedConfig>) {
  return makeTestPageView({ config: makeTestConfig(patch) });
}

describe("renderPageHtml", () => {
  const html = renderPageHtml(makeTestPageView());

  it("writes a complete document with head links and assets", () => {
    expect(html.startsWith("<!doctype html>")).toBe(true);
    expect(html).toContain("<title>Install | Acme Docs</title>");
    expect(html).toContain(`<meta name="description" content="Get Acme running.">`);
    expect(html).toContain(`<link rel="canonical" href="https://acme.test/docs/guides/install">`);
    expect(html).toContain(`<link rel="alternate" type="text/markdown" href="/docs/guides/install.md">`);
    expect(html).toContain(`<link rel="stylesheet" href="/_quire/quire.00000000.css">`);
    expect(html).toContain(`<script defer src="/_quire/quire.00000000.js"></script>`);
    expect(html.trimEnd().endsWith("</html>")).toBe(true);
  });

  it("renders the landmarks: header, sidebar navigation, main, article and table of contents", () => {
    expect(html).toContain(`<header class="q-header">`);
    expect(html).toContain(`<aside class="q-sidebar"`);
    // Two complementary landmarks on one page, so each has a name of its own (axe: landmark-unique).
    expect(html).toMatch(/<aside class="q-sidebar"[^>]* aria-label="Sidebar"/);
    expect(html).toContain(`<aside class="q-toc" aria-labelledby="q-toc-title">`);
    expect(html).toContain(`<main class="q-main" id="q-main">`);
    expect(html).toContain(`<article class="q-content"><h2 id="requirements">Requirements</h2>`);
    expect(html).toContain(`<summary class="q-toc-title" id="q-toc-title">On this page</summary>`);
    expect(html).toContain(`<a href="#requirements">Requirements</a>`);
    expect(html).toContain(`<h1>Install</h1><p class="q-lead">Get Acme running.</p>`);
    expect(html).toContain(`<a class="q-brand" href="/docs">Acme Docs</a>`);
  });

  it("marks the active page and opens the folder holding it", () => {
    expect(html).toContain(`href="/docs/guides/install" aria-current="page"`);
    expect(html).toMatch(/data-slug="guides"(?: data-linked><p [\s\S]*?<\/p>|>)<details open>/);
    expect(html).toMatch(/data-slug="reference"(?: data-linked><p [\s\S]*?<\/p>|>)<details>/);
  });

  it("renders breadcrumbs, edit link, reading time, last updated and prev/next", () => {
    expect(html).toContain(
      `<nav class="q-breadcrumbs" aria-label="Breadcrumb"><ol><li><a href="/docs/guides">Guides</a></li><li><span aria-current="page">Install</span></li></ol></nav>`,
    );
    expect(html).toContain(`href="https://github.com/acme/docs/edit/main/docs/guides/install/page.mdx"`);
    expect(html).toContain("Edit this page");
    expect(html).toContain(`<span class="q-reading-time">3 min read</span>`);
    expect(html).toContain(
      `rel="prev"><span class="q-pager-label">Previous</span><span class="q-pager-title">Guides</span>`,
    );
    expect(html).toContain(
      `rel="next"><span class="q-pager-label">Next</span><span class="q-pager-title">Deploy</span>`,
    );
    const footer = html.slice(html.indexOf(`<footer class="q-page-footer">`));
    expect(footer).toContain(`Last updated <time datetime="2024-05-01T10:00:00.000Z">May 1, 2024</time>`);
  });

  it("places last-updated below the title and shows the date alone for an empty label", () => {
    const view = makeTestPageView({
      lastUpdated: { iso: "2024-05-01", display: "May 1, 2024", label: "", position: "below-title" },
    });
    const page = renderPageHtml(view);
    const header = page.slice(
      page.indexOf(`<header class="q-page-header">`),
      page.indexOf("</header>", page.indexOf("q-page-header")),
    );
    expect(header).toContain(`<span class="q-last-updated"><time datetime="2024-05-01">May 1, 2024</time></span>`);
    expect(page.slice(page.indexOf(`<footer class="q-page-footer">`))).not.toContain("<time");
  });

  it("escapes hostile titles, descriptions and nav names", () => {
    const hostile = `<script>alert("x")</script>`;
    const page = renderPageHtml(
      makeTestPageView({
        documentTitle: hostile,
        title: hostile,
        description: `"><script>`,
        nav: [{ type: "page", name: hostile, url: `/x" onclick="y`, route: "/x" }],
        breadcrumbs: [{ name: hostile, url: "/a" }, { name: "b" }],
        toc: [{ depth: 2, text: hostile, id: `a"b` }],
      }),
    );
    expect(page).not.toContain("<script>alert");
    expect(page).toContain('<title>&lt;script&gt;alert("x")&lt;/script&gt;</title>');
    expect(page).toContain(`content="&quot;&gt;&lt;script&gt;"`);
    expect(page).toContain(`href="/x&quot; onclick=&quot;y"`);
    expect(page).toContain(`href="#a&quot;b"`);
  });

  it("omits the sidebar and menu button when the sidebar is disabled", () => {
    const page = renderPageHtml(withConfig({ sidebar: { ...makeTestConfig().sidebar, enabled: false } }));
    expect(page).not.toContain("q-sidebar");
    expect(page).not.toContain("q-menu-toggle");
    expect(page).toContain(`<div class="q-layout q-has-toc">`);
  });

  it("omits breadcrumbs when disabled or when there is a single crumb", () => {
    expect(renderPageHtml(withConfig({ breadcrumb: { enabled: false } }))).not.toContain("q-breadcrumbs");
    const single = makeTestPageView({ breadcrumbs: [{ name: "Install", url: "/docs/guides/install" }] });
    expect(renderPageHtml(single)).not.toContain("q-breadcrumbs");
  });

  it("omits the table of contents when disabled or empty", () => {
    const base = makeTestConfig();
    const disabled = withConfig({ theme: { ...base.theme, layout: { ...base.theme.layout, tocEnabled: false } } });
    expect(renderPageHtml(disabled)).not.toContain("q-toc");
    expect(renderPageHtml(makeTestPageView({ toc: [] }))).not.toContain("q-toc");
  });

  it("boots the stored theme before paint when the toggle is enabled", () => {
    expect(html).toContain(`<div class="q-theme-toggle" role="group" aria-label="Color theme" data-theme-toggle>`);
    expect(html).toMatch(/data-theme-choice="light" aria-pressed="false"[\s\S]*data-theme-choice="dark"/);
    expect(html).not.toContain(`data-theme-choice="system"`);
    expect(html).toContain(`localStorage.getItem("quire-theme")`);
    expect(html.indexOf(`localStorage.getItem`)).toBeLessThan(html.indexOf(`rel="stylesheet"`));
    expect(html).toMatch(/<html lang="en">/);
  });

  it("cycles through system in light-dark-system mode", () => {
    const page = renderPageHtml(
      withConfig({ themeToggle: { enabled: true, default: "dark", mode: "light-dark-system" } }),
    );
    expect(page.match(/data-theme-choice="(\w+)"/g)).toEqual([
      `data-theme-choice="light"`,
      `data-theme-choice="dark"`,
      `data-theme-choice="system"`,
    ]);
    expect(page).toContain(`data-theme-choice="dark" aria-pressed="true"`);
    expect(page).toContain(`p="dark"`);
  });

  it("forces the default theme without a button or script when the toggle is disabled", () => {
    const forced = renderPageHtml(withConfig({ themeToggle: { enabled: false, default: "dark", mode: "light-dark" } }));
    expect(forced).toContain(`<html lang="en" data-theme="dark">`);
    expect(forced).toContain(`<meta name="color-scheme" content="dark">`);
    expect(forced).not.toContain("q-theme-toggle");
    expect(forced).not.toContain("localStorage");
    const system = renderPageHtml(
      withConfig({ themeToggle: { enabled: false, default: "system", mode: "light-dark" } }),
    );
    expect(system).toContain(`<html lang="en">`);
    expect(system).not.toContain("localStorage");
  });

  it("renders registry icons given as strings or preact elements", () => {
    const config = makeTestConfig({ icons: { book: `<svg id="book"></svg>`, rocket: h("svg", { id: "rocket" }) } });
    const page = renderPageHtml(
      makeTestPageView({
        config,
        nav: [
          { type: "page", name: "A", url: "/a", route: "/a", icon: "book" },
          { type: "page", name: "B", url: "/b", route: "/b", icon: "rocket" },
          { type: "page", name: "C", url: "/c", route: "/c", icon: "missing" },
        ],
      }),
    );
    expect(page).toContain(`<span class="q-icon" aria-hidden="true"><svg id="book"></svg></span><span>A</span>`);
    expect(page).toContain(`<span class="q-icon" aria-hidden="true"><svg id="rocket"></svg></span><span>B</span>`);
    expect(page).toContain(`href="/c"><span>C</span>`);
  });

  it("includes trusted head extras and is deterministic", () => {
    const view = makeTestPageView({ headExtra: `<script type="application/ld+json">{}</script>` });
    expect(renderPageHtml(view)).toContain(`<script type="application/ld+json">{}</script>`);
    expect(renderPageHtml(view)).toBe(renderPageHtml(view));
  });
});

describe("agent readiness of the human page", () => {
  const html = renderPageHtml(makeTestPageView());
  const body = html.slice(html.indexOf("<body>"));

  it("links the llms.txt index from the head and from a short line first in <main>", () => {
    expect(html).toContain(
      `<link rel="describedby" type="text/plain" href="/llms.txt" title="Index of these docs for AI agents (llms.txt)">`,
    );
    const main = body.slice(body.indexOf(`<main class="q-main" id="q-main">`));
    expect(main).toMatch(
      /^<main class="q-main" id="q-main"><p class="q-agent-hint">For AI agents: the index of these docs is <a href="\/llms\.txt">\/llms\.txt<\/a>; this page as Markdown is <a href="\/docs\/guides\/install\.md">/,
    );
  });

  it("puts the page's content before every navigation landmark in source order", () => {
    const main = body.indexOf("<main");
    expect(main).toBeGreaterThan(0);
    for (const landmark of [
      `<aside class="q-sidebar"`,
      `<aside class="q-toc"`,
      `<header class="q-header">`,
      `<nav class="q-nav"`,
    ]) {
      const at = body.indexOf(landmark);
      if (landmark !== `<nav class="q-nav"`) expect(at, landmark).toBeGreaterThan(0);
      if (at >= 0) expect(at, landmark).toBeGreaterThan(body.indexOf("</main>"));
    }
    // The small-screen menu's checkbox is the header's, right before the button that labels it.
    const header = body.indexOf(`<header class="q-header">`);
    expect(body.indexOf(`id="q-menu-toggle"`)).toBeGreaterThan(header);
    expect(body).toContain(`aria-controls="q-sidebar"><label class="q-menu-button" for="q-menu-toggle">`);
    expect(body.indexOf(`<a class="q-skip-link" href="#q-sidebar">Skip to navigation</a>`)).toBeGreaterThan(0);
  });

  it("drops the llms.txt link and line when the build writes no llms.txt", () => {
    const base = makeTestConfig();
    const page = renderPageHtml(
      withConfig({ surfaces: { ...base.surfaces, llmsTxt: { ...base.surfaces.llmsTxt, enabled: false } } }),
    );
    expect(page).not.toContain("llms.txt");
    expect(page).not.toContain("q-agent-hint");
  });
});
