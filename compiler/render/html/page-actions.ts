/**
 * Issue 13: the page's actions (SPEC 2.19 Copy page, Open in …) and the human feedback widget (SPEC 2.8), plus the
 * settings `templates/page-actions.js` reads (`#q-page-ui`). Open-in links are real links (absolute when the site has
 * a base URL), so they work without JavaScript; Copy page and the feedback buttons need the script and the runtime,
 * so they are rendered `hidden` and shown only when they can work:
 *
 * - Copy page is shown by the script (clipboard access needs it).
 * - Feedback is shown when `GET /api/docs/events` says the runtime takes it. On a plain static host (or a static
 *   export) the route is absent, so the widget becomes a link to a new GitHub issue when `github` is set, else stays
 *   hidden: never a button that cannot send.
 */
import { PAGE_EVENTS_ROUTE } from "../../../runtime/contract/index.ts";
import type { OpenDocsTarget } from "../../config/resolve-page-ui.ts";
import type { ResolvedConfig } from "../../config/types.ts";
import { escapeAttr, escapeHtml } from "./escape.ts";
import type { PageView } from "./view.ts";

/** What templates/page-actions.js reads. URLs are root-relative unless the site has a base URL. */
export interface PageUiSettings {
  /** The runtime route the page reports to, or null (static export, or nothing to report). */
  events: string | null;
  route: string;
  title: string;
  urls: Record<"page" | "markdown" | "source" | "mdx" | "github", string>;
  copyPage: { format: "markdown" | "text"; copiedLabel: string; includeTitle: boolean } | null;
  /** `[name, promptUrlTemplate]` pairs for `Prompt` blocks. */
  promptLinks: [string, string][];
}

/** Whether the site needs templates/page-actions.js at all. */
export function pageUiWanted(ui: ResolvedConfig["pageUi"]): boolean {
  return Boolean(ui.copyPage || ui.openDocs || ui.feedback || ui.reports || ui.promptProviders.length);
}

/** The settings script; the page script itself is part of `view.assets.pageActions`. */
export function pageUiHead(view: PageView): string {
  const assets = view.assets.pageActions;
  if (!assets || view.notFound) return "";
  const ui = view.config.pageUi;
  const settings: PageUiSettings = {
    events: ui.reports && !view.config.staticExport ? PAGE_EVENTS_ROUTE : null,
    route: view.route,
    title: view.title,
    urls: targetUrls(view),
    copyPage: ui.copyPage && {
      format: ui.copyPage.format,
      copiedLabel: ui.copyPage.copiedLabel,
      includeTitle: ui.copyPage.includeTitle,
    },
    promptLinks: ui.promptProviders.map((provider) => [provider.name, provider.promptUrlTemplate ?? ""]),
  };
  const json = JSON.stringify(settings).replace(/</g, "\\u003c");
  return (
    `<link rel="stylesheet" href="${escapeAttr(assets.css)}">\n` +
    `<script type="application/json" id="q-page-ui">${json}</script>\n` +
    `<script defer src="${escapeAttr(assets.js)}"></script>`
  );
}

/** SPEC 2.19 `position`: the bar above or below the page title. */
export function pageActionsBar(view: PageView, where: "above-title" | "below-title"): string {
  const ui = view.config.pageUi;
  if (view.notFound || ui.position !== where || !(ui.copyPage || ui.openDocs?.providers.length)) return "";
  const copy = ui.copyPage
    ? `<button type="button" class="q-page-action" data-q-copy-page hidden>${COPY_ICON}<span>${escapeHtml(ui.copyPage.label)}</span></button>`
    : "";
  const urls = targetUrls(view);
  const links = (ui.openDocs?.providers ?? []).map((provider) => {
    const href = fillTemplate(provider.urlTemplate ?? "", provider.prompt, provider.target, urls);
    return (
      `<li><a href="${escapeAttr(href)}" target="_blank" rel="noopener" data-q-open="${escapeAttr(provider.id)}"` +
      ` data-template="${escapeAttr(provider.urlTemplate ?? "")}" data-prompt="${escapeAttr(provider.prompt)}"` +
      ` data-target="${provider.target}">Open in ${escapeHtml(provider.name)}</a></li>`
    );
  });
  const open = links.length
    ? `<details class="q-page-action-menu"><summary class="q-page-action">${OPEN_ICON}<span>Open in…</span></summary><ul>${links.join("")}</ul></details>`
    : "";
  return `<div class="q-page-actions" data-align="${ui.alignment}" role="group" aria-label="Page actions">${copy}${open}</div>`;
}

