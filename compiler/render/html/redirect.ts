/** A static stand-in for an HTTP redirect (SPEC 7.1: hidden folder landing pages go to the first visible child). */
import { escapeAttr, escapeHtml } from "./escape.ts";

export function renderRedirectHtml(to: string, canonicalUrl: string): string {
  const href = escapeAttr(to);
  return (
    `<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n` +
    `<title>Redirecting…</title>\n<meta name="robots" content="noindex">\n` +
    `<meta http-equiv="refresh" content="0; url=${href}">\n` +
    `<link rel="canonical" href="${escapeAttr(canonicalUrl)}">\n</head>\n` +
    `<body>\n<p>This page has moved to <a href="${href}">${escapeHtml(to)}</a>.</p>\n</body>\n</html>\n`
  );
}
