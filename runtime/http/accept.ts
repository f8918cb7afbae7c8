/**
 * Markdown content negotiation at canonical page URLs (SPEC 4.3). `Accept` is parsed with q-values (RFC 9110
 * §12.5.1): Markdown wins only when the client ranks it above HTML, or equal but more specifically (a browser's
 * `*\/*;q=0.8` never turns into Markdown). A `Signature-Agent` header (Web Bot Auth) always asks for Markdown.
 */

export type MarkdownReason = "accept" | "signature-agent";

interface MediaRange {
  type: string;
  subtype: string;
  q: number;
  index: number;
}

const MARKDOWN_TYPES = ["text/markdown", "text/x-markdown"];

export function markdownPreference(request: Request): MarkdownReason | null {
  if (request.headers.has("signature-agent")) return "signature-agent";
  const accept = request.headers.get("accept");
  if (!accept) return null;
  const ranges = parseAccept(accept);
  const markdown = best(ranges, MARKDOWN_TYPES);
  if (!markdown || markdown.q <= 0) return null;
  const html = best(ranges, ["text/html"]);
  if (!html || markdown.q > html.q) return "accept";
  if (markdown.q < html.q) return null;
  // Equal quality: the more specific range wins; between two exact types, the one listed first.
  if (markdown.specificity !== html.specificity) return markdown.specificity > html.specificity ? "accept" : null;
  return markdown.specificity === 2 && markdown.index < html.index ? "accept" : null;
}

export function parseAccept(header: string): MediaRange[] {
  const ranges: MediaRange[] = [];
  header.split(",").forEach((part, index) => {
    const [range, ...params] = part.trim().split(";");
    const [type, subtype] = range.trim().toLowerCase().split("/");
    if (!type || !subtype) return;
    let q = 1;
    for (const param of params) {
      const [name, value] = param.trim().split("=");
      if (name?.trim().toLowerCase() === "q") {
        const parsed = Number(value?.trim());
        q = Number.isFinite(parsed) ? Math.min(1, Math.max(0, parsed)) : 0;
      }
    }
    ranges.push({ type: type.trim(), subtype: subtype.trim(), q, index });
  });
  return ranges;
}

/** The most specific range matching any of `types` (RFC 9110: the most specific reference has precedence). */
function best(ranges: MediaRange[], types: string[]): { q: number; specificity: number; index: number } | null {
  let found: { q: number; specificity: number; index: number } | null = null;
  for (const wanted of types) {
    const [type, subtype] = wanted.split("/");
    for (const range of ranges) {
      const specificity =
        range.type === type && range.subtype === subtype
          ? 2
          : range.type === type && range.subtype === "*"
            ? 1
            : range.type === "*" && range.subtype === "*"
              ? 0
              : -1;
      if (specificity < 0) continue;
      if (!found || specificity > found.specificity || (specificity === found.specificity && range.q > found.q)) {
        found = { q: range.q, specificity, index: range.index };
      }
    }
  }
  return found;
}
