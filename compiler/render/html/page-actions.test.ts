import { describe, expect, it } from "vitest";
import type { DocsConfig } from "../../config/types.ts";
import { resolveConfig } from "../../config/resolve.ts";
import { OPEN_DOCS_PRESETS } from "../../config/resolve-page-ui.ts";
import { renderPageHtml } from "./layout.ts";
import { feedbackWidget, pageActionsBar, pageUiHead } from "./page-actions.ts";
import { makeTestPageView } from "./test-config.ts";

function viewWith(config: Partial<DocsConfig>, extra: Parameters<typeof makeTestPageView>[0] = {}) {
  const resolved = resolveConfig(
    {
      entry: "docs",
      nav: { title: "Acme Docs" },
      sitemap: { baseUrl: "https://acme.test" },
      github: { url: "https://github.com/acme/docs", directory: "site" },
      ...config,
    },
    "/site",
    "docs.config.ts",
  );
  return makeTestPageView({
    config: resolved,
    assets: {
      css: "/_quire/quire.0.css",
      js: "/_quire/quire.0.js",
      pageActions: { css: "/_quire/page-actions.0.css", js: "/_quire/page-actions.0.js" },
    },
    editUrl: "https://github.com/acme/docs/edit/main/site/docs/guides/install.md",
    ...extra,
  });
}

const settingsOf = (head: string) => JSON.parse(/id="q-page-ui">([^<]*)</.exec(head)![1]);

describe("page actions (SPEC 2.19)", () => {
  it("renders nothing, and no script, when the config asks for nothing", () => {
    const view = viewWith({});
    expect(view.config.pageUi).toMatchObject({ copyPage: null, openDocs: null, feedback: null, reports: false });
    expect(renderPageHtml({ ...view, assets: { css: "/a.css", js: "/a.js" } })).not.toMatch(
      /q-page-actions|q-feedback/,
    );
  });

  it("places the bar below the title by default, aligned left, with the two default providers", () => {
    const view = viewWith({ pageActions: { copyMarkdown: true, openDocs: true } });
    const html = renderPageHtml(view);
    expect(html).toMatch(/<\/header><div class="q-page-actions" data-align="left"/);
    expect(html.match(/data-q-open="/g)).toHaveLength(2);
    expect(html).toContain(`data-q-open="chatgpt"`);
    expect(html).toContain(`data-q-open="claude"`);
    expect(html).toContain(`<button type="button" class="q-page-action" data-q-copy-page hidden>`);
    expect(html).toContain("<span>Copy page</span>");
  });

  it("moves the bar above the title and to the right", () => {
    const view = viewWith({ pageActions: { position: "above-title", alignment: "right", copyMarkdown: true } });
    expect(renderPageHtml(view)).toMatch(
      /<div class="q-page-actions" data-align="right"[\s\S]*?<\/div><header class="q-page-header"><h1>/,
    );
    expect(pageActionsBar(view, "below-title")).toBe("");
  });

  it("fills every placeholder of a custom urlTemplate with absolute, URI-encoded URLs", () => {
    const view = viewWith({
      pageActions: {
        openDocs: {
          enabled: true,
          target: "github",
          prompt: "Summarize {url}",
          providers: [
            {
              id: "acme",
              name: "Acme AI",
              urlTemplate:
                "https://ai.acme.test/?q={prompt}&u={url}&p={pageUrl}&m={markdownUrl}&s={sourceUrl}&x={mdxUrl}&g={githubUrl}&k={unknown}",
            },
          ],
        },
      },
    });
    const bar = pageActionsBar(view, "below-title");
    const href = /<a href="([^"]+)"[^>]*data-q-open="acme"/.exec(bar)![1].replace(/&amp;/g, "&");
    const url = new URL(href);
    const github = "https://github.com/acme/docs/blob/main/site/docs/guides/install.md";
    expect(Object.fromEntries(url.searchParams)).toEqual({
      q: `Summarize ${github}`,
      u: github,
      p: "https://acme.test/docs/guides/install",
      m: "https://acme.test/docs/guides/install.md",
      s: github,
      x: "https://acme.test/docs/guides/install.md",
      g: github,
      k: "{unknown}",
    });
    expect(bar).toContain(">Open in Acme AI</a>");
  });

  it("has seven presets, and cursor's app mode opens its deeplink", () => {
    expect(Object.keys(OPEN_DOCS_PRESETS)).toHaveLength(7);
    const view = viewWith({ pageActions: { openDocs: { enabled: true, providers: [{ id: "cursor", mode: "app" }] } } });
    expect(pageActionsBar(view, "below-title")).toContain(`href="cursor://anysphere.cursor-deeplink/prompt?text=`);
  });

  it("gives the page script what Copy page and Prompt links need", () => {
    const view = viewWith({
      pageActions: {
        copyMarkdown: { enabled: true, format: "text", includeTitle: true, copiedLabel: "Done" },
        openDocs: {
          enabled: true,
          providers: [{ id: "x", name: "X", promptUrlTemplate: "https://x.test/?p={prompt}" }],
        },
      },
    });
    const settings = settingsOf(pageUiHead(view));
    expect(settings).toMatchObject({
      events: null,
      route: "/docs/guides/install",
      title: "Install",
      copyPage: { format: "text", includeTitle: true, copiedLabel: "Done" },
      promptLinks: [["X", "https://x.test/?p={prompt}"]],
    });
    // Only a prompt template: no Open-in link in the bar for that provider.
    expect(pageActionsBar(view, "below-title")).not.toContain("data-q-open");
  });
});

describe("feedback widget (SPEC 2.8)", () => {
  it("is hidden until the runtime says it takes votes, with the configured labels and a GitHub fallback", () => {
    const view = viewWith({
      feedback: { question: "Useful?", positiveLabel: "Yes", negativeLabel: "No", requireComment: true },
    });
    const widget = feedbackWidget(view);
    expect(widget).toMatch(
      /^<section class="q-feedback" aria-labelledby="q-feedback-question" data-q-feedback hidden>/,
    );
    expect(widget).toContain(`>Useful?</h2>`);
    expect(widget).toContain(`data-value="positive" aria-pressed="false">Yes</button>`);
    expect(widget).toContain("Comment (required)");
    expect(widget).toContain(" required></textarea>");
    expect(widget).toContain(`href="https://github.com/acme/docs/issues/new?title=Docs%20feedback%3A%20Install`);
    expect(settingsOf(pageUiHead(view)).events).toBe("/api/docs/events");
  });

  it("reports nothing from a static export, and renders nothing on the 404 page", () => {
    const view = viewWith({ feedback: true, staticExport: true });
    expect(settingsOf(pageUiHead(view)).events).toBeNull();
    expect(feedbackWidget({ ...view, notFound: true })).toBe("");
    expect(pageUiHead({ ...view, notFound: true })).toBe("");
  });

  it("includes the page script for analytics or onCopyClick alone", () => {
    expect(viewWith({ analytics: { onEvent: () => {} } }).config.pageUi.reports).toBe(true);
    expect(viewWith({ onCopyClick: () => {} }).config.pageUi.reports).toBe(true);
  });
});
