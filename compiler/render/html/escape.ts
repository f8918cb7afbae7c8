/** Escaping for text placed into HTML we write by hand. */

const TEXT_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;" };
const ATTR_ESCAPES: Record<string, string> = { ...TEXT_ESCAPES, '"': "&quot;", "'": "&#39;" };

/** For element content. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>]/g, (char) => TEXT_ESCAPES[char]!);
}

/** For attribute values (always written inside double quotes). */
export function escapeAttr(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ATTR_ESCAPES[char]!);
}
