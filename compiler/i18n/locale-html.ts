/**
 * Issue 14: the markup of a page's language — `<html lang dir>`, `hreflang` alternates, the language switcher and
 * the fallback notice. Every function returns "" for a site without `i18n`, so such pages stay as they were.
 * The switcher is a `<details>` disclosure of plain links: it opens and navigates without JavaScript.
 */
import { escapeAttr, escapeHtml } from "../render/html/escape.ts";
import type { PageLocaleView } from "./locale-view.ts";

/** Attributes of `<html>`: ` lang="fr" dir="ltr"`, or the site's usual ` lang="en"`. */
export function htmlLangAttributes(locale: PageLocaleView | undefined): string {
  if (!locale) return ` lang="en"`;
  return ` lang="${escapeAttr(locale.lang)}" dir="${locale.dir}"`;
}

export function hreflangLinks(locale: PageLocaleView | undefined): string {
  if (!locale) return "";
  return locale.alternates
    .map((alt) => `<link rel="alternate" hreflang="${escapeAttr(alt.hreflang)}" href="${escapeAttr(alt.href)}">`)
    .join("\n");
}

const GLOBE_ICON = `<svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><circle cx="12" cy="12" r="10"/><path d="M2 12h20M12 2a15 15 0 0 1 0 20M12 2a15 15 0 0 0 0 20"/></svg>`;

export function languageSwitcher(locale: PageLocaleView | undefined): string {
  if (!locale || locale.switcher.length < 2) return "";
  const current = locale.switcher.find((entry) => entry.current);
  const items = locale.switcher
    .map(
      (entry) =>
        `<li><a href="${escapeAttr(entry.href)}" hreflang="${escapeAttr(entry.lang)}" lang="${escapeAttr(entry.lang)}"` +
        `${entry.current ? ` aria-current="true"` : ""}>${escapeHtml(entry.label)}</a></li>`,
    )
    .join("");
  return (
    `<nav class="q-lang" aria-label="Language"><details class="q-lang-details"><summary class="q-lang-button">` +
    `${GLOBE_ICON}<span class="q-lang-current">${escapeHtml(current?.label ?? "")}</span></summary>` +
    `<ul class="q-lang-menu">${items}</ul></details></nav>`
  );
}

/** The notice over a fallback page, in the page's locale. */
export function fallbackNotice(locale: PageLocaleView | undefined): string {
  if (!locale?.fallback) return "";
  return `<aside class="q-fallback-notice" role="note" lang="${escapeAttr(locale.lang)}" dir="${locale.dir}">${escapeHtml(locale.fallback.notice)}</aside>`;
}

/** `<main>`'s attributes on a fallback page: its article is in the default locale's language. */
export function fallbackContentAttributes(locale: PageLocaleView | undefined): string {
  if (!locale?.fallback) return "";
  return ` lang="${escapeAttr(locale.fallback.lang)}" dir="${locale.fallback.dir}"`;
}
