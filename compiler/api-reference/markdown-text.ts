/** Contract text placed in generated Markdown (SPEC 2.15): one-line cells and inline runs that cannot break the page. */

/** One line of the contract's CommonMark, kept as Markdown, with table cell bars and HTML tags made literal. */
export function escapeInline(value: string): string {
  return value
    .replace(/\s*\n\s*/g, " ")
    .replace(/\|/g, "\\|")
    .replace(/</g, "&lt;")
    .trim();
}

/** A contract's CommonMark description as a block, with raw HTML made literal (contracts are not trusted to run code). */
export function descriptionBlock(value: string | undefined): string {
  return value ? value.replace(/</g, "&lt;").trim() : "";
}

/** A fenced code block whose fence is longer than any backtick run inside. */
export function codeBlock(language: string, code: string): string {
  const longest = Math.max(2, ...[...code.matchAll(/`+/g)].map((match) => match[0].length));
  const fence = "`".repeat(longest + 1);
  return `${fence}${language}\n${code}\n${fence}`;
}

/** An inline code span of contract text: one line, its backticks dropped (a span cannot escape them). */
export function codeSpan(value: string): string {
  const text = value.replace(/\s+/g, " ").replace(/`/g, "").trim();
  return text ? `\`${text}\`` : "`\u00a0`";
}
