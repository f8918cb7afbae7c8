/**
 * The id VitePress gives a heading (its default `markdown.anchor.slugify`, from `@mdit-vue/shared`), for links
 * written against a VitePress site (link-repairs.ts). Quire's ids are GitHub's (markdown/headings.ts): they drop
 * punctuation, where VitePress turns each run of spaces and punctuation into one `-`: `## server.open` is
 * `#serveropen` here and `#server-open` there.
 */

/** Spaces and the punctuation VitePress replaces. */
const SEPARATORS = /[\s~`!@#$%^&*()\-_+=[\]{}|\\;:"'“”‘’<>,.?/]+/g;
/** Combining marks, left once accents are split off their letters. */
const COMBINING_MARKS = /[\u0300-\u036f]/g;
const CONTROL_CHARACTERS = /[\u0000-\u001f]/g;

export function vitePressSlug(text: string): string {
  return text
    .normalize("NFKD")
    .replace(COMBINING_MARKS, "")
    .replace(CONTROL_CHARACTERS, "")
    .replace(SEPARATORS, "-")
    .replace(/-{2,}/g, "-")
    .replace(/^-+|-+$/g, "")
    .replace(/^(\d)/, "_$1")
    .toLowerCase();
}