/** SPEC 2.8: question, two votes, an optional comment; hidden until the runtime says it takes votes. */
export function feedbackWidget(view: PageView): string {
  const feedback = view.config.pageUi.feedback;
  if (!feedback || view.notFound) return "";
  const github = view.config.github?.url;
  const issue = github
    ? `${github}/issues/new?title=${encodeURIComponent(`Docs feedback: ${view.title}`)}&body=${encodeURIComponent(`Page: ${view.canonicalUrl}\n\n`)}`
    : "";
  const comment = feedback.requireComment ? " (required)" : " (optional)";
  return (
    `<section class="q-feedback" aria-labelledby="q-feedback-question" data-q-feedback hidden>` +
    `<h2 class="q-feedback-question" id="q-feedback-question">${escapeHtml(feedback.question)}</h2>` +
    `<form class="q-feedback-form">` +
    `<div class="q-feedback-votes" role="group" aria-labelledby="q-feedback-question">` +
    `<button type="button" class="q-feedback-vote" data-value="positive" aria-pressed="false">${escapeHtml(feedback.positiveLabel)}</button>` +
    `<button type="button" class="q-feedback-vote" data-value="negative" aria-pressed="false">${escapeHtml(feedback.negativeLabel)}</button></div>` +
    `<div class="q-feedback-more" hidden><label for="q-feedback-comment">Comment${comment}</label>` +
    `<textarea id="q-feedback-comment" name="comment" rows="3" maxlength="4000"${feedback.requireComment ? " required" : ""}></textarea>` +
    `<button type="submit" class="q-feedback-send">Send feedback</button></div></form>` +
    `<p class="q-feedback-status" role="status"></p>` +
    (issue
      ? `<p class="q-feedback-fallback" hidden><a href="${escapeAttr(issue)}" rel="noopener">Give feedback on GitHub</a></p>`
      : "") +
    `</section>`
  );
}

/** The URLs `{url}` can stand for (SPEC 2.19 `target`), root-relative or absolute with the site's base URL. */
function targetUrls(view: PageView): PageUiSettings["urls"] {
  const absolute = (route: string) => (view.config.baseUrl ? `${view.config.baseUrl}${route}` : route);
  const markdown = absolute(view.markdownRoute);
  // The `.md` route is the page's Markdown as the build rendered it from the MDX; no raw `.mdx` route is served.
  const github = view.editUrl ? view.editUrl.replace(/\/edit\//, "/blob/") : markdown;
  return { page: absolute(view.route), markdown, mdx: markdown, source: github, github };
}

/** Fills a provider's template the way the script does, for the no-JavaScript href. */
export function fillTemplate(
  template: string,
  prompt: string,
  target: OpenDocsTarget,
  urls: PageUiSettings["urls"],
): string {
  const url = urls[target === "page" ? "page" : target];
  const values: Record<string, string> = {
    prompt: prompt.replace(/\{url\}/g, url),
    url,
    pageUrl: urls.page,
    markdownUrl: urls.markdown,
    sourceUrl: urls.source,
    mdxUrl: urls.mdx,
    githubUrl: urls.github,
  };
  return template.replace(/\{(\w+)\}/g, (match, key: string) =>
    key in values ? encodeURIComponent(values[key]) : match,
  );
}

const COPY_ICON = `<svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><rect x="9" y="9" width="12" height="12" rx="2"/><path d="M5 15V5a2 2 0 0 1 2-2h10"/></svg>`;
const OPEN_ICON = `<svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5"/></svg>`;
