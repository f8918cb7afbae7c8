/** The pieces around the article body: breadcrumbs, title block, footer, pager and table of contents. */
import type { PageView } from "./view.ts";
import { escapeAttr, escapeHtml } from "./escape.ts";

export function renderBreadcrumbs(view: PageView): string {
  if (!view.config.breadcrumb.enabled || view.breadcrumbs.length < 2) return "";
  const last = view.breadcrumbs.length - 1;
  const items = view.breadcrumbs.map((crumb, index) => {
    const name = escapeHtml(crumb.name);
    // The last crumb is this page (a folder's landing page may also appear above it under the folder's name).
    if (index === last || crumb.url === view.route) return `<li><span aria-current="page">${name}</span></li>`;
    return crumb.url ? `<li><a href="${escapeAttr(crumb.url)}">${name}</a></li>` : `<li><span>${name}</span></li>`;
  });
  return `<nav class="q-breadcrumbs" aria-label="Breadcrumb"><ol>${items.join("")}</ol></nav>`;
}

export function renderPageHeader(view: PageView): string {
  const lead = view.description ? `<p class="q-lead">${escapeHtml(view.description)}</p>` : "";
  const meta: string[] = [];
  if (view.readingTimeLabel) meta.push(`<span class="q-reading-time">${escapeHtml(view.readingTimeLabel)}</span>`);
  if (view.lastUpdated?.position === "below-title") meta.push(renderLastUpdated(view.lastUpdated));
  const metaLine = meta.length > 0 ? `<div class="q-page-meta">${meta.join("")}</div>` : "";
  return `<header class="q-page-header"><h1>${escapeHtml(view.title)}</h1>${lead}${metaLine}</header>`;
}

/** SPEC 2.17 LastUpdatedConfig: an empty label shows the date alone. */
function renderLastUpdated(lastUpdated: NonNullable<PageView["lastUpdated"]>): string {
  const label = lastUpdated.label ? `${escapeHtml(lastUpdated.label)} ` : "";
  const time = `<time datetime="${escapeAttr(lastUpdated.iso)}">${escapeHtml(lastUpdated.display)}</time>`;
  return `<span class="q-last-updated">${label}${time}</span>`;
}

const EDIT_ICON = `<svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M12 20h9"/><path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4z"/></svg>`;

export function renderPageFooter(view: PageView): string {
  const row: string[] = [];
  if (view.editUrl) {
    row.push(`<a class="q-edit-link" href="${escapeAttr(view.editUrl)}" rel="noopener">${EDIT_ICON}Edit this page</a>`);
  }
  if (view.lastUpdated?.position === "footer") row.push(renderLastUpdated(view.lastUpdated));
  const meta = row.length > 0 ? `<div class="q-page-footer-meta">${row.join("")}</div>` : "";
  return `<footer class="q-page-footer">${meta}${renderPager(view)}</footer>`;
}

function renderPager(view: PageView): string {
  if (!view.prev && !view.next) return "";
  const prev = view.prev
    ? `<a class="q-pager-link" data-direction="prev" href="${escapeAttr(view.prev.url)}" rel="prev">` +
      `<span class="q-pager-label">Previous</span><span class="q-pager-title">${escapeHtml(view.prev.title)}</span></a>`
    : "";
  const next = view.next
    ? `<a class="q-pager-link" data-direction="next" href="${escapeAttr(view.next.url)}" rel="next">` +
      `<span class="q-pager-label">Next</span><span class="q-pager-title">${escapeHtml(view.next.title)}</span></a>`
    : "";
  return `<nav class="q-pager" aria-label="Previous and next page">${prev}${next}</nav>`;
}

/** True when the layout has a table of contents column for this page. */
export function hasToc(view: PageView): boolean {
  return view.config.theme.layout.tocEnabled && view.toc.length > 0;
}

/**
 * "On this page": a column beside the article on wide screens, a collapsed disclosure above it on narrow ones
 * (CSS keeps its content shown on wide screens even while the `<details>` is closed; quire.js opens it there).
 */
export function renderToc(view: PageView): string {
  if (!hasToc(view)) return "";
  const items = view.toc.map(
    (entry) => `<li data-depth="${entry.depth}"><a href="#${escapeAttr(entry.id)}">${escapeHtml(entry.text)}</a></li>`,
  );
  return (
    `<aside class="q-toc" aria-labelledby="q-toc-title"><details class="q-toc-details"><summary class="q-toc-title" id="q-toc-title">On this page</summary>` +
    `<nav aria-labelledby="q-toc-title"><ul>${items.join("")}</ul></nav></details></aside>`
  );
}
